/* global self, caches */
/*
 * Atalaya service worker: a cache-first store for the hashed static assets Vite emits under
 * /assets/ (their names change with their content, so a cached copy is never stale).
 * Everything else, above all /api/, index.html and /meta.json, always goes to the network.
 */
const CACHE = 'atalaya-assets-v1';
const HASHED_ASSET = /^\/assets\/.+-[A-Za-z0-9_-]{8,}\.(?:js|css|svg|png|jpg|jpeg|gif|webp|woff2?|ttf)$/;

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !HASHED_ASSET.test(url.pathname)) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(request);
      if (cached) return cached;
      const response = await fetch(request);
      if (response.ok) await cache.put(request, response.clone());
      return response;
    }),
  );
});
