// Outflank's embeddable viewer, for host platforms (the boardgamers.space viewer protocol).
//
//   <link rel="stylesheet" href=".../embed/outflank-viewer.css">
//   <script src=".../embed/outflank-viewer.js"></script>
//   <script>const emitter = outflank.launch('#app');</script>
//
// A classic script: `window.outflank.launch` exists as soon as it has run, and `launch`
// returns its emitter at once. The viewer's wasm is inside this file and is instantiated in
// the background; host events emitted before it is ready are kept and delivered in order.
(function () {
  "use strict";

  // The build (web/bundle-embed.mjs) puts wasm-bindgen's glue for the viewer here: it declares
  // `wasm_bindgen` in this function's scope, so the page gets no global of ours but `outflank`.
  /* @outflank-embed-glue */

  // ...and the viewer's wasm, as base64: a host that accepts only .js and .css files (as
  // boardgamers.space's bundle upload does) needs no other file and no other request.
  var WASM_BASE64 = "@outflank-embed-wasm";

  /** Node's EventEmitter, as much of it as a host uses. */
  function Emitter() {
    this._events = Object.create(null);
  }
  Emitter.prototype.on = function (name, listener) {
    if (typeof listener !== "function") throw new TypeError("the listener must be a function");
    (this._events[name] = this._events[name] || []).push({ listener: listener, once: false });
    return this;
  };
  Emitter.prototype.addListener = Emitter.prototype.on;
  Emitter.prototype.once = function (name, listener) {
    if (typeof listener !== "function") throw new TypeError("the listener must be a function");
    (this._events[name] = this._events[name] || []).push({ listener: listener, once: true });
    return this;
  };
  Emitter.prototype.off = function (name, listener) {
    var list = this._events[name];
    if (!list) return this;
    for (var i = list.length - 1; i >= 0; i--) {
      if (list[i].listener === listener) {
        list.splice(i, 1);
        break;
      }
    }
    if (!list.length) delete this._events[name];
    return this;
  };
  Emitter.prototype.removeListener = Emitter.prototype.off;
  Emitter.prototype.removeAllListeners = function (name) {
    if (name === undefined) this._events = Object.create(null);
    else delete this._events[name];
    return this;
  };
  Emitter.prototype.listenerCount = function (name) {
    return (this._events[name] || []).length;
  };
  Emitter.prototype.emit = function (name) {
    var list = this._events[name];
    if (!list || !list.length) return false;
    var args = Array.prototype.slice.call(arguments, 1);
    list.slice().forEach(function (entry) {
      if (entry.once) this.off(name, entry.listener);
      entry.listener.apply(this, args);
    }, this);
    return true;
  };

  var HOST_EVENTS = ["state", "state:updated", "gamelog", "player", "preferences", "avatars", "replay:start", "replay:to", "replay:end", "theme"];

  var loading = null;
  /** Instantiates the viewer's wasm once for the page (it serves every launched viewer). */
  function load() {
    if (!loading) {
      loading = Promise.resolve().then(function () {
        if (typeof wasm_bindgen !== "function" || WASM_BASE64.charAt(0) === "@") {
          throw new Error("this outflank-viewer.js was not built (run trunk build)");
        }
        var text = atob(WASM_BASE64);
        var bytes = new Uint8Array(text.length);
        for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
        return wasm_bindgen({ module_or_path: bytes }).then(function () {
          return wasm_bindgen;
        });
      });
    }
    return loading;
  }

  /** Mounts a viewer in the element `target` (a selector or an element); returns its emitter. */
  function launch(target) {
    var element = typeof target === "string" ? document.querySelector(target) : target;
    if (!element || element.nodeType !== 1) throw new Error("outflank.launch: no element matches " + String(target));
    var emitter = new Emitter();
    var queue = [];
    var handle = null;
    var closed = false;
    HOST_EVENTS.forEach(function (name) {
      emitter.on(name, function (payload) {
        if (closed) return;
        if (handle) handle.deliver(name, payload);
        else queue.push([name, payload]);
      });
    });
    /** Removes the viewer from the page and forgets every listener. */
    emitter.unmount = function () {
      closed = true;
      queue = [];
      if (handle) {
        handle.unmount();
        handle.free();
        handle = null;
      }
      emitter.removeAllListeners();
    };
    load().then(
      function (bindings) {
        if (closed) return;
        handle = bindings.mount(element, function (name, payload) {
          emitter.emit(name, payload);
        });
        var waiting = queue;
        queue = [];
        waiting.forEach(function (event) {
          handle.deliver(event[0], event[1]);
        });
      },
      function (e) {
        console.error("outflank: the viewer could not load: " + (e && e.message));
      },
    );
    return emitter;
  }

  var api = { launch: launch, Emitter: Emitter };
  window.outflank = Object.assign(window.outflank || {}, api);
  if (!("viewer" in window)) window.viewer = window.outflank;
})();
