// `node scripts/make-icons.mjs`: draws the app's icons from its mark (apps/web/public/favicon.svg)
// into apps/web/public: icons/icon-192.png and icon-512.png (the manifest's; WalletConnect's dapp
// icon is icon-192), icons/icon-maskable-512.png (the mark inside the safe circle of a maskable
// icon), icons/apple-touch-icon.png (180 px, square: iOS rounds it) and favicon.ico (16 and 32 px
// PNGs in an ICO). Run again when the mark changes; the files are committed.
import fs from 'node:fs';
import { Resvg } from '@resvg/resvg-js';

const publicDir = new URL('../apps/web/public/', import.meta.url);
const mark = fs.readFileSync(new URL('favicon.svg', publicDir), 'utf8');
/** A part of the mark the square icons reuse; the mark changed shape if it is gone. */
const part = (pattern) => {
  const found = pattern.exec(mark)?.[0];
  if (!found) throw new Error(`favicon.svg: no ${pattern} to draw the square icons from`);
  return found;
};
const stroke = part(/<path[^>]*\/>/);
const gradient = part(/<defs>[\s\S]*<\/defs>/);

/** The mark at `scale` of a full square of the app's background (no rounded corners: the platform shapes it). */
const square = (scale) => {
  const offset = (64 - 64 * scale) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${gradient}<rect width="64" height="64" fill="#0b0f1a"/><g transform="translate(${offset} ${offset}) scale(${scale})">${stroke}</g></svg>`;
};

const png = (svg, size) => new Resvg(svg, { fitTo: { mode: 'width', value: size } }).render().asPng();

/** An ICO file of PNG images (every browser since Vista reads PNG entries). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, data }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size % 256, entry);
    header.writeUInt8(size % 256, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(data.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += data.length;
  });
  return Buffer.concat([header, ...images.map(({ data }) => data)]);
}

fs.mkdirSync(new URL('icons/', publicDir), { recursive: true });
const write = (name, data) => {
  fs.writeFileSync(new URL(name, publicDir), data);
  console.log(`${name}: ${data.length} bytes`);
};
write('icons/icon-192.png', png(mark, 192));
write('icons/icon-512.png', png(mark, 512));
// A maskable icon's safe zone is the centred circle of 80 % of its width: the mark fits in 60 %.
write('icons/icon-maskable-512.png', png(square(0.6), 512));
write('icons/apple-touch-icon.png', png(square(0.8), 180));
write('favicon.ico', ico([16, 32].map((size) => ({ size, data: png(mark, size) }))));
