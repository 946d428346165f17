/**
 * Short, distinct sounds (Web Audio, no files) and vibration where the device has it: an
 * operator two metres away hears whether a scan went through without looking.
 */
let context: AudioContext | undefined;

/** Call from a key or pointer event: browsers let audio start only after the user acted. */
export function primeAudio(): void {
  if (!context && typeof AudioContext !== 'undefined') context = new AudioContext();
  if (context?.state === 'suspended') void context.resume();
}

function tones(notes: Array<[hz: number, ms: number]>, type: OscillatorType): void {
  if (!context || context.state !== 'running') return;
  let at = context.currentTime;
  for (const [hz, ms] of notes) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = type;
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.25, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + ms / 1000);
    osc.connect(gain).connect(context.destination);
    osc.start(at);
    osc.stop(at + ms / 1000);
    at += ms / 1000 + 0.03;
  }
}

/**
 * Plays the verdict's sound once the frame showing the verdict is painted: building the audio
 * graph is work the verdict need not wait for (a frame later is not heard).
 */
export function signal(kind: 'accepted' | 'refused' | 'queued'): void {
  requestAnimationFrame(() => setTimeout(() => play(kind), 0));
}

function play(kind: 'accepted' | 'refused' | 'queued'): void {
  switch (kind) {
    case 'accepted':
      tones(
        [
          [880, 70],
          [1320, 90],
        ],
        'sine',
      );
      navigator.vibrate?.(60);
      break;
    case 'refused':
      tones(
        [
          [220, 160],
          [196, 160],
          [175, 220],
        ],
        'square',
      );
      navigator.vibrate?.([200, 80, 200]);
      break;
    case 'queued':
      tones([[660, 140]], 'triangle');
      navigator.vibrate?.(30);
  }
}
