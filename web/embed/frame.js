// A platform's iframe shim: the viewer in this frame, bridged to the parent page with
// postMessage. Only messages from the parent window, from the origin named in the URL
// (`?origin=`, default this page's own), are obeyed; anything else is ignored with a warning.
(function () {
  "use strict";
  var params = new URLSearchParams(location.search);
  var hostOrigin = params.get("origin") || location.origin;
  var emitter = outflank.launch("#app");

  // Platform message -> viewer event.
  var INBOUND = {
    state: function (m) { emitter.emit("state", m.state); },
    "state:updated": function () { emitter.emit("state:updated"); },
    player: function (m) { emitter.emit("player", m.player); },
    gameLog: function (m) { emitter.emit("gamelog", m.data); },
    preferences: function (m) { emitter.emit("preferences", m.preferences); },
    avatars: function (m) { emitter.emit("avatars", m.avatars); },
    theme: function (m) { emitter.emit("theme", m.theme); },
    "replay:start": function () { emitter.emit("replay:start"); },
    "replay:to": function (m) { emitter.emit("replay:to", m.to); },
    "replay:end": function () { emitter.emit("replay:end"); },
  };
  window.addEventListener("message", function (event) {
    if (event.source !== window.parent || event.origin !== hostOrigin) {
      console.warn("outflank: ignored a message from " + event.origin);
      return;
    }
    var message = event.data;
    var handler = message && typeof message === "object" && INBOUND[message.type];
    if (!handler) {
      console.warn("outflank: ignored an unknown message", message && message.type);
      return;
    }
    handler(message);
  });

  // Viewer event -> platform message.
  function post(message) {
    window.parent.postMessage(message, hostOrigin);
  }
  emitter.on("ready", function () { post({ type: "displayReady" }); });
  emitter.on("move", function (move) { post({ type: "gameMove", move: move }); });
  emitter.on("fetchState", function () { post({ type: "fetchState" }); });
  emitter.on("fetchLog", function (range) { post({ type: "fetchLog", data: range }); });
  emitter.on("addLog", function (lines) { post({ type: "addLog", data: lines }); });
  emitter.on("replaceLog", function (lines) { post({ type: "replaceLog", data: lines }); });
  emitter.on("replay:info", function (info) { post({ type: "replay:info", data: info }); });
  emitter.on("update:preference", function (p) { post({ type: "updatePreference", data: p }); });
  emitter.on("player:clicked", function (p) { post({ type: "playerClick", data: p }); });
})();
