import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { normalizeScannedBarcode } from '../../../domain/barcode.js';
import { useStationT } from '../station-i18n.js';
import { primeAudio } from './sounds.js';

/** How a read ended: the scanner's suffix key, or silence (`none`). */
export type ScanSuffix = 'enter' | 'tab' | 'eot' | 'none';

/** What arrived from the scanner, for the hardware check. */
export interface ScanRead {
  /** Exactly what was typed, before trimming. */
  raw: string;
  suffix: ScanSuffix;
  /** performance.now() of each character's key. */
  charTimes: number[];
}

/**
 * A scanner types a code a few milliseconds a key; a person, a key every tenth of a second or
 * so. Keys that come closer than this are held and drawn into the field together, when the keys
 * pause: a scan's characters are not drawn one by one. Chromium runs the frame that follows
 * keyboard input before other tasks, so a field redrawn at every key would hold the scan's answer
 * back until that frame is painted (a third of a scan's time on a fast machine).
 */
const ECHO_AFTER_MS = 40;
/** A key held down repeats; what it types shows at least this often. */
const ECHO_AT_LEAST_MS = 250;

/** Elements inside this attribute keep the focus (dialogs): the scan input does not take it. */
export const HOLDS_FOCUS = 'data-holds-focus';

/** Ctrl+D is how scanners set to an EOT suffix type it on a keyboard interface. */
function suffixOf(event: KeyboardEvent<HTMLInputElement>): ScanSuffix | undefined {
  if (event.key === 'Enter') return 'enter';
  if (event.key === 'Tab') return 'tab';
  if (event.key === '\u0004' || (event.ctrlKey && (event.key === 'd' || event.key === 'D'))) {
    return 'eot';
  }
  return undefined;
}

/**
 * The input a keyboard-wedge scanner types into. It holds the focus: after a click elsewhere, a
 * dialog closing or the tab coming back, it takes it again. A scan ends on Enter, Tab or EOT
 * (Ctrl+D), or — with `endAfterIdleMs` — when no key arrives for that long (a scanner with no
 * suffix). Control characters around the code are trimmed as the API does. Screens get each
 * scan through `onScan`, whatever the scanner.
 */
