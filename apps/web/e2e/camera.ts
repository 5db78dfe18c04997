import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserType, LaunchOptions, Page } from '@playwright/test';
import { fullChromium } from './env';

/** The fake camera's picture: VGA, as a phone's preview stream often is. */
const WIDTH = 640;
const HEIGHT = 480;
/** How large the QR code appears, in pixels of the frame: held up at arm's length. */
const CODE_SIDE = 300;

/**
 * Writes a one-frame Y4M video of `png` (a picture of a QR code) centred on white, for Chromium's
 * `--use-file-for-fake-video-capture`: the camera then films that picture, over and over. The PNG is
 * decoded by `page`'s browser (canvas), which also gives the luma; grey has no chroma (128).
 */
export async function writeFakeCameraVideo(page: Page, png: Buffer, file: string): Promise<void> {
  const luma = await page.evaluate(
    async ({ base64, width, height, side }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${base64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.drawImage(image, (width - side) / 2, (height - side) / 2, side, side);
      const { data } = context.getImageData(0, 0, width, height);
      let binary = '';
      for (let i = 0; i < data.length; i += 4)
        binary += String.fromCharCode(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
      return btoa(binary);
    },
    { base64: png.toString('base64'), width: WIDTH, height: HEIGHT, side: CODE_SIDE },
  );
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128);
  const header = `YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\nFRAME\n`;
  fs.writeFileSync(file, Buffer.concat([Buffer.from(header), Buffer.from(luma, 'base64'), chroma]));
}

/**
 * A browser whose camera films `video` (see writeFakeCameraVideo): the full Chromium, since the
 * headless shell the other tests run in has no video capture, fake or real.
 */
export function launchCameraBrowser(
  chromium: BrowserType,
  launchOptions: LaunchOptions,
  video: string,
): Promise<Browser> {
  return chromium.launch({
    ...launchOptions,
    executablePath: fullChromium,
    args: [
      ...(launchOptions.args ?? []),
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${path.resolve(video)}`,
    ],
  });
}
