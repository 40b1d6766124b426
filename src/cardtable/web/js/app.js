// Registers the service worker that makes the site an installable app (see sw.js).
// A browser without service workers simply goes on without them.

if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch((error) => console.warn("no offline copy:", error));
}
