// The page BGS serves inside the game iframe (its resources server, `GET
// /game/:name/:version/iframe`), rebuilt from what the platform's source does (facts §1),
// written for these tests. What matters, in order:
//
// - `<head>`: `<meta charset>`, the dependency scripts, the viewer as a classic synchronous
//   `<script src type='text/javascript'>` (never a module), the stylesheets, the dark-mode
//   assets (a stylesheet for classless elements and a separate `message` listener that
//   toggles `html.dark` on `{type: 'theme', dark}`; the theme never reaches the emitter);
// - `<body><div id='app'></div></body>`, then an inline script that calls
//   `window[topLevelVariable].launch('#app')` at once, forwards the parent's messages to the
//   emitter and the emitter's events to the parent (targetOrigin '*', no origin check),
//   posts `gameReady` at once and again on each `askReady`, and reports
//   `document.body.scrollHeight` every 250 ms when it changed (unless the viewer is full
//   screen);
// - no doctype in the version of the source that could be read (quirks mode); `doctype: true`
//   gives the later standards-mode page.

/** The iframe page's HTML for `info` (a game info) and the request's query. */
export function iframePage(info, query = {}, { doctype = false } = {}) {
  const alternate = query.alternate === "1" && info.viewer.alternate?.url;
  const viewer = alternate ? info.viewer.alternate : info.viewer;
  const viewerUrl = query.customViewerUrl || viewer.url;
  const deps = viewer.dependencies ?? {};
  const attr = (s) => String(s).replace(/&/g, "&amp;").replace(/'/g, "&#39;").replace(/</g, "&lt;");
  const stylesheets = (deps.stylesheets ?? []).map((href) => `<link type='text/css' rel='stylesheet' href='${attr(href)}'>`).join("");
  const scripts = (deps.scripts ?? []).map((src) => `<script src='${attr(src)}'></script>`).join("");
  const top = viewer.topLevelVariable;
  const dark = query.dark === "1";

  const head =
    `<head><meta charset="UTF-8">${scripts}` +
    `<script src='${attr(viewerUrl)}' type='text/javascript'></script>` +
    `${stylesheets}${darkModeAssets()}</head>`;
  const body = `<body><div id='app'></div></body>`;
  const open = doctype ? `<!DOCTYPE html><html${dark ? " class='dark'" : ""}>` : dark ? "<html class='dark'>" : "";
  return `${open}${head}${body}<script>${bridge(top, !!viewer.fullScreen)}</script></html>`;
}

/** The dark-mode stylesheet (classless elements only) and the theme listener. */
function darkModeAssets() {
  const style =
    "<style>html.dark body{background:rgb(3 7 18);color:rgb(229 231 235)}" +
    "html.dark a{color:rgb(147 197 253)}html.dark button,html.dark select,html.dark input{color-scheme:dark}</style>";
  const script =
    "<script>window.addEventListener('message',function(event){" +
    "if(event.data&&event.data.type==='theme'){document.documentElement.classList.toggle('dark',!!event.data.dark);}});</script>";
  return style + script;
}

/** The inline script after the body: launch, the message bridge, the handshake, the height. */
function bridge(top, fullScreen) {
  return `
var gameObj = window[${JSON.stringify(top)}].launch('#app');
window.addEventListener('message', function (event) {
  // The platform logs every message it receives (a message that is not JSON-safe throws here).
  console.log('iframe received', event.data.type, JSON.parse(JSON.stringify(event.data)));
  var d = event.data;
  switch (d.type) {
    case 'state': gameObj.emit('state', d.state); break;
    case 'askReady': parent.postMessage({ type: 'gameReady' }, '*'); break;
    case 'state:updated': gameObj.emit('state:updated'); break;
    case 'gameLog': gameObj.emit('gamelog', d.data); break;
    case 'player':
    case 'avatars':
    case 'preferences': gameObj.emit(d.type, d[d.type]); break;
    case 'replay:start':
    case 'replay:end': gameObj.emit(d.type); break;
    case 'replay:to': gameObj.emit('replay:to', d.to); break;
  }
});
gameObj.on('move', function (move) { parent.postMessage({ type: 'gameMove', move: move }, '*'); });
gameObj.on('ready', function () { parent.postMessage({ type: 'displayReady' }, '*'); });
gameObj.on('fetchState', function () { parent.postMessage({ type: 'fetchState' }, '*'); });
gameObj.on('fetchLog', function (data) { parent.postMessage({ type: 'fetchLog', data: data }, '*'); });
gameObj.on('addLog', function (data) { parent.postMessage({ type: 'addLog', data: data }, '*'); });
gameObj.on('update:preference', function (data) { parent.postMessage({ type: 'updatePreference', data: data }, '*'); });
gameObj.on('replaceLog', function (data) { parent.postMessage({ type: 'replaceLog', data: data }, '*'); });
gameObj.on('player:clicked', function (player) { parent.postMessage({ type: 'playerClick', player: player }, '*'); });
gameObj.on('replay:info', function (data) { parent.postMessage({ type: 'replay:info', data: data }, '*'); });
parent.postMessage({ type: 'gameReady' }, '*');
if (!${fullScreen}) {
  var lastHeight;
  // (test instrumentation: the number of ticks, so a test can wait for a few of them)
  window.__bgsHeightTicks = 0;
  setInterval(function () {
    window.__bgsHeightTicks++;
    if (document.hidden) return;
    var h = document.body.scrollHeight;
    if (h !== lastHeight) {
      lastHeight = h;
      parent.postMessage({ type: 'gameHeight', height: h }, '*');
    }
  }, 250);
}
`;
}
