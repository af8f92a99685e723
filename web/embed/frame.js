// A platform's iframe shim: the viewer in this frame, bridged to the parent page with
// postMessage, speaking the messages and payloads of boardgamers.space's own iframe page:
//
//   parent -> frame: {type: 'state', state}, {type: 'state:updated'}, {type: 'gameLog', data}
//                    (-> the viewer's `gamelog`), {type: 'player', player},
//                    {type: 'preferences', preferences}, {type: 'avatars', avatars},
//                    {type: 'replay:start'}, {type: 'replay:to', to}, {type: 'replay:end'},
//                    {type: 'askReady'} (answered with gameReady), {type: 'theme', dark}
//                    (toggles `html.dark`, which the viewer follows; not an emitter event)
//   frame -> parent: {type: 'gameReady'} (at once, and on each askReady), {type: 'displayReady'},
//                    {type: 'gameMove', move}, {type: 'fetchState'}, {type: 'fetchLog', data},
//                    {type: 'addLog', data}, {type: 'replaceLog', data},
//                    {type: 'updatePreference', data}, {type: 'playerClick', player},
//                    {type: 'replay:info', data}, {type: 'gameHeight', height} (the body's
//                    height, checked every 250 ms, posted when it changed)
//
// Unlike the platform's page, only messages from the parent window and from the origin named
// in the URL (`?origin=`, default this page's own) are obeyed, and messages go only to that
// origin; anything else is ignored with a warning.
(function () {
  "use strict";
  var params = new URLSearchParams(location.search);
  var hostOrigin = params.get("origin") || location.origin;
  var emitter = outflank.launch("#app");

  function post(message) {
    window.parent.postMessage(message, hostOrigin);
  }

  // Platform message -> viewer event.
  var INBOUND = {
    state: function (m) { emitter.emit("state", m.state); },
    "state:updated": function () { emitter.emit("state:updated"); },
    gameLog: function (m) { emitter.emit("gamelog", m.data); },
    player: function (m) { emitter.emit("player", m.player); },
    preferences: function (m) { emitter.emit("preferences", m.preferences); },
    avatars: function (m) { emitter.emit("avatars", m.avatars); },
    "replay:start": function () { emitter.emit("replay:start"); },
    "replay:to": function (m) { emitter.emit("replay:to", m.to); },
    "replay:end": function () { emitter.emit("replay:end"); },
    askReady: function () { post({ type: "gameReady" }); },
    theme: function (m) { document.documentElement.classList.toggle("dark", !!m.dark); },
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
  emitter.on("ready", function () { post({ type: "displayReady" }); });
  emitter.on("move", function (move) { post({ type: "gameMove", move: move }); });
  emitter.on("fetchState", function () { post({ type: "fetchState" }); });
  emitter.on("fetchLog", function (range) { post({ type: "fetchLog", data: range }); });
  emitter.on("addLog", function (lines) { post({ type: "addLog", data: lines }); });
  emitter.on("replaceLog", function (lines) { post({ type: "replaceLog", data: lines }); });
  emitter.on("replay:info", function (info) { post({ type: "replay:info", data: info }); });
  emitter.on("update:preference", function (p) { post({ type: "updatePreference", data: p }); });
  emitter.on("player:clicked", function (player) { post({ type: "playerClick", player: player }); });

  // The handshake: the platform may have asked before this page could hear it.
  post({ type: "gameReady" });

  // The page's height, for the platform to size the iframe (as its own page reports it).
  var lastHeight;
  setInterval(function () {
    if (document.hidden || !document.body) return;
    var height = document.body.scrollHeight;
    if (height !== lastHeight) {
      lastHeight = height;
      post({ type: "gameHeight", height: height });
    }
  }, 250);
})();
