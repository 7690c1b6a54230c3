// Starts the app on a pre-rendered page once the page's largest image (the hero, marked
// fetchpriority="high") has been painted. frontend/scripts/prerender.mjs writes
//   <script src="/start.js" data-entry="/assets/index-….js" data-preload="/assets/….js …" defer>
// on pages that have such an image, in place of the app's module script and its preloads.
// Fetching and running the app first would hold that paint back on a slow phone (the browser
// paints the image only after the scripts have run); the HTML works without them meanwhile.
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
    preloads.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.crossOrigin = "";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "";
    script.src = entry;
    document.head.appendChild(script);
  }

  // After the frame that shows the image (a tab that is not drawn gets no frame: 100 ms).
  function afterItsFrame() {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    setTimeout(start, 100);
  }

  var hero = document.querySelector('#root img[fetchpriority="high"]');
  if (!hero || hero.complete) {
    afterItsFrame();
  } else {
    hero.addEventListener("load", afterItsFrame, { once: true });
    hero.addEventListener("error", start, { once: true });
    setTimeout(start, 3000); // an image that never arrives does not keep the app away
  }
})();
