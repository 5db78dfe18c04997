import { QR_QUIET_MODULES, type QrMatrix } from '../../components/qr-code';

export type PosterTexts = {
  headline: string;
  tagline: string;
  scan: string;
  codeLabel: string;
};

export type PosterInput = {
  qr: QrMatrix;
  shareCode: string;
  /** The invite link the QR code holds, printed under it for whoever types it in. */
  link: string;
  texts: PosterTexts;
  /** The page's font stack, so the poster speaks in the same letters as the app. */
  fontFamily: string;
};

/** What drawing the poster needs of a canvas: a fake of it stands in for tests. */
export type PosterCanvas = Pick<
  CanvasRenderingContext2D,
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineCap'
  | 'lineJoin'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'roundRect'
  | 'rect'
  | 'fill'
  | 'stroke'
  | 'fillRect'
  | 'fillText'
  | 'measureText'
  | 'createLinearGradient'
  | 'createRadialGradient'
>;

/** A phone screen's shape, at twice the 375-px design width. */
export const POSTER_WIDTH = 750;
export const POSTER_HEIGHT = 1334;

const MARGIN = 60;
const CARD_SIZE = 500;
const CARD_PADDING = 18;
const DARK = '#0a0e1a';

/**
 * Where the QR code goes: the white card centred under the texts, and the code inside it at a whole
 * number of pixels per module (a fractional one would blur the edges a camera reads).
 */
export function qrLayout(qrSize: number, cardTop: number) {
  const cardX = (POSTER_WIDTH - CARD_SIZE) / 2;
  const modules = qrSize + 2 * QR_QUIET_MODULES;
  const modulePx = Math.max(1, Math.floor((CARD_SIZE - 2 * CARD_PADDING) / modules));
  const codePx = modules * modulePx;
  const codeX = cardX + Math.floor((CARD_SIZE - codePx) / 2);
  const codeY = cardTop + Math.floor((CARD_SIZE - codePx) / 2);
  return {
    card: { x: cardX, y: cardTop, size: CARD_SIZE },
    modulePx,
    /** The top-left corner of the first module, inside the quiet zone. */
    origin: { x: codeX + QR_QUIET_MODULES * modulePx, y: codeY + QR_QUIET_MODULES * modulePx },
  };
}

