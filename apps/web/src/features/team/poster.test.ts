import { generate } from 'lean-qr';
import { describe, expect, it } from 'vitest';
import { QR_QUIET_MODULES } from '../../components/qr-code';
import { drawPoster, POSTER_HEIGHT, POSTER_WIDTH, qrLayout, wrapText, type PosterCanvas } from './poster';

type Call = { name: string; args: unknown[]; fillStyle: unknown };

/** A canvas that records what is drawn; text is 0.5 em wide per character. */
function recordingCanvas() {
  const calls: Call[] = [];
  const gradient = { addColorStop: () => undefined };
  const state = { fillStyle: '' as unknown, font: '10px sans-serif' };
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push({ name, args, fillStyle: state.fillStyle });
  const ctx = {
    get fillStyle() {
      return state.fillStyle;
    },
    set fillStyle(value: unknown) {
      state.fillStyle = value;
    },
    get font() {
      return state.font;
    },
    set font(value: string) {
      state.font = value;
    },
    strokeStyle: '',
    lineWidth: 1,
    lineCap: 'butt',
    lineJoin: 'miter',
    textAlign: 'left',
    textBaseline: 'alphabetic',
    beginPath: record('beginPath'),
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    roundRect: record('roundRect'),
    rect: record('rect'),
    fill: record('fill'),
    stroke: record('stroke'),
    fillRect: record('fillRect'),
    fillText: record('fillText'),
    measureText: (text: string) => ({ width: text.length * 0.5 * Number(/(\d+)px/.exec(state.font)?.[1] ?? 10) }),
    createLinearGradient: () => gradient,
    createRadialGradient: () => gradient,
  };
  return { ctx: ctx as unknown as PosterCanvas, calls };
}

const texts = {
  headline: 'Join my team on WALLX',
  tagline: 'A Web3 ecosystem for mental well-being',
  scan: 'Scan the code to join',
  codeLabel: 'Share code',
};
const link = 'https://wallx.example/join?code=ABCD2345';

describe('qrLayout', () => {
  it('gives each module a whole number of pixels and keeps the code and its quiet zone inside the card', () => {
    for (const size of [21, 33, 57]) {
      const { card, modulePx, origin } = qrLayout(size, 480);
      expect(Number.isInteger(modulePx)).toBe(true);
      expect(modulePx).toBeGreaterThanOrEqual(5);
      const quiet = QR_QUIET_MODULES * modulePx;
      expect(origin.x - quiet).toBeGreaterThanOrEqual(card.x);
      expect(origin.y - quiet).toBeGreaterThanOrEqual(card.y);
      expect(origin.x + size * modulePx + quiet).toBeLessThanOrEqual(card.x + card.size);
      expect(origin.y + size * modulePx + quiet).toBeLessThanOrEqual(card.y + card.size);
      expect(card.x + card.size / 2).toBe(POSTER_WIDTH / 2);
    }
  });
});

describe('wrapText', () => {
  const { ctx } = recordingCanvas();
  ctx.font = '20px x';

  it('breaks at spaces within the width', () => {
    expect(wrapText(ctx, 'Join my team on WALLX', 120)).toEqual(['Join my team', 'on WALLX']);
  });

  it('breaks text without spaces anywhere, and keeps a word longer than a line whole', () => {
    expect(wrapText(ctx, '加入我在团队里', 40)).toEqual(['加入我在', '团队里']);
    expect(wrapText(ctx, 'Supercalifragilistic is long', 50)).toEqual(['Supercalifragilistic', 'is', 'long']);
  });
});

describe('drawPoster', () => {
  it('draws every dark module of the QR code, and only those, in the card', () => {
    const qr = generate(link);
    const { ctx, calls } = recordingCanvas();
    drawPoster(ctx, { qr, shareCode: 'ABCD2345', link, texts, fontFamily: 'sans-serif' });

    const modules = calls.filter((call) => call.name === 'fillRect' && call.fillStyle === '#0a0e1a');
    const dark: Array<[number, number]> = [];
    for (let y = 0; y < qr.size; y++) for (let x = 0; x < qr.size; x++) if (qr.get(x, y)) dark.push([x, y]);
    expect(modules).toHaveLength(dark.length);
    const [first] = modules;
    const size = first!.args[2] as number;
    const [firstX, firstY] = dark[0]!;
    const originX = (first!.args[0] as number) - firstX * size;
    const originY = (first!.args[1] as number) - firstY * size;
    // Every module lands on its own cell of the grid.
    modules.forEach((call, index) => {
      const [x, y] = dark[index]!;
      expect(call.args).toEqual([originX + x * size, originY + y * size, size, size]);
    });
  });

  it('paints the whole poster and writes the wordmark, the texts and the code', () => {
    const { ctx, calls } = recordingCanvas();
    drawPoster(ctx, { qr: generate(link), shareCode: 'ABCD2345', link, texts, fontFamily: 'sans-serif' });
    expect(calls.find((call) => call.name === 'fillRect')?.args).toEqual([0, 0, POSTER_WIDTH, POSTER_HEIGHT]);
    const written = calls.filter((call) => call.name === 'fillText').map((call) => call.args[0]);
    expect(written).toEqual(
      expect.arrayContaining([
        'WALLX',
        texts.scan,
        texts.codeLabel,
        'A B C D 2 3 4 5',
        'wallx.example/join?code=ABCD2345',
      ]),
    );
    expect(written.join(' ')).toContain('Join my team');
    // Nothing is written below the poster's bottom edge.
    for (const call of calls.filter((c) => c.name === 'fillText'))
      expect(call.args[2] as number).toBeLessThan(POSTER_HEIGHT - 40);
  });

  it('draws a square card where the canvas has no roundRect', () => {
    const { ctx, calls } = recordingCanvas();
    (ctx as { roundRect?: unknown }).roundRect = undefined;
    drawPoster(ctx, { qr: generate(link), shareCode: 'ABCD2345', link, texts, fontFamily: 'sans-serif' });
    expect(calls.filter((call) => call.name === 'rect')).toHaveLength(2);
  });
});
