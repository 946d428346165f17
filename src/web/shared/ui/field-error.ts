import { ApiError } from '../api/api-error.js';

/**
 * The server's sentence for one field of a form: the error's `param` names it (`name`, or a
 * nested `lines.0.qty`), so it can be shown next to that field.
 */
export function fieldError(error: unknown, param: string): string | undefined {
  if (!(error instanceof ApiError) || !error.param) return undefined;
  return error.param === param || error.param.startsWith(`${param}.`) ? error.message : undefined;
}

/** True when one of the form's fields shows the error, so the form need not repeat it. */
export function shownAtField(error: unknown, params: readonly string[]): boolean {
  return params.some((p) => fieldError(error, p) !== undefined);
}

/** A form's labels by API field name (`timezone` → "Time zone"; nested: `address.town`). */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * The server's sentence with the API's field name at its start replaced by the form's label:
 * "timezone must not be empty." → "Time zone must not be empty." A sentence that does not start
 * with the field's name is left as it is.
 */
export function withLabel(message: string, param: string | undefined, labels: FieldLabels): string {
  if (!param) return message;
  const label = labels[param];
  if (!label || !message.startsWith(`${param} `)) return message;
  return `${label}${message.slice(param.length)}`;
}

/**
 * `fieldError` for a form with labels: the sentence says the label a person reads instead of the
 * API's field name. A form defines it once (`const fieldError = labelledFieldError(LABELS)`).
 */
export function labelledFieldError(labels: FieldLabels) {
  return (error: unknown, param: string): string | undefined => {
    const message = fieldError(error, param);
    if (message === undefined) return undefined;
    return withLabel(message, (error as ApiError).param, labels);
  };
}