/** Breaks text into lines no wider than `maxWidth`: at spaces, or anywhere in text without them (Chinese, Japanese). */
export function wrapText(ctx: Pick<PosterCanvas, 'measureText'>, text: string, maxWidth: number): string[] {
  const hasSpaces = text.includes(' ');
  const pieces = hasSpaces ? text.split(' ') : [...text];
  const joiner = hasSpaces ? ' ' : '';
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    const candidate = line ? `${line}${joiner}${piece}` : piece;
    if (line && ctx.measureText(candidate).width > maxWidth) {
      lines.push(line);
      line = piece;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A filled rounded box; square where the canvas is too old for roundRect (Chrome < 99, Safari < 16). */
function fillRoundRect(ctx: PosterCanvas, x: number, y: number, size: number, radius: number): void {
  ctx.beginPath();
  if (typeof ctx.roundRect === 'function') ctx.roundRect(x, y, size, size, radius);
  else ctx.rect(x, y, size, size);
  ctx.fill();
}

function drawBackground(ctx: PosterCanvas): void {
  const base = ctx.createLinearGradient(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  base.addColorStop(0, '#1d2246');
  base.addColorStop(0.55, '#111733');
  base.addColorStop(1, DARK);
  ctx.fillStyle = base;
  ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  const glows: Array<[number, number, number, string]> = [
    [POSTER_WIDTH, 0, 620, 'rgba(139, 92, 246, 0.45)'],
    [0, POSTER_HEIGHT, 680, 'rgba(34, 211, 238, 0.28)'],
  ];
  for (const [x, y, radius, colour] of glows) {
    const glow = ctx.createRadialGradient(x, y, 0, x, y, radius);
    glow.addColorStop(0, colour);
    glow.addColorStop(1, 'rgba(10, 14, 26, 0)');
    ctx.fillStyle = glow;
    ctx.fillRect(0, 0, POSTER_WIDTH, POSTER_HEIGHT);
  }
}

/** The WALLX mark (as LogoMark draws it) and the wordmark beside it. */
function drawWordmark(ctx: PosterCanvas, fontFamily: string): void {
  const size = 76;
  const x = MARGIN;
  const y = 72;
  const gradient = ctx.createLinearGradient(x, y, x + size, y + size);
  gradient.addColorStop(0, '#a78bfa');
  gradient.addColorStop(0.55, '#6366f1');
  gradient.addColorStop(1, '#22d3ee');
  ctx.fillStyle = gradient;
  fillRoundRect(ctx, x, y, size, 21);
  // The mark's "W", drawn in its 40-unit box.
  const unit = size / 40;
  const w: Array<[number, number]> = [
    [9.5, 13.5],
    [14.5, 28],
    [20, 18],
    [25.5, 28],
    [30.5, 13.5],
  ];
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 3.4 * unit;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  w.forEach(([px, py], index) =>
    index === 0 ? ctx.moveTo(x + px * unit, y + py * unit) : ctx.lineTo(x + px * unit, y + py * unit),
  );
  ctx.stroke();

  ctx.fillStyle = '#eef1f8';
  ctx.font = `800 48px ${fontFamily}`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText('WALLX', x + size + 22, y + size / 2 + 2);
}

/** Draws lines of text from `top`; returns where the next block may start. */
function drawLines(ctx: PosterCanvas, lines: string[], top: number, lineHeight: number): number {
  lines.forEach((line, index) => ctx.fillText(line, MARGIN, top + index * lineHeight));
  return top + lines.length * lineHeight;
}

function drawQr(ctx: PosterCanvas, qr: QrMatrix, cardTop: number): void {
  const { card, modulePx, origin } = qrLayout(qr.size, cardTop);
  ctx.fillStyle = '#ffffff';
  fillRoundRect(ctx, card.x, card.y, card.size, 32);
  ctx.fillStyle = DARK;
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) {
      if (qr.get(x, y)) ctx.fillRect(origin.x + x * modulePx, origin.y + y * modulePx, modulePx, modulePx);
    }
  }
}

/**
 * The invite poster: the brand's gradient, the WALLX wordmark, a headline and a line of text, the
 * QR code of the invite link drawn module by module from its matrix, the share code under it and
 * the link at the foot.
 */
export function drawPoster(ctx: PosterCanvas, { qr, shareCode, link, texts, fontFamily }: PosterInput): void {
  drawBackground(ctx);
  drawWordmark(ctx, fontFamily);

  const textWidth = POSTER_WIDTH - 2 * MARGIN;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillStyle = '#eef1f8';
  ctx.font = `800 58px ${fontFamily}`;
  let y = drawLines(ctx, wrapText(ctx, texts.headline, textWidth), 212, 72);
  ctx.fillStyle = '#a5aec4';
  ctx.font = `400 30px ${fontFamily}`;
  y = drawLines(ctx, wrapText(ctx, texts.tagline, textWidth), y + 14, 42);

  const cardTop = Math.max(y + 48, 440);
  drawQr(ctx, qr, cardTop);

  let below = cardTop + CARD_SIZE + 40;
  ctx.textAlign = 'center';
  ctx.fillStyle = '#a5aec4';
  ctx.font = `500 28px ${fontFamily}`;
  ctx.fillText(texts.scan, POSTER_WIDTH / 2, below);
  below += 74;
  ctx.font = `500 26px ${fontFamily}`;
  ctx.fillStyle = '#6d7794';
  ctx.fillText(texts.codeLabel, POSTER_WIDTH / 2, below);
  ctx.font = `800 64px ${fontFamily}`;
  const codeGradient = ctx.createLinearGradient(POSTER_WIDTH / 2 - 200, 0, POSTER_WIDTH / 2 + 200, 0);
  codeGradient.addColorStop(0, '#c4b5fd');
  codeGradient.addColorStop(1, '#67e8f9');
  ctx.fillStyle = codeGradient;
  ctx.fillText(shareCode.split('').join(' '), POSTER_WIDTH / 2, below + 40);

  ctx.fillStyle = '#6d7794';
  ctx.font = `400 22px ${fontFamily}`;
  ctx.fillText(link.replace(/^https?:\/\//, ''), POSTER_WIDTH / 2, POSTER_HEIGHT - 72);
}

/** The poster as a PNG file. */
export async function renderPoster(input: PosterInput): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_WIDTH;
  canvas.height = POSTER_HEIGHT;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No 2D canvas');
  drawPoster(ctx, input);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The canvas gave no image'))), 'image/png'),
  );
}
