// The demo host platform (host.html): the authoritative game in the engine package's web
// build, one viewer iframe per seat, the BGS iframe messages both ways.
import init, * as engine from "./engine/outflank_engine.js";

const log = document.getElementById("log");
function note(line) {
  // Text only: names and log lines from the game are never read as HTML.
  log.textContent += line + "\n";
  log.scrollTop = log.scrollHeight;
}

await init({ module_or_path: new URL("./engine/outflank_engine_bg.wasm", import.meta.url) });
let data = engine.init(2, [], { game: "reversi" }, "demo");
data = engine.setPlayerMetaData(data, 0, { name: "Ada" });
data = engine.setPlayerMetaData(data, 1, { name: "Grace" });

const frames = [...document.querySelectorAll("iframe[data-seat]")];
const seatOf = (frame) => (frame.dataset.seat === "spectator" ? undefined : Number(frame.dataset.seat));
const send = (frame, message) => frame.contentWindow.postMessage(message, location.origin);
const sendState = (frame) => {
  send(frame, { type: "player", player: { index: seatOf(frame) } });
  send(frame, { type: "state", state: data });
};
window.demoHost = { frames, get data() { return data; } };

window.addEventListener("message", (event) => {
  if (event.origin !== location.origin) {
    console.warn(`demo host: ignored a message from ${event.origin}`);
    return;
  }
  const frame = frames.find((f) => f.contentWindow === event.source);
  if (!frame) return;
  const seat = seatOf(frame);
  const message = event.data ?? {};
  switch (message.type) {
    case "displayReady":
      note(`viewer ${frame.dataset.seat} is ready`);
      break;
    case "fetchState":
      sendState(frame);
      break;
    case "fetchLog": {
      const range = message.data ?? {};
      send(frame, { type: "gameLog", data: engine.logSlice(data, { player: seat, start: range.start ?? 0, end: range.end }) });
      break;
    }
    case "gameMove":
      try {
        if (seat === undefined) throw new Error("a spectator cannot move");
        data = engine.move(data, message.move, seat);
        note(`${data.players[seat].name} plays ${JSON.stringify(message.move)}`);
        for (const line of engine.messages(data).messages) note(line);
        data = engine.messages(data).data;
        for (const f of frames) send(f, { type: "state:updated" });
      } catch (e) {
        note(`refused a move of viewer ${frame.dataset.seat}: ${e.message}`);
        sendState(frame);
      }
      break;
    case "addLog":
    case "replaceLog":
      break;
    default:
      break;
  }
});

// Each viewer gets its seat and the game as soon as its page has loaded.
for (const frame of frames) {
  frame.addEventListener("load", () => sendState(frame));
  frame.src = `embed/frame.html?origin=${encodeURIComponent(location.origin)}`;
}
