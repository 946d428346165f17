import { useEffect, useRef, useState } from 'react';
import { HOLDS_FOCUS } from '../scan/ScanInput.js';
import { stationT, useStationT } from '../station-i18n.js';
import { pairingCodeIn } from './pairing-code.js';
import { qrDecoder } from './qr-decoder.js';

/** Frames are looked at this often; a QR code on a screen is found within a second or two. */
const FRAME_MS = 150;
/** Frames are scaled down to this width before decoding: plenty for a QR code held up close. */
const FRAME_WIDTH = 640;

function cameraProblem(err: unknown): string {
  const name = err instanceof DOMException ? err.name : '';
  if (name === 'NotAllowedError') return stationT('camera.refused');
  if (name === 'NotFoundError' || name === 'OverconstrainedError') {
    return stationT('camera.none');
  }
  return stationT('camera.failed', { error: err instanceof Error ? err.message : String(err) });
}

/**
 * The device camera, looking for the pairing QR code. Loaded only when asked for (it brings the
 * QR decoder along). Calls `onCode` with the code once one is read.
 */
export default function CameraQr({
  onCode,
  onCancel,
}: {
  onCode: (code: string) => void;
  onCancel: () => void;
}) {
  const { t } = useStationT();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [seen, setSeen] = useState(false);
  const found = useRef(onCode);
  useEffect(() => {
    found.current = onCode;
  });

  useEffect(() => {
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');
    // Every failure is caught below and shown as the camera's problem.
    void (async () => {
      try {
        const decode = await qrDecoder();
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const look = async () => {
          const v = video.current;
          if (stopped || !v) return;
          if (v.videoWidth > 0) {
            const scale = Math.min(1, FRAME_WIDTH / v.videoWidth);
            canvas.width = Math.round(v.videoWidth * scale);
            canvas.height = Math.round(v.videoHeight * scale);
            canvas.getContext('2d')?.drawImage(v, 0, 0, canvas.width, canvas.height);
            const text = await decode(canvas);
            if (text !== null) {
              const code = pairingCodeIn(text);
              if (code) {
                stopped = true;
                found.current(code);
                return;
              }
              setSeen(true);
            }
          }
          timer = setTimeout(() => void look(), FRAME_MS);
        };
        void look();
      } catch (err) {
        if (!stopped) setProblem(cameraProblem(err));
      }
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, []);

  const attrs = { [HOLDS_FOCUS]: '' };
  return (
    <div className="camera-qr" {...attrs}>
      {problem ? (
        <p role="alert" className="error-message">
          {problem}
        </p>
      ) : (
        <>
          <video ref={video} muted playsInline aria-label={t('camera.view')} />
          <p aria-live="polite">{seen ? t('camera.not_pairing') : t('camera.point')}</p>
        </>
      )}
      <button type="button" className="secondary" onClick={onCancel}>
        {problem ? t('camera.back') : t('camera.cancel')}
      </button>
    </div>
  );
}
