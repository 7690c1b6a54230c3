// The offline page (offline.html) in the visitor's language only: the `lang` cookie the app's
// switch writes, else the browser's. Without this script both languages show.
(function () {
  "use strict";
  var cookie = document.cookie.split("; ").filter(function (part) { return part.indexOf("lang=") === 0; })[0];
  var chosen = cookie ? cookie.slice(5) : (navigator.language || "en").slice(0, 2);
  var language = chosen === "hi" ? "hi" : "en";
  document.documentElement.lang = language;
  var sections = document.querySelectorAll("[data-language]");
  for (var i = 0; i < sections.length; i++) sections[i].hidden = sections[i].getAttribute("data-language") !== language;
  if (language === "hi") document.title = "आप ऑफ़लाइन हैं";
  else document.title = "You are offline";
})();
