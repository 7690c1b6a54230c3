// Starts the app on a pre-rendered page once the page is drawn, its hero (the largest picture,
// fetchpriority="high") loaded and decoded first: fetched sooner, the app holds that paint back
// on a slow phone. Why, and how prerender.mjs writes the tag: docs/decisions/app-start.md.
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
    // One preload a task: all at once made one long task on a slow phone.
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

  // The next frame's callback runs once this one is drawn; a hidden tab draws none.
  function afterItsFrame() {
    if (document.visibilityState === "hidden") return start();
    requestAnimationFrame(function () {
      requestAnimationFrame(start);
    });
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "hidden") start();
    });
  }

  // Loaded is not drawn: a picture is decoded first (docs/decisions/store-page-speed.md).
  function whenDecoded() {
    var decoded = hero.decode ? hero.decode() : Promise.resolve();
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
    setTimeout(start, 3000); // a picture that never arrives does not keep the app away
  }
})();
