/**
 * Registers the station page's service worker (a production build only: the dev server has
 * none) once the page is loaded and idle, so that caching the station's files for the next
 * outage does not compete with this load. It needs a secure context: HTTPS, or
 * http://localhost / 127.0.0.1 (docs/station.md).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/station' }).catch((err: unknown) => {
      console.warn('The station page will not load while the server is down:', err);
    });
  };
  const whenIdle = () =>
    'requestIdleCallback' in window
      ? requestIdleCallback(register, { timeout: 5000 })
      : setTimeout(register, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
