#!/usr/bin/env node
// Makes the demo course videos of apps/web/public/college (the college's demo content, seeded by
// apps/server/src/db/seeds/demo-content.ts): Debian's Chromium draws each frame of an animated
// canvas, WebCodecs encodes it to VP8, and this script writes the WebM itself, with a duration, a
// key frame and a cue every two seconds (so a player can seek and resume), then plays every file back in
// Chromium to check it. The files are committed: `npm start` needs no generation step.
//
//   node scripts/make-demo-videos.mjs            write all four, then check them
//   node scripts/make-demo-videos.mjs --check    only check the committed files
//
// Frames are drawn at set times, not recorded in real time, so a run on a busy machine makes the
// same video. The titles are those of the demo courses (demo-content.ts); the durations must equal
// their duration_seconds, which the content tests check against each file.
/* global document, VideoEncoder, VideoFrame, btoa */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const outDir = fileURLToPath(new URL('../apps/web/public/college/', import.meta.url));
const WIDTH = 640;
const HEIGHT = 360;
const FPS = 24;
const BITRATE = 150_000;
/** Seconds between key frames: where a player can start decoding after a seek. */
const KEY_EVERY = 2;
const MAX_BYTES = 300 * 1024;

/** One per demo course: file name, length in seconds, colours, the drawing beside the title, and the title in five languages. */
const videos = [
  {
    file: 'welcome',
    seconds: 8,
    number: '01',
    colors: ['#8b5cf6', '#22d3ee'],
    motif: 'orbit',
    titles: {
      en_US: 'Welcome to WALLX',
      zh_CN: '欢迎来到 WALLX',
      ja_JP: 'WALLXへようこそ',
      ko_KR: 'WALLX에 오신 것을 환영합니다',
      id_ID: 'Selamat datang di WALLX',
    },
  },
  {
    file: 'china-service',
    seconds: 8,
    number: '02',
    colors: ['#f43f5e', '#f59e0b'],
    motif: 'route',
    titles: {
      en_US: 'Delivery and pick-up in mainland China',
      zh_CN: '中国大陆配送与自提指南',
      ja_JP: '中国本土での配送と受け取り',
      ko_KR: '중국 본토 배송 및 픽업 안내',
      id_ID: 'Pengiriman dan pengambilan di Tiongkok daratan',
    },
  },
  {
    file: 'miner-daily',
    seconds: 9,
    number: '03',
    colors: ['#10b981', '#22d3ee'],
    motif: 'miner',
    titles: {
      en_US: 'Your miner, day by day',
      zh_CN: '矿机日常：开机、产出与领取',
      ja_JP: 'マイナーの毎日：稼働・産出・受け取り',
      ko_KR: '채굴기의 하루: 가동, 산출, 수령',
      id_ID: 'Miner Anda, hari demi hari',
    },
  },
  {
    file: 'holder-breathing',
    seconds: 10,
    number: '04',
    colors: ['#6366f1', '#34d399'],
    motif: 'breath',
    titles: {
      en_US: 'Holder lounge: mindful breathing',
      zh_CN: '持有者沙龙：正念呼吸',
      ja_JP: 'ホルダーラウンジ：マインドフル呼吸',
      ko_KR: '홀더 라운지: 마음챙김 호흡',
      id_ID: 'Lounge pemegang: napas berkesadaran',
    },
  },
];

// ---------------------------------------------------------------- the page that draws and encodes

