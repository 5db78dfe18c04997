// Writes .gz and .br beside each text asset of a build so the server sends phones the smallest copy
// without compressing on every request.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = process.argv[2];
if (!root || !fs.existsSync(root)) {
  console.error(`usage: node scripts/precompress.mjs <dist dir> (got ${root ?? 'nothing'})`);
  process.exit(1);
}
const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
let count = 0;
for (const entry of fs.readdirSync(root, { recursive: true })) {
  const file = path.join(root, String(entry));
  if (!compressible.test(file) || !fs.statSync(file).isFile()) continue;
  const content = fs.readFileSync(file);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`precompressed ${count} files in ${root}`);
