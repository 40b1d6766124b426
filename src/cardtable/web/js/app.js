// Registers the service worker that makes the site an installable app (see sw.js).
// A browser without service workers simply goes on without them.
//
// When a new version of the site's files takes over a page that an older one served,
// the page reloads, so that it runs on the new version whole rather than on a mix
// (a page with no worker before, on the first visit, has nothing to mix and stays).

if ("serviceWorker" in navigator) {
  const before = navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (before === null || reloading) return;
    reloading = true;
    window.location.reload();
  });
  navigator.serviceWorker.register("sw.js").catch((error) => console.warn("no offline copy:", error));
}
