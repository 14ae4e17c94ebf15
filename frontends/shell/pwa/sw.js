/* The app's service worker (docs/architecture.md §9), emitted as /sw.js by pwa-plugin.mjs, which
   puts the build's version and the shell's files in BUILD above this text and the push handlers
   (src/user/push-sw.js) below it: one worker per origin, so one file does both.
   - The shell (index.html, its scripts and styles, the manifest and icons) is cached at install.
   - Hashed scripts and styles (the shell's and the remotes', /remotes/<name>/*.<hash>.js) never
     change: served from the cache, fetched and kept on a miss.
   - remotes.json, the remotes' remoteEntry.js and mf-manifest.json, the manifest and pages: network first, the
     cached copy only when the network fails (offline).
   - /api/ and every other request: never touched, never cached (docs/spec/product-spec.md §7). */
/* global BUILD */
const SHELL_CACHE = `budget-shell-${BUILD.version}`;
const ASSET_CACHE = 'budget-assets';
const ASSET_LIMIT = 300;
const HASHED = /\.[0-9a-f]{8}\.(js|css)$/;
const NETWORK_FIRST = /(\/remotes\.json|\/remoteEntry\.js|\/mf-manifest\.json|\/manifest\.webmanifest|\/icons\/[^/]+\.png)$/;

/** Whether the worker may answer a request at all: GETs of this origin outside the API. */
function handled(request, url) {
  if (request.method !== 'GET' || url.origin !== self.location.origin) return false;
  return !url.pathname.startsWith('/api/') && url.pathname !== '/vapidPublicKey';
}

async function keep(cacheName, request, response) {
  if (!response.ok || response.type !== 'basic') return;
  const cache = await caches.open(cacheName);
  await cache.put(request, response);
  if (cacheName !== ASSET_CACHE) return;
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSET_LIMIT)).map((key) => cache.delete(key)));
}

async function cacheFirst(event) {
  const cached = await caches.match(event.request);
  if (cached) return cached;
  const response = await fetch(event.request);
  event.waitUntil(keep(ASSET_CACHE, event.request, response.clone()));
  return response;
}

async function networkFirst(event, fallbackKey) {
  try {
    const response = await fetch(event.request);
    if (!fallbackKey) event.waitUntil(keep(ASSET_CACHE, event.request, response.clone()));
    return response;
  } catch (failure) {
    const cached = await caches.match(fallbackKey ?? event.request);
    if (cached) return cached;
    throw failure;
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(BUILD.precache)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => name.startsWith('budget-shell-') && name !== SHELL_CACHE).map((name) => caches.delete(name)))),
  );
});

/* The page's update prompt ("A new version is available — Reload") asks the waiting worker to take over. */
self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (!handled(request, url)) return;
  if (request.mode === 'navigate') event.respondWith(networkFirst(event, '/index.html'));
  else if (HASHED.test(url.pathname)) event.respondWith(cacheFirst(event));
  else if (NETWORK_FIRST.test(url.pathname)) event.respondWith(networkFirst(event));
});
