// Checking in Chromium: plays a written file back and reports what the checks need.
/* global document */

/**
 * Runs in the page: loads the file in a <video> (from a blob, which is seekable as a server answering
 * Range requests is), reads its duration and size, seeks to its middle and plays its last second.
 */
export async function playInPage(url) {
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
