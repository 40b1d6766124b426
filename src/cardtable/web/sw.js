// The installable app's service worker: keeps the client's static files, so the site
// opens at once, and shows offline.html when the server cannot be reached.
//
// Pages (navigations) come from the network first: a table is never drawn from a
// stale copy, and with no network the offline page says so instead of a broken
// table. Other static files are answered from the cache and refreshed behind it
// (the next load has the new copy). The API and the table's WebSocket are never
// cached. A file is kept under its address without the query: the query of a page
// such as table.html?code=... holds a private table's code, which must not stay in
// the browser's cache (the page itself is the same whatever the query).

// v2: the caches of v1 kept pages under their queries; activating this one drops them.
const CACHE = "cardtable-v2";
const CORE = [
  "./",
  "index.html",
  "table.html",
  "replay.html",
  "offline.html",
  "style.css",
  "themes.css",
  "chat.css",
  "coach.css",
  "favicon.svg",
  "manifest.json",
  "icons/icon-192.png",
  "icons/icon-512.png",
  "js/theme.js",
  // What offline.html loads besides the above: it is shown when nothing can be
  // fetched, so all of it must be here from the install on (in the visitor's language).
  "js/offline.js",
  "js/i18n.js",
  "i18n/en.json",
  "i18n/fr.json",
  "i18n/de.json",
  "i18n/es.json",
];

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(CORE)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

function isStatic(request) {
  const url = new URL(request.url);
  return request.method === "GET" && url.origin === self.location.origin && !url.pathname.startsWith("/api/") && !url.pathname.startsWith("/ws/");
}

/** The cache key of a request: its address without the query (nor the fragment). */
function key(request) {
  const url = new URL(request.url);
  url.search = "";
  url.hash = "";
  return url.href;
}

async function page(request) {
  try {
    const response = await fetch(request);
    if (response.ok) (await caches.open(CACHE)).put(key(request), response.clone());
    return response;
  } catch {
    return (await caches.match("offline.html")) ?? Response.error();
  }
}

async function file(request) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(key(request));
  const fresh = fetch(request).then((response) => {
    if (response.ok) cache.put(key(request), response.clone());
    return response;
  });
  if (kept) {
    fresh.catch(() => {});
    return kept;
  }
  return fresh;
}

self.addEventListener("fetch", (event) => {
  if (!isStatic(event.request)) return;
  event.respondWith(event.request.mode === "navigate" ? page(event.request) : file(event.request));
});
