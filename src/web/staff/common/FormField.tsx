import type { InputHTMLAttributes } from 'react';
import { labelledFieldError, type FieldLabels } from '../../shared/ui/field-error.js';
import { TextAreaField, TextField } from '../../shared/ui/TextField.js';

/**
 * A settings form's words (Settings, Single sign-on): each field's label and hint by API field
 * name, in the page's language, and the server's refusal, said with those labels.
 */
export interface FormWords {
  labels: FieldLabels;
  hints: Readonly<Record<string, string>>;
  error: unknown;
}

/** The server's sentence about one field of the form, with the form's labels (or nothing). */
export function wordsError(words: FormWords, name: string): string | undefined {
  return labelledFieldError(words.labels)(words.error, name);
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name'> & {
  name: string;
  words: FormWords;
  /** A text area (one value a line) rather than a one-line input. */
  multiline?: boolean;
};

/**
 * One field of a settings form: its label and hint come from the form's words by its API name,
 * and the server's sentence about it (with the form's labels) is shown under it.
 */
export function FormField({ name, words, multiline = false, ...input }: Props) {
  const field = {
    label: words.labels[name] ?? name,
    name,
    hint: words.hints[name],
    error: wordsError(words, name),
  };
  if (multiline) {
    const { defaultValue, required, placeholder } = input;
    return (
      <TextAreaField
        {...field}
        defaultValue={defaultValue}
        required={required}
        placeholder={placeholder}
      />
    );
  }
  return <TextField {...field} {...input} />;
}
