// Types of outflank-viewer.js, the embeddable Outflank viewer: `window.outflank.launch` and the
// events of the boardgamers.space viewer protocol, with the names and payloads the viewer
// reads and writes (ui/src/protocol/json/mod.rs).
//
// The script is not a module: it defines the global `outflank` (and `viewer`, when that name is
// free). Bring these declarations in with `/// <reference types="outflank-viewer" />` or
// `import type { ViewerEmitter } from "outflank-viewer"`.

/** A player: 0 moves first (dark in Reversi, black in Gomoku, X in Tic-Tac-Toe). */
export type Player = 0 | 1;

/**
 * A game as the engine writes it: its kind and options, and the fields of that game (Reversi's
 * `turns`, `board` and `toMove`; Gomoku's and Tic-Tac-Toe's `moves`), checked by replaying them.
 */
export interface Game {
  game: "reversi" | "gomoku" | "tictactoe";
  options: Record<string, unknown>;
  [key: string]: unknown;
}

/** A player's metadata as the host stores it beside the game. */
export interface PlayerMeta {
  name: string;
  [key: string]: unknown;
}

/**
 * The payload of `state`: the `GameData` of the npm package outflank-engine, as a host stores
 * it (`{engine: "outflank", players, state, ...}`), or the engine's JSON of a game with
 * `players` beside it. `stateId`, when the host keeps one, tells a newer state from an older.
 */
export type ViewerState =
  | {
      engine: "outflank";
      state: Game;
      players?: PlayerMeta[] | null;
      stateId?: number;
      [key: string]: unknown;
    }
  | (Game & { players?: PlayerMeta[] | null; stateId?: number });

/** An item of the game log, as the engine's `logSlice` gives it. */
export type LogItem =
  | { kind: "event"; event: "start" }
  | { kind: "move"; player: Player; move: string; flipped?: string[] }
  | { kind: "event"; event: "pass" | "concede" | "drop" | "timeout"; player: Player }
  | { kind: "event"; event: "end"; winner: Player | null; scores: [number, number] };

/** What the engine's `logSlice` returns. */
export interface LogSlice {
  log: LogItem[];
  availableMoves: string[];
}

/**
 * The payload of `gamelog`: `{start, end?, data}` with `data` a `logSlice` result (or its
 * items), as boardgamers.space's game page sends it, or a `logSlice` result or the items bare.
 */
export type GamelogPayload =
  | { start?: number | null; end?: number; data: LogSlice | LogItem[] }
  | LogSlice
  | LogItem[];

/** The viewer's display preferences, each with the values it allows. */
export interface Preferences {
  skin: "classic" | "wooden";
  /** Show the legal moves of the player to move. */
  highlights: boolean;
  speed: "normal" | "fast" | "off";
  theme: "auto" | "light" | "dark";
  sound: boolean;
  /** A whole number, 0-100. */
  volume: number;
  language: "en" | "fr" | "ja";
}

/** A preference the player changed, as `update:preference` reports it. */
export type PreferenceChange = {
  [Name in keyof Preferences]: { name: Name; value: Preferences[Name] };
}[keyof Preferences];

/**
 * What the host tells the viewer (`emitter.emit(name, payload)`): each event's name and its
 * arguments. Unknown names and malformed payloads are ignored with a console warning.
 */
export interface HostEvents {
  state: [state: ViewerState];
  /** A newer state exists: the viewer asks for it with `fetchState`. */
  "state:updated": [];
  gamelog: [log: GamelogPayload];
  /** The viewer's player; no `index` (or `undefined`, `null`) makes it a spectator. */
  player: [player?: { index?: Player | null } | null];
  /** Unknown keys are ignored (a host sends the preferences of every game). */
  preferences: [preferences: Partial<Preferences> & Record<string, unknown>];
  /** Picture URLs by player index. */
  avatars: [avatars: string[]];
  "replay:start": [];
  /** Show the game right after log item `to`. */
  "replay:to": [to: number | { to: number }];
  "replay:end": [];
  theme: [theme: { dark: boolean }];
}

/** What the viewer asks of the host (`emitter.on(name, listener)`): each event's arguments. */
export interface ViewerEvents {
  /** Once, after the first state is on screen. */
  ready: [payload: null];
  /** A legal move of the viewer's own player on the live position, in notation ("f5"), or "concede". */
  move: [move: string];
  fetchState: [payload: null];
  fetchLog: [range: { start: number; end?: number }];
  /** Human-readable lines for the host's log. */
  addLog: [lines: string[]];
  replaceLog: [lines: string[]];
  /** Where a replay stands, in log indexes. */
  "replay:info": [info: { start: number; current: number; end: number }];
  "update:preference": [preference: PreferenceChange];
  "player:clicked": [player: { index: number; name: string }];
}

/** Node's EventEmitter, as much of it as a host uses. */
export interface Emitter<
  Listen extends { [Name in keyof Listen]: unknown[] },
  Emit extends { [Name in keyof Emit]: unknown[] },
> {
  on<Name extends keyof Listen & string>(name: Name, listener: (...args: Listen[Name]) => void): this;
  addListener<Name extends keyof Listen & string>(name: Name, listener: (...args: Listen[Name]) => void): this;
  once<Name extends keyof Listen & string>(name: Name, listener: (...args: Listen[Name]) => void): this;
  off<Name extends keyof Listen & string>(name: Name, listener: (...args: Listen[Name]) => void): this;
  removeListener<Name extends keyof Listen & string>(name: Name, listener: (...args: Listen[Name]) => void): this;
  removeAllListeners(name?: keyof Listen & string): this;
  listenerCount(name: keyof Listen & string): number;
  /** Calls the listeners of `name` in order; true if there were any. */
  emit<Name extends keyof Emit & string>(name: Name, ...args: Emit[Name]): boolean;
}

/** A mounted viewer: the host listens to the viewer's events and emits its own. */
export interface ViewerEmitter extends Emitter<ViewerEvents, HostEvents> {
  /** Removes the viewer from the page and forgets every listener. */
  unmount(): void;
}

/** The global `outflank` (and `viewer`, when that name was free). */
export interface OutflankViewer {
  /**
   * Mounts a viewer in `target` (a selector or an element) and returns its emitter at once:
   * events emitted before the viewer has loaded are kept and delivered in order.
   * Throws if no element matches.
   */
  launch(target: string | Element): ViewerEmitter;
  /** The emitter class `launch` returns an instance of, untyped. */
  Emitter: new () => Emitter<Record<string, unknown[]>, Record<string, unknown[]>>;
}

declare global {
  interface Window {
    outflank: OutflankViewer;
    viewer?: OutflankViewer;
  }
  var outflank: OutflankViewer;
}
