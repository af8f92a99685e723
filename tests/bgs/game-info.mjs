// What boardgamers.space (BGS) knows about Outflank: the game-info document an admin saves
// (the viewer's URLs, the creation form's options, the viewer's preferences). The tests build
// the iframe page and the game page from it, as the platform does.

/**
 * The game info of Outflank version 1, with the viewer bundle served from `viewerBase`
 * (an absolute URL ending in "/", e.g. the test server's `.../embed/`).
 */
export function gameInfo(viewerBase) {
  return {
    _id: { game: "outflank", version: 1 },
    label: "Outflank",
    players: [2],
    expansions: [],
    // The creation form: every select is sent whatever game is chosen (as strings);
    // checkboxes are sent as `true` when ticked and left out otherwise. (The declaration the
    // npm package's README documents; keep the two the same.)
    options: [
      {
        name: "game",
        label: "Game",
        type: "select",
        default: "reversi",
        items: [
          { name: "reversi", label: "Reversi" },
          { name: "gomoku", label: "Gomoku" },
          { name: "tictactoe", label: "Tic-Tac-Toe" },
        ],
      },
      {
        name: "variant",
        label: "Reversi variant",
        type: "select",
        default: "standard",
        items: [
          { name: "standard", label: "Standard" },
          { name: "bombs", label: "Bombs" },
        ],
      },
      {
        name: "reversiSize",
        label: "Reversi board",
        type: "select",
        default: "8",
        items: [
          { name: "8", label: "8x8" },
          { name: "6", label: "6x6" },
          { name: "10", label: "10x10" },
        ],
      },
      {
        name: "gomokuSize",
        label: "Gomoku board",
        type: "select",
        default: "19",
        items: [
          { name: "19", label: "19x19" },
          { name: "15", label: "15x15" },
        ],
      },
      { name: "exactFive", label: "Gomoku: exactly five", type: "checkbox" },
      {
        name: "level",
        label: "Computer's level",
        type: "select",
        default: "5",
        items: [
          ...Array.from({ length: 10 }, (_, i) => ({ name: String(i + 1), label: String(i + 1) })),
          { name: "11", label: "11 (expert)" },
        ],
      },
    ],
    preferences: [
      {
        name: "skin",
        label: "Board style",
        type: "select",
        default: "classic",
        items: [
          { name: "classic", label: "Classic" },
          { name: "wooden", label: "Wooden" },
        ],
      },
      { name: "highlights", label: "Show possible moves", type: "checkbox", default: true },
      {
        name: "speed",
        label: "Animation",
        type: "select",
        default: "normal",
        items: [
          { name: "normal", label: "Normal" },
          { name: "fast", label: "Fast" },
          { name: "off", label: "Off" },
        ],
      },
      // No default: until a player picks one, the viewer speaks their browser's language.
      {
        name: "language",
        label: "Language",
        type: "select",
        items: [
          { name: "en", label: "English" },
          { name: "fr", label: "Français" },
          { name: "ja", label: "日本語" },
        ],
      },
    ],
    settings: [],
    viewer: {
      url: `${viewerBase}outflank-viewer.js`,
      topLevelVariable: "outflank",
      dependencies: { scripts: [], stylesheets: [`${viewerBase}outflank-viewer.css`] },
      fullScreen: false,
      replayable: true,
    },
  };
}
