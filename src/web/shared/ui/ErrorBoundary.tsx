import { Component, type ErrorInfo, type ReactNode } from 'react';
import { i18n } from '../i18n/i18n.js';

interface State {
  error: Error | null;
}

/** Shows what broke instead of a blank page, with a way out. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    // A chunk that could not load: the server went away between the page and its code.
    const chunk = /dynamically imported module|Importing a module script failed/i.test(
      error.message,
    );
    return (
      <main className="page-message">
        <h1>
          {chunk
            ? i18n.t('common:ui.error.app_not_loaded', { defaultValue: 'The app could not load' })
            : i18n.t('common:ui.error.unknown', { defaultValue: 'Something went wrong.' })}
        </h1>
        <p role="alert">
          {chunk
            ? i18n.t('common:ui.error.reload_hint', {
                defaultValue:
                  'The server does not answer. Check the network connection, then reload.',
              })
            : error.message}
        </p>
        <button type="button" onClick={() => location.reload()}>
          {i18n.t('common:ui.error.reload', { defaultValue: 'Reload' })}
        </button>
      </main>
    );
  }
}
