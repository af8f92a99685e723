// BGS's game page (its StartedGame component and the sidebar's replay controls), rebuilt from
// what the platform's source does (facts §2), written for these tests. One started game per
// user named in `?users=` (the real page has one; a test puts several users side by side).
// Because the real page has one iframe, it reads every `message` of its window; here each
// started game reads only its own iframe's messages (the one liberty taken).
//
// Query: users=u-ada:Ada,u-grace:Grace,u-eve:Eve (or "-" for a logged-out visitor),
//        prefs={"speed":"off"} (each user's stored preferences),
//        live=newer|readable   (how a websocket push is handled: the newer source pings
//                               `state:updated` after one refetch; the readable one also posts
//                               an unprompted `state`, and reacts to an equal timestamp too),
//        fetchLog=current|intended (what the page answers to `fetchLog`: the current source's
//                               bare logSlice result, or the `{start, end, data}` it means),
//        resources=cross|same  (the iframe on the resources subdomain, or under /resources).

const params = new URL(location.href).searchParams;
const gameId = decodeURIComponent(location.pathname.split("/")[2] ?? "");
const live = params.get("live") ?? "newer";
const fetchLogMode = params.get("fetchLog") ?? "current";
const storedPrefs = JSON.parse(params.get("prefs") ?? "{}");
const users = (params.get("users") ?? "-")
  .split(",")
  .map((u) => (u === "-" ? null : { _id: u.split(":")[0], name: u.split(":")[1] ?? u }));

const page = {
  instances: [],
  /** Paths the page navigated to (`goto`). */
  visited: [],
  /** Errors the page showed to the user (handleError). */
  errors: [],
  dark: false,
};
window.bgsPage = page;

function handleError(err) {
  page.errors.push(String(err && err.message ? err.message : err));
  console.error("BGS page error:", err);
}

function goto(path) {
  page.visited.push(path);
  history.pushState({}, "", path);
  document.querySelector('[data-testid="location"]').textContent = path;
}

/** The platform's `get`/`post`: fetch, the parsed body back, an error for a failed status. */
async function api(method, path, user, { query, body } = {}) {
  let url = `/api${path}`;
  if (query) url += `?${new URLSearchParams(query)}`;
  const headers = { "content-type": "application/json" };
  if (user) headers["x-bgs-user"] = user._id;
  const res = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  const value = text ? JSON.parse(text) : undefined;
  if (!res.ok) throw new Error(value?.message ?? `HTTP ${res.status}`);
  return value;
}

/** The iframe's base: the same origin under /resources, or the resources subdomain. */
function resourcesLink() {
  if (params.get("resources") === "same") return "/resources";
  const host = location.host;
  const hostname = host.split(":")[0];
  return host.startsWith("localhost") || /^[\d.]+$/.test(hostname) || host.endsWith("boardgamers.space")
    ? "/resources"
    : `//resources.${host.slice(host.indexOf(".") + 1)}`;
}

/** The declared defaults under the stored preferences. */
function addDefaults(stored, info) {
  const preferences = { ...stored };
  for (const p of info.preferences ?? []) {
    if (preferences[p.name] === undefined && p.default !== undefined) preferences[p.name] = p.default;
  }
  return { game: info._id.game, version: info._id.version, preferences };
}

const el = (tag, attrs = {}, text) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
};

class StartedGame {
  constructor(user, info, game) {
    this.user = user;
    this.info = info;
    this.game = game;
    this.prefs = addDefaults(storedPrefs, info);
    this.stateSent = false;
    this.replayData = null;
    this.log = [];
    /** Messages from and to the iframe, in order: [direction, message]. */
    this.messages = [];
    this.heights = [];
    this.moving = null;
  }

  get label() {
    return this.user ? this.user._id : "anonymous";
  }

