/** Reads a QR code from a frame of the camera, or answers null. */
export type QrDecoder = (frame: HTMLCanvasElement) => Promise<string | null>;

interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * The browser's own BarcodeDetector where it reads QR codes (Android, ChromeOS, macOS), else the
 * small jsQR decoder, loaded only now: the station page does not carry it until a camera is used.
 */
export async function qrDecoder(): Promise<QrDecoder> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass })
    .BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats()).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (frame) => (await detector.detect(frame))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (frame) => {
    const context = frame.getContext('2d', { willReadFrequently: true });
    if (!context) return null;
    const image = context.getImageData(0, 0, frame.width, frame.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}
