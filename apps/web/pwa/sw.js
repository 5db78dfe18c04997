// The app's service worker (issue 50; decision 163). The build (pwa/build.ts) writes it to /sw.js
// with its version and the shell's files. It keeps the app's shell for a reload without a network
// and never keeps an API answer: money, sessions and the event stream are the server's alone.
/* global self, caches, __WALLX_VERSION__, __WALLX_SHELL__ */

const VERSION = __WALLX_VERSION__;
/** The page's entry and what it imports at once, and the offline notice. */
const SHELL = __WALLX_SHELL__;
const CACHE = `wallx-${VERSION}`;
/** Where the last page a navigation got is kept, whatever its path: the app routes itself. */
const PAGE = '/__wallx_page';

self.addEventListener('install', (event) => {
  // No skipWaiting here: a page running the old files keeps them until its visitor says "Reload".
  event.waitUntil(
    caches.open(CACHE).then(async (cache) => {
      await cache.addAll(SHELL);
      const page = await fetch('/', { credentials: 'same-origin' });
      if (page.ok) await cache.put(PAGE, page);
    }),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) if (key.startsWith('wallx-') && key !== CACHE) await caches.delete(key);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  const message = event.data ?? {};
  if (message.type === 'skip-waiting') void self.skipWaiting();
  // The page's files fetched before this worker was there (its first visit): kept for offline.
  if (message.type === 'keep' && Array.isArray(message.urls)) {
    const urls = message.urls.filter((url) => typeof url === 'string' && isAsset(new URL(url, self.location.origin)));
    event.waitUntil(caches.open(CACHE).then((cache) => Promise.all(urls.map((url) => keep(cache, url)))));
  }
});

/** Hashed build files only: their content never changes under their name. */
function isAsset(url) {
  return url.origin === self.location.origin && url.pathname.startsWith('/assets/');
}

async function keep(cache, url) {
  if (await cache.match(url, { ignoreVary: true })) return;
  const response = await fetch(url).catch(() => null);
  if (response?.ok) await cache.put(url, response);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  // The API (answers, the event stream), the console and anything not ours go to the network untouched.
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname === '/api' || url.pathname.startsWith('/admin')) return;
  if (request.mode === 'navigate') {
    event.respondWith(navigate(request));
    return;
  }
  if (isAsset(url)) event.respondWith(asset(request));
});

/** The network first, so that a page is always the server's latest; offline, the last page kept. */
async function navigate(request) {
  try {
    const response = await fetch(request);
    if (response.ok) {
      const cache = await caches.open(CACHE);
      await cache.put(PAGE, response.clone());
    }
    return response;
  } catch (error) {
    const kept = await caches.match(PAGE, { ignoreVary: true });
    if (kept) return kept;
    throw error;
  }
}

/** A hashed file: from the cache when there, else fetched and kept. */
async function asset(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request, { ignoreVary: true });
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}