export function ScanInput({
  label,
  onScan,
  onEmpty,
  active = true,
  endAfterIdleMs,
}: {
  label: string;
  onScan: (barcode: string, read: ScanRead) => void;
  /** A suffix key (Enter) with nothing typed before it. */
  onEmpty?: () => void;
  /** While false (a dialog is open), the input leaves the focus where it is. */
  active?: boolean;
  endAfterIdleMs?: number;
}) {
  const { t } = useStationT();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const times = useRef<number[]>([]);
  const idle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const activeRef = useRef(active);
  const scanRef = useRef(onScan);
  const emptyRef = useRef(onEmpty);
  /** Keys typed and not yet drawn into the field (ECHO_AFTER_MS), and since when. */
  const held = useRef({ text: '', since: 0 });
  const echo = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [typing, setTyping] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const waitingRef = useRef(false);
  /** Shows or hides the Enter hint, rendering only when that changes (not on every key). */
  const showHint = (on: boolean) => {
    if (waitingRef.current === on) return;
    waitingRef.current = on;
    setWaiting(on);
  };

  // Before the browser paints, not after (Preact runs plain effects a frame later): a scanner's
  // next code may come as soon as the new step is on screen, and must reach the new handler.
  useLayoutEffect(() => {
    activeRef.current = active;
    scanRef.current = onScan;
    emptyRef.current = onEmpty;
  });

  /** What the field holds with the keys not yet drawn, at the caret, as they were typed. */
  const text = (el: HTMLInputElement): string => {
    const { value } = el;
    const start = el.selectionStart ?? value.length;
    return value.slice(0, start) + held.current.text + value.slice(el.selectionEnd ?? start);
  };
  /** Draws the held keys into the field. */
  const drawHeld = () => {
    clearTimeout(echo.current);
    const el = input.current;
    if (!el || held.current.text === '') return;
    const start = el.selectionStart ?? el.value.length;
    el.setRangeText(held.current.text, start, el.selectionEnd ?? start, 'end');
    held.current.text = '';
  };

  const finish = (suffix: ScanSuffix) => {
    clearTimeout(idle.current);
    clearTimeout(echo.current);
    showHint(false);
    const el = input.current;
    if (!el) return;
    const raw = text(el);
    held.current.text = '';
    // Left alone when empty: a scan whose keys were held changes nothing on screen until its
    // verdict, so nothing is painted between the scanner's keys and the answer.
    if (el.value !== '') el.value = '';
    const charTimes = times.current;
    times.current = [];
    const barcode = normalizeScannedBarcode(raw);
    if (barcode !== '') scanRef.current(barcode, { raw, suffix, charTimes });
    else if (suffix !== 'none') emptyRef.current?.();
  };

  // Take the focus back whenever it leaves for nothing that holds it.
  useEffect(() => {
    const el = input.current;
    if (!el) return;
    const refocus = () => {
      if (!activeRef.current || document.visibilityState !== 'visible') return;
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && focused.closest(`[${HOLDS_FOCUS}]`)) return;
      if (focused !== el) el.focus({ preventScroll: true });
    };
    const soon = () => setTimeout(refocus, 0);
    el.addEventListener('blur', soon);
    // A closing modal dialog hands the focus back to whatever had it before: take it from there.
    document.addEventListener('close', soon, true);
    document.addEventListener('pointerup', soon);
    document.addEventListener('visibilitychange', soon);
    window.addEventListener('focus', soon);
    refocus();
    return () => {
      el.removeEventListener('blur', soon);
      document.removeEventListener('close', soon, true);
      document.removeEventListener('pointerup', soon);
      document.removeEventListener('visibilitychange', soon);
      window.removeEventListener('focus', soon);
    };
  }, []);

  useEffect(() => {
    // After the effects of this render (a dialog closing) have moved the focus.
    if (!active) return;
    const timer = setTimeout(() => {
      const el = input.current;
      if (!el) return;
      // Focused while a modal dialog made it inert (the dialog opened over it), Chromium keeps
      // it focused but types nothing into it afterwards: focus it afresh.
      if (document.activeElement === el) el.blur();
      el.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [active]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    primeAudio();
    const suffix = suffixOf(event);
    if (suffix) {
      event.preventDefault();
      finish(suffix);
      return;
    }
    if (
      event.key.length !== 1 ||
      event.ctrlKey ||
      event.metaKey ||
      event.altKey ||
      event.nativeEvent.isComposing
    ) {
      // The browser types this one (a dead key, an on-screen keyboard): the held keys go first.
      drawHeld();
      return;
    }
    const now = performance.now();
    times.current.push(now);
    event.preventDefault();
    if (held.current.text === '') held.current.since = now;
    held.current.text += event.key;
    clearTimeout(echo.current);
    echo.current = setTimeout(
      drawHeld,
      now - held.current.since >= ECHO_AT_LEAST_MS ? 0 : ECHO_AFTER_MS,
    );
    clearTimeout(idle.current);
    if (endAfterIdleMs !== undefined) {
      idle.current = setTimeout(() => finish('none'), endAfterIdleMs);
    } else {
      showHint(false);
      idle.current = setTimeout(() => showHint(true), 1500);
    }
  };

  // A pasted code, or a scanner that sends its suffix as a character.
  const onInput = () => {
    const el = input.current;
    if (endAfterIdleMs !== undefined && el && text(el)) {
      clearTimeout(idle.current);
      idle.current = setTimeout(() => finish('none'), endAfterIdleMs);
    }
    // eslint-disable-next-line no-control-regex -- EOT is the point
    const end = el?.value.search(/[\r\n\t\u0004]/) ?? -1;
    if (!el || end < 0) return;
    const suffix = { '\r': 'enter', '\n': 'enter', '\t': 'tab' }[el.value[end]!] ?? 'eot';
    el.value = el.value.slice(0, end);
    finish(suffix as ScanSuffix);
  };

  return (
    <div className="scan-input">
      <label htmlFor={id}>{label}</label>
      <div className="scan-input-row">
        <input
          id={id}
          ref={input}
          type="text"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="send"
          // A scanner needs no on-screen keyboard (on a phone it would cover the screen).
          inputMode={typing ? 'text' : 'none'}
          onKeyDown={onKeyDown}
          onInput={onInput}
          onBlur={() => setTyping(false)}
          aria-describedby={waiting ? `${id}-hint` : undefined}
        />
        <button
          type="button"
          className="secondary keyboard-button"
          onClick={() => {
            setTyping(true);
            input.current?.focus();
          }}
        >
          {t('scan.type')}
        </button>
      </div>
      {waiting && (
        <p id={`${id}-hint`} className="scan-hint">
          {t('scan.hint')}
        </p>
      )}
    </div>
  );
}
