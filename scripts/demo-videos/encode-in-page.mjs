// The page's half of the work: draws every frame of one video on a canvas and encodes it with
// WebCodecs. The functions here run in the page: `pageScript` installs them there (page.addScriptTag)
// and `encodeInPage` is handed to page.evaluate, so each uses nothing from outside the page but the
// others, and what it needs of the video comes in `scene`.
/* global document, VideoEncoder, VideoFrame, btoa */

/**
 * What every drawing function reads: the canvas's context and size, the video, its two colours and
 * its fonts.
 * @typedef {{
 *   ctx: CanvasRenderingContext2D, width: number, height: number, video: any, c1: string, c2: string,
 *   duration: number, fonts: Record<string, string>,
 * }} Scene
 */

const TAU = Math.PI * 2;

function ease(x) {
  return x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x);
}

/**
 * @param {Scene} scene
 * @param {string} text
 * @param {number} maxWidth
 */
function wrap({ ctx }, text, maxWidth) {
  // Latin text breaks at spaces; CJK text may break between any two characters.
  const cjk = /[\u3000-\u9fff\uac00-\ud7af]/.test(text);
  const parts = cjk ? [...text] : text.split(' ');
  const lines = [];
  let line = '';
  for (const part of parts) {
    const next = line ? (cjk ? line + part : `${line} ${part}`) : part;
    if (line && ctx.measureText(next).width > maxWidth) {
      lines.push(line);
      line = cjk ? part.trimStart() : part;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** @param {Scene} scene @param {number} t */
function background({ ctx, width, height, c1, c2 }, t) {
  const g = ctx.createLinearGradient(0, 0, width, height);
  g.addColorStop(0, '#0f1530');
  g.addColorStop(1, '#1a1238');
  ctx.fillStyle = g;
  ctx.fillRect(0, 0, width, height);
  // Two soft glows drifting slowly, one per course colour.
  for (const [i, color] of [c1, c2].entries()) {
    const x = width * (0.72 + 0.05 * Math.sin(t * 0.35 + i * 2.1));
    const y = height * (0.45 + 0.08 * Math.cos(t * 0.3 + i * 1.7));
    const r = ctx.createRadialGradient(x, y, 0, x, y, 210);
    r.addColorStop(0, `${color}55`);
    r.addColorStop(1, `${color}00`);
    ctx.fillStyle = r;
    ctx.fillRect(0, 0, width, height);
  }
}

/** The wallet at the centre; miners, markets and the team around it. @param {Scene} scene @param {number} t */
function orbitMotif({ ctx, c1, c2, fonts }, t, cx, cy) {
  ctx.strokeStyle = `${c2}66`;
  ctx.lineWidth = 1.5;
  ctx.setLineDash([4, 6]);
  ctx.beginPath();
  ctx.arc(cx, cy, 92, 0, TAU);
  ctx.stroke();
  ctx.setLineDash([]);
  const nodes = [0, 1, 2, 3].map((k) => {
    const a = t * 0.6 + (k * TAU) / 4;
    return [cx + 92 * Math.cos(a), cy + 92 * Math.sin(a)];
  });
  ctx.strokeStyle = `${c1}88`;
  ctx.lineWidth = 2;
  for (const [x, y] of nodes) {
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(x, y);
    ctx.stroke();
  }
  for (const [k, [x, y]] of nodes.entries()) {
    ctx.fillStyle = k % 2 ? c2 : c1;
    ctx.beginPath();
    ctx.arc(x, y, 11, 0, TAU);
    ctx.fill();
  }
  const pulse = 1 + 0.05 * Math.sin(t * 3);
  const core = ctx.createLinearGradient(cx - 44, cy - 44, cx + 44, cy + 44);
  core.addColorStop(0, c1);
  core.addColorStop(1, c2);
  ctx.fillStyle = core;
  ctx.beginPath();
  for (let k = 0; k < 6; k++) {
    const a = (k * TAU) / 6 - Math.PI / 2;
    ctx.lineTo(cx + 44 * pulse * Math.cos(a), cy + 44 * pulse * Math.sin(a));
  }
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 26px ${fonts.en_US}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('W', cx, cy + 1);
}

/** A parcel travelling between two service centres and back. @param {Scene} scene @param {number} t */
function routeMotif({ ctx, c1, c2 }, t, cx, cy) {
  /** @type {[number, number]} */
  const a = [cx - 90, cy + 50];
  /** @type {[number, number]} */
  const b = [cx + 80, cy - 50];
  /** @type {[number, number]} */
  const ctrl = [cx - 40, cy - 80];
  ctx.strokeStyle = '#ffffff55';
  ctx.lineWidth = 3;
  ctx.setLineDash([6, 8]);
  ctx.lineDashOffset = -t * 20;
  ctx.beginPath();
  ctx.moveTo(...a);
  ctx.quadraticCurveTo(...ctrl, ...b);
  ctx.stroke();
  ctx.setLineDash([]);
  for (const [i, [x, y]] of [a, b].entries()) {
    const ring = ((t + i * 0.8) % 1.6) / 1.6;
    ctx.strokeStyle = `${i ? c2 : c1}${Math.round((1 - ring) * 200)
      .toString(16)
      .padStart(2, '0')}`;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(x, y, 10 + ring * 26, 0, TAU);
    ctx.stroke();
    ctx.fillStyle = i ? c2 : c1;
    ctx.beginPath();
    ctx.arc(x, y - 16, 13, Math.PI * 0.85, Math.PI * 0.15);
    ctx.lineTo(x, y + 2);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = '#0f1530';
    ctx.beginPath();
    ctx.arc(x, y - 17, 5, 0, TAU);
    ctx.fill();
  }
  const phase = (t / 4) % 1;
  const s = ease(phase < 0.5 ? phase * 2 : 2 - phase * 2);
  const px = (1 - s) ** 2 * a[0] + 2 * (1 - s) * s * ctrl[0] + s * s * b[0];
  const py = (1 - s) ** 2 * a[1] + 2 * (1 - s) * s * ctrl[1] + s * s * b[1] - 26;
  ctx.fillStyle = '#fde68a';
  ctx.strokeStyle = '#b45309';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.rect(px - 15, py - 12, 30, 24);
  ctx.fill();
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(px - 15, py - 4);
  ctx.lineTo(px + 15, py - 4);
  ctx.moveTo(px, py - 12);
  ctx.lineTo(px, py - 4);
  ctx.stroke();
}

/**
 * A miner with blinking lights; a WALLX coin rises out of it every day (every 1.5 s here).
 * @param {Scene} scene @param {number} t
 */
function minerMotif({ ctx, c1, fonts }, t, cx, cy) {
  const bx = cx - 58;
  const by = cy - 40;
  ctx.fillStyle = '#1e2748';
  ctx.strokeStyle = c1;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.roundRect(bx, by, 116, 120, 12);
  ctx.fill();
  ctx.stroke();
  for (let row = 0; row < 3; row++) {
    ctx.fillStyle = '#0e1326';
    ctx.beginPath();
    ctx.roundRect(bx + 12, by + 14 + row * 34, 92, 24, 5);
    ctx.fill();
    const on = Math.floor(t * 4 + row * 1.3) % 3 !== 0;
    ctx.fillStyle = on ? '#34d399' : '#1f5f4a';
    ctx.beginPath();
    ctx.arc(bx + 26, by + 26 + row * 34, 4, 0, TAU);
    ctx.fill();
    ctx.fillStyle = '#6d7794';
    ctx.fillRect(bx + 40, by + 24 + row * 34, 52, 4);
  }
  for (let k = 0; k < 3; k++) {
    const life = (t - k * 1.5) % 4.5;
    if (life < 0 || t < k * 1.5) continue;
    const rise = ease(life / 2.2);
    const alpha = life < 2.6 ? 1 : Math.max(0, 1 - (life - 2.6) / 0.8);
    const x = cx + (k - 1) * 34;
    const y = by - 10 - rise * 70;
    ctx.globalAlpha = alpha;
    ctx.fillStyle = '#f59e0b';
    ctx.beginPath();
    ctx.arc(x, y, 15, 0, TAU);
    ctx.fill();
    ctx.fillStyle = '#fde68a';
    ctx.beginPath();
    ctx.arc(x, y, 11, 0, TAU);
    ctx.fill();
    ctx.fillStyle = '#b45309';
    ctx.font = `bold 13px ${fonts.en_US}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('W', x, y + 1);
    ctx.globalAlpha = 1;
  }
}

/** Breathe in for four seconds, out for six: the circle follows. @param {Scene} scene @param {number} t */
function breathMotif({ ctx, c1, c2 }, t, cx, cy) {
  const cycle = t % 10;
  const size = cycle < 4 ? ease(cycle / 4) : 1 - ease((cycle - 4) / 6);
  const r = 40 + size * 50;
  for (let k = 3; k >= 1; k--) {
    ctx.strokeStyle = `${c2}${(20 * k).toString(16).padStart(2, '0')}`;
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(cx, cy, r + k * 14, 0, TAU);
    ctx.stroke();
  }
  const fill = ctx.createRadialGradient(cx, cy, 0, cx, cy, r);
  fill.addColorStop(0, `${c2}cc`);
  fill.addColorStop(1, `${c1}cc`);
  ctx.fillStyle = fill;
  ctx.beginPath();
  ctx.arc(cx, cy, r, 0, TAU);
  ctx.fill();
  const a = -Math.PI / 2 + (cycle / 10) * TAU;
  ctx.fillStyle = '#ffffff';
  ctx.beginPath();
  ctx.arc(cx + (r + 14) * Math.cos(a), cy + (r + 14) * Math.sin(a), 5, 0, TAU);
  ctx.fill();
}

/** @param {Scene} scene @param {number} t */
function motif(scene, t) {
  const { ctx, video } = scene;
  const cx = 478;
  const cy = 170;
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (video.motif === 'orbit') orbitMotif(scene, t, cx, cy);
  else if (video.motif === 'route') routeMotif(scene, t, cx, cy);
  else if (video.motif === 'miner') minerMotif(scene, t, cx, cy);
  else breathMotif(scene, t, cx, cy);
  ctx.restore();
}

/** @param {Scene} scene @param {number} t */
function texts(scene, t) {
  const { ctx, width, height, video, c1, c2, duration, fonts } = scene;
  ctx.save();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillStyle = c2;
  ctx.font = `bold 13px ${fonts.en_US}`;
  ctx.globalAlpha = ease(t / 0.5);
  ctx.fillText(`WALLX COLLEGE  ·  ${video.number}`, 40, 64);
  // The English title slides in, then the other four languages take turns below it.
  const enter = ease((t - 0.2) / 0.7);
  ctx.globalAlpha = enter;
  ctx.fillStyle = '#ffffff';
  ctx.font = `bold 30px ${fonts.en_US}`;
  const lines = wrap(scene, video.titles.en_US, 300);
  lines.forEach((line, i) => ctx.fillText(line, 40 - (1 - enter) * 24, 110 + i * 38));
  const below = 110 + lines.length * 38 + 10;
  const others = ['zh_CN', 'ja_JP', 'ko_KR', 'id_ID'];
  const slot = (duration - 1.2) / others.length;
  const k = Math.min(others.length - 1, Math.max(0, Math.floor((t - 1) / slot)));
  const inSlot = t - 1 - k * slot;
  const fade = t < 1 ? 0 : Math.min(ease(inSlot / 0.35), k === others.length - 1 ? 1 : ease((slot - inSlot) / 0.35));
  const language = others[k];
  ctx.globalAlpha = fade;
  ctx.fillStyle = '#c7cbe0';
  ctx.font = `20px ${fonts[language]}`;
  wrap(scene, video.titles[language], 300).forEach((line, i) => ctx.fillText(line, 40, below + 8 + i * 28));
  ctx.restore();
  // How far the clip has played.
  ctx.fillStyle = '#ffffff22';
  ctx.fillRect(40, height - 40, width - 80, 4);
  const bar = ctx.createLinearGradient(40, 0, width - 40, 0);
  bar.addColorStop(0, c1);
  bar.addColorStop(1, c2);
  ctx.fillStyle = bar;
  ctx.fillRect(40, height - 40, (width - 80) * Math.min(1, t / duration), 4);
}

/**
 * Draws each frame and encodes it, as fast as the encoder takes them: the encoded chunks.
 * @param {Scene} scene @param {HTMLCanvasElement} canvas
 */
async function encodeFrames(scene, canvas, { fps, bitrate, keyEvery }) {
  const { width, height, duration } = scene;
  const chunks = [];
  let failure = null;
  const encoder = new VideoEncoder({
    output: (chunk) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      let binary = '';
      for (let i = 0; i < data.length; i += 0x8000) binary += String.fromCharCode(...data.subarray(i, i + 0x8000));
      chunks.push({ timestamp: chunk.timestamp, key: chunk.type === 'key', data: btoa(binary) });
    },
    error: (e) => {
      failure = e;
    },
  });
  encoder.configure({ codec: 'vp8', width, height, bitrate, framerate: fps, latencyMode: 'quality' });
  const frames = duration * fps;
  for (let i = 0; i < frames; i++) {
    const t = i / fps;
    background(scene, t);
    motif(scene, t);
    texts(scene, t);
    const frame = new VideoFrame(canvas, { timestamp: Math.round((i * 1e6) / fps), duration: Math.round(1e6 / fps) });
    encoder.encode(frame, { keyFrame: i % (fps * keyEvery) === 0 });
    frame.close();
    if (encoder.encodeQueueSize > 8)
      await new Promise((resolve) => encoder.addEventListener('dequeue', resolve, { once: true }));
  }
  await encoder.flush();
  encoder.close();
  if (failure) throw failure;
  return chunks;
}

/** The functions `encodeInPage` calls, as a script that declares them in the page. */
const inPage = [ease, wrap, background, orbitMotif, routeMotif, minerMotif, breathMotif, motif, texts, encodeFrames];
export const pageScript = [`const TAU = ${TAU};`, ...inPage.map(String)].join('\n');

/** Runs in the page, once `pageScript` is there: draws every frame of one video and returns its encoded chunks. */
export async function encodeInPage({ video, width, height, fps, bitrate, keyEvery }) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d'));
  const fonts = {
    en_US: '"DejaVu Sans", "Liberation Sans", sans-serif',
    id_ID: '"DejaVu Sans", "Liberation Sans", sans-serif',
    zh_CN: '"Noto Sans CJK SC", sans-serif',
    ja_JP: '"Noto Sans CJK JP", sans-serif',
    ko_KR: '"Noto Sans CJK KR", sans-serif',
  };
  for (const family of ['Noto Sans CJK SC', 'Noto Sans CJK JP', 'Noto Sans CJK KR']) {
    if (!document.fonts.check(`16px "${family}"`))
      throw new Error(`font "${family}" is missing: apt-get install fonts-noto-cjk`);
  }
  const [c1, c2] = video.colors;
  const scene = { ctx, width, height, video, c1, c2, duration: video.seconds, fonts };
  return encodeFrames(scene, canvas, { fps, bitrate, keyEvery });
}
