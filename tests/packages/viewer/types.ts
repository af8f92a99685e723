// The package's types as a platform's TypeScript sees them: the global `outflank`, the emitter
// and each event's payload.
/// <reference types="outflank-viewer" />
import type { HostEvents, ViewerEmitter, ViewerEvents, ViewerState } from "outflank-viewer";

const emitter: ViewerEmitter = window.outflank.launch("#app");
outflank.launch(document.createElement("div")).unmount();

emitter.on("move", (move) => {
  const sent: string = move;
  console.log(sent);
});
emitter.once("ready", () => console.log("ready"));
emitter.on("fetchLog", ({ start, end }) => console.log(start, end ?? "to the end"));
emitter.on("update:preference", (change) => {
  if (change.name === "skin") {
    const skin: "classic" | "wooden" = change.value;
    console.log(skin);
  }
});
emitter.on("replay:info", ({ start, current, end }) => console.log(start + current + end));
emitter.on("player:clicked", ({ index, name }) => console.log(index, name));

const state: ViewerState = {
  game: "reversi",
  options: { size: 8, variant: "standard" },
  turns: ["f5"],
  board: ["--------", "--------", "--------", "---OX---", "---XXX--", "--------", "--------", "--------"],
  toMove: 1,
  players: [{ name: "Ada" }, { name: "Bo" }],
};
emitter.emit("state", state);
emitter.emit("state", { engine: "outflank", state: { game: "tictactoe", options: {}, moves: ["b2"] }, players: null });
emitter.emit("player", { index: 0 });
emitter.emit("player", { index: undefined });
emitter.emit("state:updated");
emitter.emit("gamelog", { start: 1, data: { log: [{ kind: "move", player: 0, move: "f5", flipped: ["e5"] }], availableMoves: [] } });
emitter.emit("preferences", { skin: "wooden", volume: 40, someOtherGame: 1 });
emitter.emit("replay:to", 3);
emitter.emit("theme", { dark: true });
const names: (keyof HostEvents | keyof ViewerEvents)[] = ["state", "move"];
console.log(names);

// The types are real, not `any`: each line below must be an error.
// @ts-expect-error theme takes {dark: boolean}
emitter.emit("theme", { dark: "yes" });
// @ts-expect-error no such host event
emitter.emit("explode", {});
// @ts-expect-error a move is a string
emitter.on("move", (move: number) => console.log(move));
// @ts-expect-error a player is 0 or 1
emitter.emit("player", { index: 2 });
// @ts-expect-error the skin is classic or wooden
emitter.emit("preferences", { skin: "marble" });
