// The service worker: makes the page installable and its static files (the client itself)
// available offline. It caches only GET requests for the client's own files; the API, the
// WebSocket and the translations (game state, narration) always go to the network.

const CACHE = "hiddenrole-static-v1";
const STATIC = /\.(?:html|js|mjs|css|svg|webmanifest)$/;

self.addEventListener("install", (event) => { self.skipWaiting(); });
self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys().then(keys => Promise.all(keys.filter(k => k !== CACHE).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  const own = url.origin === self.location.origin;
  const isStatic = own && event.request.method === "GET" && (url.pathname === "/" || STATIC.test(url.pathname))
    && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/ws/") && !url.pathname.startsWith("/i18n/");
  if (!isStatic) return;  // the network as usual: never a cached game state
  // network first (a new client version shows at once), the cache when offline
  event.respondWith(fetch(event.request).then((response) => {
    if (response.ok) { const copy = response.clone(); caches.open(CACHE).then(c => c.put(event.request, copy)); }
    return response;
  }).catch(() => caches.match(event.request).then(hit => hit || Response.error())));
});