  mount(container) {
    const section = el("section", { class: "started-game", "data-user": this.label });
    const left = el("div");
    this.loading = el("p", { "data-testid": "loading", role: "status" }, "Loading...");
    const iframe = el("iframe", {
      allow: "cross-origin-isolated fullscreen",
      credentialless: "",
      class: "game-iframe hidden",
      title: "Game UX",
      sandbox: "allow-scripts allow-same-origin allow-orientation-lock",
      "data-user": this.label,
    });
    if (this.info.viewer.fullScreen) iframe.classList.add("fullScreen");
    iframe.src = `${resourcesLink()}/game/${this.game.game.name}/${this.info._id.version}/iframe?alternate=0&customViewerUrl=`;
    this.iframe = iframe;
    left.append(this.loading, iframe);

    const aside = el("aside");
    aside.append(el("h2", {}, this.user ? this.user.name : "(logged out)"));
    this.controls = el("div", { "data-testid": "replay-controls" });
    aside.append(this.controls);
    this.logList = el("ol", { "data-testid": "log" });
    aside.append(this.logList);
    section.append(left, aside);
    container.append(section);
    this.renderControls();

    window.addEventListener("message", (event) => {
      if (event.source !== iframe.contentWindow) return;
      this.handleGameMessage(event);
    });
    // The component's effects run once mounted (the iframe is still loading: these are lost).
    this.postUser();
    this.postTheme();
    this.postPreferences();
    // onMount
    this.post({ type: "askReady" });
  }

  post(message) {
    this.messages.push(["to", JSON.parse(JSON.stringify(message ?? null))]);
    this.iframe.contentWindow?.postMessage(message, "*");
  }

  postTheme() {
    this.post({ type: "theme", dark: page.dark });
  }

  postUser() {
    const index = this.game.players.findIndex((pl) => pl._id === this.user?._id);
    this.post({ type: "player", player: { index: index !== -1 ? index : undefined } });
  }

  postAvatars() {
    const avatars = this.game.players.map((pl) => `${location.origin}/api/user/${pl._id}/avatar`);
    this.post({ type: "avatars", avatars: JSON.parse(JSON.stringify(avatars)) });
  }

  postPreferences() {
    if (this.prefs) this.post({ type: "preferences", preferences: JSON.parse(JSON.stringify(this.prefs.preferences)) });
  }

  postGamedata() {
    this.post({ type: "state", state: JSON.parse(JSON.stringify(this.game.data)) });
  }

  postUpdatePresent() {
    this.post({ type: "state:updated" });
  }

  postGameLog(logObject) {
    this.post({ type: "gameLog", data: logObject });
  }

  loadGame() {
    return api("GET", `/gameplay/${this.game._id}`, this.user);
  }

  async handleGameMessage(event) {
    try {
      const d = event.data;
      this.messages.push(["from", JSON.parse(JSON.stringify(d ?? null))]);
      if (d.type === "gameReady") {
        this.postTheme();
        this.postUser();
        this.postPreferences();
        this.postAvatars();
        this.postGamedata();
      } else if (d.type === "gameHeight") {
        this.heights.push(d.height);
        const min = +window.getComputedStyle(this.iframe, null).getPropertyValue("min-height").replace(/px/, "");
        this.iframe.height = String(Math.max(min, +d.height));
      } else if (d.type === "playerClick") {
        goto(`/user/${encodeURIComponent(d.player.name)}`);
      } else if (d.type === "gameMove") {
        await this.addMove(d.move);
      } else if (d.type === "displayReady") {
        this.stateSent = true;
        this.iframe.classList.remove("hidden");
        this.loading.classList.add("hidden");
      } else if (d.type === "fetchState") {
        const g = await this.loadGame();
        if (g._id === this.game._id) {
          this.game = g;
          this.postGamedata();
        }
      } else if (d.type === "fetchLog") {
        let logData;
        if (fetchLogMode === "intended") {
          // What the code means (the older client's axios did this): the range as the query,
          // the whole `{start, end, data}` answer passed on.
          const query = {};
          for (const [k, v] of Object.entries(d.data ?? {})) if (v !== undefined && v !== null) query[k] = v;
          logData = await api("GET", `/gameplay/${this.game._id}/log`, this.user, { query });
        } else {
          // What the current client does: the range nested under `params` (sent as
          // "[object Object]": the server sees no range), then `.data` of the parsed body.
          logData = await api("GET", `/gameplay/${this.game._id}/log`, this.user, { query: { params: d.data } }).then((r) => r.data);
        }
        this.postGameLog(logData);
      } else if (d.type === "addLog") {
        this.log = [...this.log, ...d.data];
        this.renderLog();
      } else if (d.type === "replaceLog") {
        this.log = d.data;
        this.renderLog();
      } else if (d.type === "replay:info") {
        this.replayData = d.data;
        this.renderControls();
      } else if (d.type === "updatePreference") {
        await this.updatePreference(d.data.name, d.data.value);
      }
    } catch (err) {
      handleError(err);
    }
  }

