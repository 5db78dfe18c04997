/** Reads the QR codes in the current frame of a playing camera `<video>`. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string[]>;

type NativeDetector = { detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>> };
type NativeDetectorClass = {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
};

/** Frames wider than this are scaled down first: a QR code held up to the camera stays readable, and decoding stays quick. */
const MAX_FRAME_SIDE = 960;

/** The browser's own BarcodeDetector (Android, iOS 17+ and macOS Chrome), when it reads QR codes. */
async function nativeReader(): Promise<FrameReader | null> {
  const Detector = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    if (!(await Detector.getSupportedFormats()).includes('qr_code')) return null;
  } catch {
    return null;
  }
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video)).map((code) => code.rawValue);
}

/** ZXing as WebAssembly, for browsers without a detector: fetched only now, when the camera is used. */
async function wasmReader(): Promise<FrameReader> {
  const { loadQrDecoder, readQrCodes } = await import('./zxing-reader');
  await loadQrDecoder();
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('no 2D canvas');
  return async (video) => {
    if (video.videoWidth === 0 || video.videoHeight === 0) return [];
    const scale = Math.min(1, MAX_FRAME_SIDE / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    return readQrCodes(context.getImageData(0, 0, canvas.width, canvas.height));
  };
}

export async function createFrameReader(): Promise<FrameReader> {
  return (await nativeReader()) ?? wasmReader();
}
