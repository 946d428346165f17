import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldProps {
  /** The visible label, which is also the control's accessible name. */
  label: string;
  hint?: string | undefined;
  /** The server's sentence about this field (see fieldError), shown under it. */
  error?: string | undefined;
}

/** The label, hint and error around one control, wired to it for assistive technology. */
function Field({
  label,
  hint,
  error,
  className,
  control,
}: FieldProps & {
  className?: string | undefined;
  control: (aria: { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true }) => ReactNode;
}) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {control({
        id,
        ...(described ? { 'aria-describedby': described } : {}),
        ...(error ? { 'aria-invalid': true as const } : {}),
      })}
      {hint && (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="field-error">
          {error}
        </small>
      )}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> &
  FieldProps & { fieldClassName?: string };

/** An input with its visible label (tests and screen readers find it by that label). */
export function TextField({ label, hint, error, fieldClassName, ...input }: InputProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={fieldClassName}
      control={(aria) => <input {...input} {...aria} />}
    />
  );
}

type SelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> &
  FieldProps & { fieldClassName?: string };

/** A select with its visible label; its options are the children. */
export function SelectField({ label, hint, error, fieldClassName, ...select }: SelectProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={fieldClassName}
      control={(aria) => <select {...select} {...aria} />}
    />
  );
}

type TextAreaProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> &
  FieldProps & { fieldClassName?: string };

/** A multi-line text box with its visible label. */
export function TextAreaField({ label, hint, error, fieldClassName, ...area }: TextAreaProps) {
  return (
    <Field
      label={label}
      hint={hint}
      error={error}
      className={fieldClassName}
      control={(aria) => <textarea {...area} {...aria} />}
    />
  );
}