  async addMove(move) {
    let done;
    this.moving = new Promise((r) => (done = r));
    try {
      const { game: newGame, log } = await api("POST", `/gameplay/${this.game._id}/move`, this.user, { body: { move } });
      if (newGame._id === this.game._id && !(newGame.updatedAt < this.game.updatedAt)) {
        this.game = newGame;
        this.postGameLog(log);
      }
    } finally {
      this.moving = null;
      done();
    }
  }

  async updatePreference(name, value) {
    this.prefs = { ...this.prefs, preferences: { ...this.prefs.preferences, [name]: value } };
    this.postPreferences();
    if (this.user) {
      await api("POST", `/account/games/${this.info._id.game}/preferences/${this.info._id.version}`, this.user, { body: { name, value } });
    }
  }

  /** A websocket push: the game changed on the server. */
  async onGameUpdated(push) {
    if (push.gameId !== this.game._id) return;
    // The push comes from the API's poll, after the mover's own response.
    if (this.moving) await this.moving;
    const pushed = new Date(push.updatedAt);
    const held = new Date(this.game.updatedAt);
    try {
      if (live === "readable") {
        if (pushed >= held) {
          this.postUpdatePresent();
          if (!this.replayData) {
            const g = await this.loadGame();
            if (g._id === this.game._id && !(g.updatedAt < this.game.updatedAt)) {
              this.game = g;
              this.postGamedata();
            }
          }
        }
      } else if (pushed > held) {
        const g = await this.loadGame();
        if (g._id === this.game._id && !(g.updatedAt < this.game.updatedAt)) this.game = g;
        if (!this.replayData) this.postUpdatePresent();
      }
    } catch (err) {
      handleError(err);
    }
  }

  // The sidebar's replay controls: the values come from the viewer's last replay:info.
  replayStart() {
    this.post({ type: "replay:start" });
  }

  replayTo(to) {
    this.post({ type: "replay:to", to });
  }

  replayEnd() {
    this.post({ type: "replay:end" });
    this.replayData = null;
    this.renderControls();
  }

  renderControls() {
    const c = this.controls;
    c.replaceChildren();
    if (!this.info.viewer.replayable) return;
    const button = (id, label, onClick) => {
      const b = el("button", { type: "button", "data-testid": `replay-${id}` }, label);
      b.addEventListener("click", onClick);
      c.append(b);
    };
    const r = this.replayData;
    if (!r) {
      button("start", "Replay", () => this.replayStart());
      return;
    }
    button("first", "First", () => this.replayTo(r.start));
    button("prev", "Previous", () => this.replayTo(Math.max(r.start, r.current - 1)));
    button("next", "Next", () => this.replayTo(Math.min(r.end, r.current + 1)));
    button("last", "Last", () => this.replayTo(r.end));
    button("stop", "Stop", () => this.replayEnd());
    c.append(el("span", { "data-testid": "replay-position" }, `${r.current} / ${r.end}`));
  }

  renderLog() {
    // Lines are text here (the platform renders sanitized one-line markdown).
    this.logList.replaceChildren(...this.log.map((line) => el("li", {}, String(line))));
  }
}

document.querySelector('[data-testid="theme-toggle"]').addEventListener("click", () => {
  page.dark = !page.dark;
  document.documentElement.classList.toggle("dark", page.dark);
  for (const g of page.instances) g.postTheme();
});

window.bgsSocket = {
  push(update) {
    for (const g of page.instances) g.onGameUpdated(update);
  },
};

const info = await api("GET", "/gameinfo/outflank/1", null);
const container = document.getElementById("games");
for (const user of users) {
  const game = await api("GET", `/gameplay/${gameId}`, user);
  const started = new StartedGame(user, info, game);
  page.instances.push(started);
  started.mount(container);
}
page.mounted = true;
