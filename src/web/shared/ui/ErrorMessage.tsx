import { ApiError, UnreachableError } from '../api/api-error.js';

/** A sentence a person can act on, for any error the app may meet. */
export function describeError(error: unknown): { message: string; detail?: string } {
  if (error instanceof UnreachableError) {
    return { message: 'The server does not answer. Check the network connection and try again.' };
  }
  if (error instanceof ApiError) {
    const detail = [error.code, error.requestId && `request ${error.requestId}`]
      .filter(Boolean)
      .join(', ');
    return { message: error.message, detail };
  }
  return { message: error instanceof Error ? error.message : 'Something went wrong.' };
}

/** An error, shown where it happened and announced to screen readers. */
export function ErrorMessage({ error, title }: { error: unknown; title?: string }) {
  if (error === null || error === undefined) return null;
  const { message, detail } = describeError(error);
  return (
    <div className="error-message" role="alert">
      {title && <strong>{title} </strong>}
      <span>{message}</span>
      {detail && <small className="error-detail">{detail}</small>}
    </div>
  );
}
