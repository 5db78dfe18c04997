import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Fetches and compiles the decoder's WebAssembly, from our own origin (the build copies it into
 * assets/; left alone, zxing-wasm would fetch it from a public CDN, which the page's policy does not
 * allow). Rejects when it cannot run, so the scanner says so rather than reading nothing forever.
 */
export async function loadQrDecoder(): Promise<void> {
  await prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
}

/** The texts of the QR codes in a camera frame. */
export async function readQrCodes(frame: ImageData): Promise<string[]> {
  const results = await readBarcodes(frame, { formats: ['QRCode'], maxNumberOfSymbols: 1 });
  return results.filter((result) => result.isValid).map((result) => result.text);
}
