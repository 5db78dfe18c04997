#!/usr/bin/env node
// Makes the demo course videos of apps/web/public/college (the college's demo content, seeded by
// apps/server/src/app/seeds/demo-content.ts): Debian's Chromium draws each frame of an animated
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
//
// The parts are in scripts/demo-videos/: the videos and their settings, the page that draws and
// encodes, the WebM writer, and the playback check.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { encodeInPage, pageScript } from './demo-videos/encode-in-page.mjs';
import { playInPage } from './demo-videos/play-in-page.mjs';
import { BITRATE, FPS, HEIGHT, KEY_EVERY, MAX_BYTES, videos, WIDTH } from './demo-videos/videos.mjs';
import { webm } from './demo-videos/webm.mjs';

const outDir = fileURLToPath(new URL('../apps/web/public/college/', import.meta.url));

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
      await page.addScriptTag({ content: pageScript });
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