/** Runs in the page: draws every frame of one video and returns its encoded chunks. */
async function encodeInPage({ video, width, height, fps, bitrate, keyEvery }) {
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
  const duration = video.seconds;
  const ease = (x) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));
  const TAU = Math.PI * 2;

  function wrap(text, maxWidth) {
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

  function background(t) {
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

  function motif(t) {
    const cx = 478;
    const cy = 170;
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    if (video.motif === 'orbit') {
      // The wallet at the centre; miners, markets and the team around it.
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
    } else if (video.motif === 'route') {
      // A parcel travelling between two service centres and back.
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
    } else if (video.motif === 'miner') {
      // A miner with blinking lights; a WALLX coin rises out of it every day (every 1.5 s here).
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
    } else {
      // Breathe in for four seconds, out for six: the circle follows.
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
    ctx.restore();
  }

  function texts(t) {
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
    const lines = wrap(video.titles.en_US, 300);
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
    wrap(video.titles[language], 300).forEach((line, i) => ctx.fillText(line, 40, below + 8 + i * 28));
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
    background(t);
    motif(t);
    texts(t);
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

// ---------------------------------------------------------------- a WebM writer (Matroska subset)

function vint(size) {
  // Sizes as 8-byte vints: every element's header has a fixed length, so offsets are easy to reckon.
  const out = Buffer.alloc(8);
  out.writeBigUInt64BE(BigInt(size) | (1n << 56n));
  return out;
}
function idBytes(id) {
  const hex = id.toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}
const element = (id, ...children) => {
  const body = Buffer.concat(children);
  return Buffer.concat([idBytes(id), vint(body.length), body]);
};
const uint = (id, value, bytes = 0) => {
  let hex = BigInt(value).toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  const raw = Buffer.from(hex, 'hex');
  return element(id, bytes ? Buffer.concat([Buffer.alloc(bytes - raw.length), raw]) : raw);
};
const float = (id, value) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(value);
  return element(id, b);
};
const str = (id, value) => element(id, Buffer.from(value, 'utf8'));

const ID = {
  EBML: 0x1a45dfa3,
  EBMLVersion: 0x4286,
  EBMLReadVersion: 0x42f7,
  EBMLMaxIDLength: 0x42f2,
  EBMLMaxSizeLength: 0x42f3,
  DocType: 0x4282,
  DocTypeVersion: 0x4287,
  DocTypeReadVersion: 0x4285,
  Segment: 0x18538067,
  SeekHead: 0x114d9b74,
  Seek: 0x4dbb,
  SeekID: 0x53ab,
  SeekPosition: 0x53ac,
  Info: 0x1549a966,
  TimecodeScale: 0x2ad7b1,
  Duration: 0x4489,
  MuxingApp: 0x4d80,
  WritingApp: 0x5741,
  Tracks: 0x1654ae6b,
  TrackEntry: 0xae,
  TrackNumber: 0xd7,
  TrackUID: 0x73c5,
  TrackType: 0x83,
  FlagLacing: 0x9c,
  CodecID: 0x86,
  DefaultDuration: 0x23e383,
  Video: 0xe0,
  PixelWidth: 0xb0,
  PixelHeight: 0xba,
  Cluster: 0x1f43b675,
  Timecode: 0xe7,
  SimpleBlock: 0xa3,
  Cues: 0x1c53bb6b,
  CuePoint: 0xbb,
  CueTime: 0xb3,
  CueTrackPositions: 0xb7,
  CueTrack: 0xf7,
  CueClusterPosition: 0xf1,
};

/** A WebM file of one VP8 track from encoded chunks (timestamps in µs), a cluster starting at each key frame. */
function webm(chunks, { width, height, fps, seconds }) {
  const header = element(
    ID.EBML,
    uint(ID.EBMLVersion, 1),
    uint(ID.EBMLReadVersion, 1),
    uint(ID.EBMLMaxIDLength, 4),
    uint(ID.EBMLMaxSizeLength, 8),
    str(ID.DocType, 'webm'),
    uint(ID.DocTypeVersion, 4),
    uint(ID.DocTypeReadVersion, 2),
  );
  const info = element(
    ID.Info,
    uint(ID.TimecodeScale, 1_000_000), // milliseconds
    float(ID.Duration, seconds * 1000),
    str(ID.MuxingApp, 'wallx make-demo-videos'),
    str(ID.WritingApp, 'wallx make-demo-videos (Chromium WebCodecs)'),
  );
  const tracks = element(
    ID.Tracks,
    element(
      ID.TrackEntry,
      uint(ID.TrackNumber, 1),
      uint(ID.TrackUID, 1),
      uint(ID.TrackType, 1),
      uint(ID.FlagLacing, 0),
      str(ID.CodecID, 'V_VP8'),
      uint(ID.DefaultDuration, Math.round(1e9 / fps)),
      element(ID.Video, uint(ID.PixelWidth, width), uint(ID.PixelHeight, height)),
    ),
  );
  /** @type {{ key: boolean, timestamp: number, data: string }[][]} */
  const groups = [];
  for (const chunk of chunks) {
    if (chunk.key || groups.length === 0) groups.push([]);
    groups[groups.length - 1].push(chunk);
  }
  const clusters = groups.map((group) => {
    const start = Math.round(group[0].timestamp / 1000);
    const blocks = group.map((chunk) => {
      const relative = Buffer.alloc(2);
      relative.writeInt16BE(Math.round(chunk.timestamp / 1000) - start);
      const flags = Buffer.from([chunk.key ? 0x80 : 0x00]);
      return element(ID.SimpleBlock, Buffer.from([0x81]), relative, flags, Buffer.from(chunk.data, 'base64'));
    });
    return { time: start, bytes: element(ID.Cluster, uint(ID.Timecode, start), ...blocks) };
  });
  // Positions count from the start of the Segment's body; the seek head has a fixed size (8-byte positions).
  const seekHead = (positions) =>
    element(
      ID.SeekHead,
      ...positions.map(([id, at]) => element(ID.Seek, element(ID.SeekID, idBytes(id)), uint(ID.SeekPosition, at, 8))),
    );
  const headSize = seekHead([
    [ID.Info, 0],
    [ID.Tracks, 0],
    [ID.Cues, 0],
  ]).length;
  let at = headSize + info.length + tracks.length;
  const cuePoints = clusters.map(({ time, bytes }) => {
    const point = element(
      ID.CuePoint,
      uint(ID.CueTime, time),
      element(ID.CueTrackPositions, uint(ID.CueTrack, 1), uint(ID.CueClusterPosition, at)),
    );
    at += bytes.length;
    return point;
  });
  const cues = element(ID.Cues, ...cuePoints);
  const head = seekHead([
    [ID.Info, headSize],
    [ID.Tracks, headSize + info.length],
    [ID.Cues, at],
  ]);
  return Buffer.concat([header, element(ID.Segment, head, info, tracks, ...clusters.map((c) => c.bytes), cues)]);
}

// ---------------------------------------------------------------- checking in Chromium

/**
 * Runs in the page: loads the file in a <video> (from a blob, which is seekable as a server answering
 * Range requests is), reads its duration and size, seeks to its middle and plays its last second.
 */
async function playInPage(url) {
  const video = document.createElement('video');
  video.muted = true;
  video.preload = 'auto';
  document.body.append(video);
  const once = (name) =>
    new Promise((resolve, reject) => {
      video.addEventListener(name, resolve, { once: true });
      video.addEventListener('error', () => reject(new Error(`${url}: ${video.error?.message ?? 'media error'}`)), {
        once: true,
      });
    });
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 36;
  const ctx = /** @type {CanvasRenderingContext2D} */ (canvas.getContext('2d', { willReadFrequently: true }));
  const picture = () => {
    ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
    return ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  };
  video.src = URL.createObjectURL(await (await fetch(url)).blob());
  await once('loadeddata');
  const found = { duration: video.duration, width: video.videoWidth, height: video.videoHeight };
  const first = picture();
  video.currentTime = video.duration / 2;
  await once('seeked');
  const middle = picture();
  let changed = 0;
  for (let i = 0; i < first.length; i++) changed += Math.abs(first[i] - middle[i]);
  const seekedTo = video.currentTime;
  video.currentTime = Math.max(0, video.duration - 1);
  await once('seeked');
  const ended = once('ended');
  await video.play();
  await ended;
  return {
    ...found,
    seekedTo,
    changed: changed / first.length,
    decodedFrames: video.getVideoPlaybackQuality().totalVideoFrames,
  };
}

async function main() {
  const checkOnly = process.argv.includes('--check');
  fs.mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage();
    // A page on localhost is a secure context, which WebCodecs needs; the files are served from disk.
    await page.route('http://localhost/**', (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      if (name === '')
        return route.fulfill({
          contentType: 'text/html',
          body: '<!doctype html><title>demo videos</title><body></body>',
        });
      const file = path.join(outDir, path.basename(name));
      return fs.existsSync(file)
        ? route.fulfill({ path: file, contentType: 'video/webm' })
        : route.fulfill({ status: 404 });
    });
    await page.goto('http://localhost/');
    if (!checkOnly) {
      for (const video of videos) {
        const chunks = await page.evaluate(encodeInPage, {
          video,
          width: WIDTH,
          height: HEIGHT,
          fps: FPS,
          bitrate: BITRATE,
          keyEvery: KEY_EVERY,
        });
        const bytes = webm(chunks, { width: WIDTH, height: HEIGHT, fps: FPS, seconds: video.seconds });
        fs.writeFileSync(path.join(outDir, `${video.file}.webm`), bytes);
        console.log(
          `wrote ${video.file}.webm: ${video.seconds} s, ${chunks.length} frames, ${(bytes.length / 1024).toFixed(1)} KiB`,
        );
      }
    }
    const problems = [];
    for (const video of videos) {
      const name = `${video.file}.webm`;
      const size = fs.statSync(path.join(outDir, name)).size;
      const played = await page.evaluate(playInPage, `http://localhost/${name}`);
      console.log(
        `played ${name}: ${played.duration} s, ${played.width}x${played.height}, ${played.decodedFrames} frames decoded, ${(size / 1024).toFixed(1)} KiB`,
      );
      if (Math.abs(played.duration - video.seconds) > 0.05)
        problems.push(`${name} lasts ${played.duration} s, not ${video.seconds}`);
      if (Math.abs(played.seekedTo - video.seconds / 2) > 0.05)
        problems.push(`${name} did not seek to its middle (at ${played.seekedTo} s)`);
      if (played.changed < 1) problems.push(`${name} shows the same picture in its middle as at its start`);
      if (played.width !== WIDTH || played.height !== HEIGHT)
        problems.push(`${name} is ${played.width}x${played.height}`);
      if (size > MAX_BYTES) problems.push(`${name} has ${size} bytes, over ${MAX_BYTES}`);
    }
    if (problems.length > 0) throw new Error(problems.join('\n'));
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
