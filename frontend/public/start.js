// Starts the app on a pre-rendered page once the page has been painted, with its largest image
// (the hero, marked fetchpriority="high") loaded and decoded where it has one. frontend/scripts/prerender.mjs writes
//   <script src="/start.js" data-entry="/assets/index-….js" data-preload="/assets/….js …" defer>
// in place of the app's module script and its preloads. Fetched and run first, the app would
// hold that paint back on a slow phone (the browser paints only after the scripts have run);
// the HTML works without them meanwhile. The app shell (pages not pre-rendered) loads as usual.
// Plain script, no build step: it must run before the app's modules exist.
(function () {
  "use strict";
  var me = document.currentScript;
  var entry = me.dataset.entry;
  var preloads = (me.dataset.preload || "").split(" ").filter(Boolean);
  var started = false;

  function start() {
    if (started) return;
    started = true;
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.appendChild(script);
    // The page's chunks one to a task: each link is a request the renderer starts on the spot,
    // and the fifteen of the store's pages in one task made one long task on a slow phone.
    (function preloadFrom(at) {
      if (at >= preloads.length) return;
      setTimeout(function () {
        var link = document.createElement("link");
        link.rel = "modulepreload";
        link.crossOrigin = "";
        link.href = preloads[at];
        document.head.appendChild(link);
        preloadFrom(at + 1);
      }, 0);
    })(0);
  }

  // After the frame that shows the page: the next frame's callback runs once it has been drawn.
  // A hidden tab draws no frames: it starts at once, or as soon as it is hidden.
  function afterItsFrame() {
    if (document.visibilityState === "hidden") return start();
    requestAnimationFrame(function () {
      requestAnimationFrame(start);
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") start();
    });
  }

  // Loaded is not yet drawn: a picture is decoded after it arrives (an AVIF takes a while on a
  // slow phone), and a page whose app began loading before its largest picture was drawn had
  // its largest paint counted after the app's download (docs/decisions/store-page-speed.md).
  function whenDecoded() {
    var decoded = typeof hero.decode === "function" ? hero.decode() : Promise.resolve();
    decoded.then(afterItsFrame, afterItsFrame);
  }

  var hero = document.querySelector('#root img[fetchpriority="high"]');
  if (!hero) {
    afterItsFrame();
  } else if (hero.complete) {
    whenDecoded();
  } else {
    hero.addEventListener("load", whenDecoded, { once: true });
    hero.addEventListener("error", start, { once: true });
    setTimeout(start, 3000); // an image that never arrives does not keep the app away
  }
})();
