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
