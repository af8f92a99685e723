// The demo host platform (host.html): the authoritative game in the engine package's web
// build, one viewer iframe per seat, and boardgamers.space's game-page messages both ways:
// askReady/gameReady, then theme, player, preferences, avatars, state; gameLog
// {start, data: logSlice} back to the mover after a move, state:updated to the others (they
// ask with fetchState); the iframe shown once its viewer says displayReady, and sized by
// gameHeight. Unlike the platform, only messages from this page's origin are read.
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
// Stored as the platform stores it: plain JSON.
data = JSON.parse(JSON.stringify(data));

const frames = [...document.querySelectorAll("iframe[data-seat]")];
const seatOf = (frame) => (frame.dataset.seat === "spectator" ? undefined : Number(frame.dataset.seat));
const send = (frame, message) => frame.contentWindow.postMessage(message, location.origin);
const preferences = new Map(frames.map((f) => [f, {}]));
const darkToggle = document.getElementById("dark");
const avatar = (letter, fill) =>
  "data:image/svg+xml," +
  encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="${fill}"/>` +
      `<text x="20" y="27" font-size="20" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`,
  );
const AVATARS = [avatar("A", "#6a4c93"), avatar("G", "#1982c4")];
window.demoHost = { frames, get data() { return data; } };

const sendState = (frame) => send(frame, { type: "state", state: data });
const sendPreferences = (frame) => send(frame, { type: "preferences", preferences: preferences.get(frame) });
const sendTheme = (frame) => send(frame, { type: "theme", dark: darkToggle.checked });

darkToggle.addEventListener("change", () => {
  document.documentElement.classList.toggle("dark", darkToggle.checked);
  for (const f of frames) sendTheme(f);
});

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
    case "gameReady":
      sendTheme(frame);
      send(frame, { type: "player", player: { index: seat } });
      sendPreferences(frame);
      send(frame, { type: "avatars", avatars: AVATARS });
      sendState(frame);
      break;
    case "displayReady":
      frame.hidden = false;
      note(`viewer ${frame.dataset.seat} is ready`);
      break;
    case "gameHeight": {
      const min = parseFloat(getComputedStyle(frame).minHeight) || 0;
      frame.height = String(Math.max(min, Number(message.height) || 0));
      break;
    }
    case "fetchState":
      sendState(frame);
      break;
    case "fetchLog": {
      const range = message.data ?? {};
      const slice = engine.logSlice(data, { player: seat, start: range.start ?? 0, end: range.end });
      send(frame, { type: "gameLog", data: { start: range.start ?? 0, end: range.end, data: slice } });
      break;
    }
    case "gameMove":
      try {
        if (seat === undefined) throw new Error("a spectator cannot move");
        const start = engine.logLength(data);
        const moved = engine.move(data, message.move, seat);
        note(`${moved.players[seat].name} plays ${JSON.stringify(message.move)}`);
        const { messages, data: reported } = engine.messages(moved);
        for (const line of messages) note(line);
        data = JSON.parse(JSON.stringify(reported));
        // The mover gets its move back as the log; the others hear that the game changed.
        send(frame, { type: "gameLog", data: { start, data: engine.logSlice(moved, { start, player: seat }) } });
        for (const f of frames) if (f !== frame) send(f, { type: "state:updated" });
      } catch (e) {
        note(`refused a move of viewer ${frame.dataset.seat}: ${e.message}`);
        sendState(frame);
      }
      break;
    case "playerClick":
      note(`viewer ${frame.dataset.seat} clicked ${message.player?.name ?? "a player"}`);
      break;
    case "updatePreference": {
      const { name, value } = message.data ?? {};
      if (typeof name === "string") {
        preferences.set(frame, { ...preferences.get(frame), [name]: value });
        sendPreferences(frame);
      }
      break;
    }
    default:
      break;
  }
});

// Each viewer is shown once it is ready. The frame says gameReady as soon as it can hear
// (it also answers an askReady, which a page that mounts later than its frames would send).
for (const frame of frames) {
  frame.hidden = true;
  frame.src = `embed/frame.html?origin=${encodeURIComponent(location.origin)}`;
}
