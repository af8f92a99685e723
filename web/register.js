// Registers the service worker (web/sw.js) and offers a new build when one is ready:
// "A new version of Outflank is ready. Reload" — the page never runs on a mix of builds.
(function () {
  if (!("serviceWorker" in navigator) || !window.isSecureContext) return;
  // The first controller of a first visit just takes the page over; any later change is a
  // new build taking over, and the page reloads into it.
  var hadController = !!navigator.serviceWorker.controller;
  var reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (!hadController) {
      hadController = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });

  function offer(worker) {
    if (document.querySelector("[data-testid=update-banner]")) return;
    var banner = document.createElement("div");
    banner.className = "update-banner";
    banner.setAttribute("role", "status");
    banner.setAttribute("data-testid", "update-banner");
    var text = document.createElement("span");
    text.textContent = "A new version of Outflank is ready.";
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button";
    button.setAttribute("data-testid", "update-reload");
    button.textContent = "Reload";
    button.addEventListener("click", function () {
      button.disabled = true;
      worker.postMessage("outflank:activate");
    });
    banner.append(text, button);
    document.body.append(banner);
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", function () {
      var worker = registration.installing;
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
    // Look for a new build when the page comes back into view, and every hour.
    var check = function () {
      registration.update().catch(function () {});
    };
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") check();
    });
    setInterval(check, 60 * 60 * 1000);
  }

  function register() {
    navigator.serviceWorker
      .register("./sw.js")
      .then(watch)
      .catch(function (e) {
        console.warn("outflank: offline play is unavailable:", e && e.message);
      });
  }

  // Once the page is whole (ui/src/components/start.rs says so): the worker's first install
  // fetches the whole site, which would otherwise share the processor with the page's start.
  if (document.documentElement.hasAttribute("data-live")) register();
  else document.addEventListener("outflank-live", register, { once: true });
})();
