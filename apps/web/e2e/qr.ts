import fs from 'node:fs';
import { createRequire } from 'node:module';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

// ZXing's reader as WebAssembly, loaded from node_modules (by default it would fetch the .wasm from a CDN).
const wasm = fs.readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
prepareZXingModule({
  overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) as ArrayBuffer },
});

/** The texts of the QR codes a camera would read in this picture (a PNG file's bytes). */
export async function readQrCodes(png: Uint8Array): Promise<string[]> {
  const results = await readBarcodes(png, { formats: ['QRCode'] });
  return results.filter((result) => result.isValid).map((result) => result.text);
}
