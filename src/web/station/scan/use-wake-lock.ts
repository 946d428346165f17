import { useEffect } from 'react';

/**
 * Keeps the screen on while the station page is shown, where the browser allows it (Screen Wake
 * Lock: a secure context). The lock drops when the tab is hidden, so it is taken again on return.
 */
export function useWakeLock(): void {
  useEffect(() => {
    if (!('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | undefined;
    let gone = false;
    const take = async () => {
      if (document.visibilityState !== 'visible' || (lock && !lock.released)) return;
      try {
        lock = await navigator.wakeLock.request('screen');
        if (gone) void lock.release();
      } catch {
        // Refused (battery saver, no permission): the screen may dim, nothing else changes.
      }
    };
    // take() catches its own failures: the screen may dim, nothing else changes.
    const onVisibility = () => void take();
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      gone = true;
      document.removeEventListener('visibilitychange', onVisibility);
      void lock?.release();
    };
  }, []);
}
