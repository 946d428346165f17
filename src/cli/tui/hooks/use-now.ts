import { useEffect, useState } from 'react';

/**
 * The injected clock's time, re-read every `tickMs` while `active`: drives countdowns and
 * relative times without any component reading the system clock.
 */
export function useNow(now: () => Date, tickMs: number, active = true): Date {
  const [, setTicks] = useState(0);
  useEffect(() => {
    if (!active) return undefined;
    const timer = setInterval(() => setTicks((ticks) => ticks + 1), tickMs);
    return () => clearInterval(timer);
  }, [active, tickMs]);
  return now();
}
