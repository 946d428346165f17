/**
 * Registers the station page's service worker (a production build only: the dev server has
 * none). It needs a secure context: HTTPS, or http://localhost / 127.0.0.1 (docs/station.md).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/station' }).catch((err: unknown) => {
    console.warn('The station page will not load while the server is down:', err);
  });
}
