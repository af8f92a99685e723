// Outflank's service worker: the whole release build, precached, served cache-first, so the
// site works with the network off and from any sub-path.
//
// `web/precache.mjs` (a trunk post-build hook) writes the real file list and the build id
// into this template. Each build gets its own cache: a new build installs completely beside
// the old one, waits until the page accepts it ("new version: reload"), then replaces the old
// cache at once, so a page never mixes the files of two builds.

const BUILD = "__OUTFLANK_BUILD__";
const FILES = __OUTFLANK_FILES__;
const CACHE = `outflank-${BUILD}`;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(FILES.map((f) => new Request(f, { cache: "reload" })))),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("outflank-") && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The page sends this when the player accepts the new version.
self.addEventListener("message", (event) => {
  if (event.data === "outflank:activate") self.skipWaiting();
});

// Cross-origin isolation, which shared memory between threads needs (the computer's search
// on several cores): a static host sends no such headers, so every file of the site is served
// with them from here. The page is isolated once this worker controls it; before, and where a
// browser cannot, the computer searches on one thread. Every file is same-origin and says it
// may be embedded elsewhere (the viewer runs in a host platform's frame).
const ISOLATION = {
  "Cross-Origin-Opener-Policy": "same-origin",
  "Cross-Origin-Embedder-Policy": "require-corp",
  "Cross-Origin-Resource-Policy": "cross-origin",
};

function isolated(response) {
  // An opaque or redirected response cannot be rebuilt; it is passed on as it is.
  if (response.status === 0 || response.type === "opaqueredirect") return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const hit = await cache.match(request, { ignoreSearch: true });
      if (hit) return isolated(hit);
      // A page of the site that is not a file of the build: the game itself.
      if (request.mode === "navigate") {
        const page = await cache.match("./");
        if (page) return isolated(page);
      }
      return isolated(await fetch(request));
    }),
  );
});
