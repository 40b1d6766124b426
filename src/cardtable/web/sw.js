// The installable app's service worker: keeps the client's static files, so the site
// opens at once, and shows offline.html when the server cannot be reached.
//
// The files are kept as one version (server/webfiles.py): the server writes BUILD
// below when it serves this script, with the version (a hash of every file) and each
// file's SHA-256. Installing fetches every file of the version into the cache named
// after it and checks each against its hash, so a cache holds one whole version or
// nothing (a failed install is tried again at a later visit). Every page and file of
// the version is then answered from that cache, pages included (once the network has
// shown the server is there): a page and the modules and catalogues it loads always
// come from the same version. Once a new
// version is installed it takes over at once, deletes the older caches, and the pages
// it now serves reload (js/app.js), so no page runs on a mix of the two.
//
// Files not in the version, the API and the table's WebSocket are never cached. A
// page is looked up without its query: the query of table.html?code=... holds a
// private table's code, and the page itself is the same whatever the query.

const BUILD = { version: "unversioned", files: {} };
const CACHE = `cardtable-${BUILD.version}`;
const ROOT = new URL("./", self.location.href);

/** The address of a file of the version. */
function address(name) {
  return new URL(name, ROOT).href;
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** Fetch one file past the HTTP cache and refuse it unless it is this version's. */
async function fetchChecked(name) {
  const response = await fetch(address(name), { cache: "reload" });
  if (!response.ok) throw new Error(`${name}: ${response.status}`);
  const digest = hex(await crypto.subtle.digest("SHA-256", await response.clone().arrayBuffer()));
  if (digest !== BUILD.files[name]) throw new Error(`${name} is not of version ${BUILD.version}`);
  return response;
}

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const names = Object.keys(BUILD.files);
      const responses = await Promise.all(names.map(fetchChecked));
      const cache = await caches.open(CACHE);
      await Promise.all(names.map((name, i) => cache.put(address(name), responses[i])));
      await self.skipWaiting();
    })().catch(async (error) => {
      await caches.delete(CACHE); // nothing of a version half kept
      throw error;
    }),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The name of a request's file in the version, or null: its path under the site,
 * without query or fragment, a folder meaning its index.html. */
function fileName(request) {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== ROOT.origin || !url.pathname.startsWith(ROOT.pathname)) return null;
  let name = decodeURIComponent(url.pathname.slice(ROOT.pathname.length));
  if (name === "" || name.endsWith("/")) name += "index.html";
  return name in BUILD.files ? name : null;
}

/** A page: asked of the network first, so that with no server the offline page says so
 * instead of a table that never connects; but when the server answers, the version's
 * own copy is shown, the one its modules and catalogues come from. */
async function page(request, name) {
  let response;
  try {
    response = await fetch(request);
  } catch {
    return (await caches.match(address("offline.html"), { cacheName: CACHE })) ?? Response.error();
  }
  return (await caches.match(address(name), { cacheName: CACHE })) ?? response;
}

/** Any other file of the version: from its cache, from the network while none is kept. */
async function file(request, name) {
  return (await caches.match(address(name), { cacheName: CACHE })) ?? fetch(request);
}

self.addEventListener("fetch", (event) => {
  const name = fileName(event.request);
  if (name === null) return;
  event.respondWith(event.request.mode === "navigate" ? page(event.request, name) : file(event.request, name));
});
