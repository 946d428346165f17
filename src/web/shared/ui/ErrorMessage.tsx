import { ApiError, UnreachableError } from '../api/api-error.js';
import { i18n } from '../i18n/i18n.js';
import { withLabel, type FieldLabels } from './field-error.js';

/**
 * A sentence a person can act on, for any error the app may meet. `labels`: a form's labels, so
 * a field the API names is said as the form says it.
 */
export function describeError(
  error: unknown,
  labels: FieldLabels = {},
): { message: string; detail?: string } {
  if (error instanceof UnreachableError) {
    return {
      message: i18n.t('common:ui.error.unreachable', {
        defaultValue: 'The server does not answer. Check the network connection and try again.',
      }),
    };
  }
  if (error instanceof ApiError) {
    const detail = [
      error.code,
      error.requestId &&
        i18n.t('common:ui.error.request', {
          id: error.requestId,
          defaultValue: `request ${error.requestId}`,
        }),
    ]
      .filter(Boolean)
      .join(', ');
    return { message: withLabel(error.message, error.param, labels), detail };
  }
  return {
    message:
      error instanceof Error
        ? error.message
        : i18n.t('common:ui.error.unknown', { defaultValue: 'Something went wrong.' }),
  };
}

/** An error, shown where it happened and announced to screen readers. */
export function ErrorMessage({
  error,
  title,
  labels,
}: {
  error: unknown;
  title?: string;
  /** The form's labels by API field name (field-error.ts). */
  labels?: FieldLabels;
}) {
  if (error === null || error === undefined) return null;
  const { message, detail } = describeError(error, labels);
  return (
    <div className="error-message" role="alert">
      {title && <strong>{title} </strong>}
      <span>{message}</span>
      {detail && <small className="error-detail">{detail}</small>}
    </div>
  );
}
