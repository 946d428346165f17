import { useEffect, useRef, useState } from 'react';
import { call } from '../../shared/api/client.js';
import { describeError } from '../../shared/ui/ErrorMessage.js';
import { stationApi } from '../station-api.js';

/**
 * The hardware check's test label on paper: when the station has a printer, the label is queued
 * on it as the check opens (once), before the page asks for the scan. `none`: no printer (the
 * page offers the label on screen, as before); `asking` until the server answered.
 */
export type TestPrint =
  | { state: 'asking' }
  | { state: 'none' }
  | { state: 'queued'; printer: string }
  | { state: 'failed'; printer: string | null; reason: string };

async function printTestLabel(): Promise<TestPrint> {
  const api = stationApi();
  let printer: string | null = null;
  try {
    const answer = await call(api.GET('/v1/stations/me/printer'));
    if (!answer.printer) return { state: 'none' };
    printer = answer.printer.name;
    await call(api.POST('/v1/stations/me/test-label'));
    return { state: 'queued', printer };
  } catch (err) {
    return { state: 'failed', printer, reason: describeError(err).message };
  }
}

export function useTestPrint(): TestPrint {
  const [print, setPrint] = useState<TestPrint>({ state: 'asking' });
  // One label per opening of the check, even when an effect runs twice (React's StrictMode).
  const asked = useRef<Promise<TestPrint> | null>(null);
  useEffect(() => {
    let stopped = false;
    asked.current ??= printTestLabel();
    void asked.current.then((answer) => {
      if (!stopped) setPrint(answer);
    });
    return () => {
      stopped = true;
    };
  }, []);
  return print;
}
