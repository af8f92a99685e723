// The embed stylesheet (dist/embed/outflank-viewer.css, built from web/embed/outflank-viewer.scss)
// in a host's page: every rule is under the viewer's root, a host's own elements keep their
// styles, and in an iframe that the host sizes to its content (boardgamers.space: quirks mode,
// the UA's body margin, body.scrollHeight polled) the viewer sizes from its width and stays put.
import { test, expect } from "@playwright/test";
import { createRequire } from "node:module";
import { join } from "node:path";
import { guardConsole, REPO } from "./helpers.mjs";

const require = createRequire(import.meta.url);
const engine = require(join(REPO, "engine", "bgs", "pkg", "node", "outflank_engine.js"));

const SHEET = "/embed/outflank-viewer.css";

test("the embed stylesheet touches nothing outside the viewer", async ({ page }) => {
  const guard = guardConsole(page);
  // Its reduced-motion rules too.
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.goto("./embed/example.html");
  await page.evaluate((data) => {
    window.emitter.emit("player", { index: 0 });
    window.emitter.emit("state", data);
  }, engine.init(2, [], { game: "reversi" }, "scope"));
  await expect(page.locator("#app button[data-square]")).toHaveCount(64);

  // Every style rule, at any depth (@media, @container, ...), selects under the root only;
  // keyframes are named outflank-*; nothing else (no @font-face, @import, @page...).
  const rules = await page.evaluate((href) => {
    const sheet = [...document.styleSheets].find((s) => s.href?.endsWith(href));
    const selectors = [];
    const keyframes = [];
    const groups = new Set();
    const other = [];
    // A selector list split at its top-level commas (not those inside :is(), :not(), [..]).
    const split = (text) => {
      const out = [""];
      let depth = 0;
      for (const ch of text) {
        if (ch === "(" || ch === "[") depth++;
        if (ch === ")" || ch === "]") depth--;
        if (ch === "," && depth === 0) out.push("");
        else out[out.length - 1] += ch;
      }
      return out.map((s) => s.trim());
    };
    const visit = (list) => {
      for (const rule of list) {
        if (rule instanceof CSSStyleRule) {
          selectors.push(...split(rule.selectorText));
          if (rule.cssRules?.length) visit(rule.cssRules);
        } else if (rule instanceof CSSKeyframesRule) {
          keyframes.push(rule.name);
        } else if (rule instanceof CSSGroupingRule) {
          groups.add(rule.constructor.name);
          visit(rule.cssRules);
        } else {
          other.push(rule.cssText.slice(0, 80));
        }
      }
    };
    visit(sheet.cssRules);
    return { selectors, keyframes, groups: [...groups], other };
  }, SHEET);
  expect(rules.selectors.length).toBeGreaterThan(100);
  expect(rules.selectors.filter((s) => !/^\.outflank-viewer(?![\w-])/.test(s)), "selectors outside .outflank-viewer").toEqual([]);
  expect(rules.keyframes.length).toBeGreaterThan(0);
  expect(rules.keyframes.filter((k) => !k.startsWith("outflank-")), "keyframes without the outflank- prefix").toEqual([]);
  expect(rules.groups).toEqual(expect.arrayContaining(["CSSMediaRule", "CSSContainerRule"]));
  expect(rules.other).toEqual([]);

  // A host's page beside the viewer, with the usual elements and every class name the
  // stylesheet uses (.page, .top, .button, .board, .status, .skin-wooden, .theme-dark...):
  // the same computed styles with the stylesheet as without it.
  const classes = [...new Set(rules.selectors.join(" ").match(/(?<=\.)[A-Za-z_][\w-]*/g))].filter((c) => c !== "outflank-viewer");
  expect(classes).toEqual(expect.arrayContaining(["button", "sr-only", "status", "board", "cell", "skin-wooden", "theme-dark"]));
  await page.evaluate((classes) => {
    const style = document.createElement("style");
    style.textContent = "#host, #host * { transition: opacity 2s; }";
    document.head.append(style);
    const host = document.createElement("div");
    host.id = "host";
    host.style.width = "40rem";
    host.className = classes.join(" ");
    host.dataset.game = "tictactoe";
    host.innerHTML = `
      <div class="page"><header class="top"><h1 class="title">A host</h1>
        <nav class="host-controls"><button class="button" type="button">Host button</button>
        <button class="button small primary" type="button" disabled>Small</button></nav></header></div>
      <h2>Heading</h2><h3>Heading</h3><p>Text</p><ol><li>Item <button type="button">in a list</button></li></ol>
      <label>Name <input type="text" value="x"></label><input value="no type"><select><option>One</option></select>
      <textarea>Text</textarea><fieldset><legend>Legend</legend></fieldset>
      <table><caption>Caption</caption><tr><th scope="row">Row</th><td>1</td></tr></table>
      <svg viewBox="0 0 10 10" width="20" height="20"><path d="M0 0L10 10"></path><circle cx="5" cy="5" r="2"></circle></svg>
      ${classes.map((c) => `<div class="${c}"><span class="${c}">${c}</span><button type="button" class="${c}" data-owner="first" data-to-move="0">${c}</button></div>`).join("")}`;
    document.body.append(host);
  }, classes);
  const snapshot = () =>
    page.evaluate(() => {
      const layout = new Set(["width", "height", "inline-size", "block-size", "perspective-origin", "transform-origin"]);
      const out = {};
      const elements = [document.documentElement, document.body, ...document.querySelectorAll("#host, #host *")];
      elements.forEach((el, i) => {
        for (const pseudo of [null, "::before", "::after", "::marker"]) {
          const cs = getComputedStyle(el, pseudo);
          const rec = {};
          for (let k = 0; k < cs.length; k++) {
            const p = cs[k];
            // <html> and <body> grow with the viewer: their sizes are not the point.
            if (i < 2 && layout.has(p)) continue;
            rec[p] = cs.getPropertyValue(p);
          }
          out[`${i} ${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""}${pseudo ?? ""}`] = rec;
        }
      });
      return out;
    });
  const toggle = (disabled) =>
    page.evaluate(([href, disabled]) => {
      [...document.styleSheets].find((s) => s.href?.endsWith(href)).disabled = disabled;
    }, [SHEET, disabled]);
  const styled = await snapshot();
  await toggle(true);
  const bare = await snapshot();
  await toggle(false);
  const changed = [];
  for (const [key, props] of Object.entries(bare)) {
    for (const [p, value] of Object.entries(props)) {
      if (styled[key][p] !== value) changed.push(`${key} ${p}: ${value} -> ${styled[key][p]}`);
    }
  }
  expect(Object.keys(bare).length).toBeGreaterThan(4 * 50);
  expect(changed, "the host's elements styled by the viewer's stylesheet").toEqual([]);
  // The viewer itself is styled all the same.
  await expect(page.locator("#app .board")).toHaveCSS("display", "grid");
  guard.check();
});

test("in a quirks-mode iframe sized to its content, the viewer sizes from its width and stays put", async ({ page, baseURL }) => {
  const guard = guardConsole(page);
  await page.goto("./embed/example.html");
  await page.evaluate(() => window.emitter.unmount());
  // As boardgamers.space: no doctype (quirks mode), the UA's body { margin: 8px }, and the
  // platform sets the iframe's height from document.body.scrollHeight (every 250 ms there).
  // (A srcdoc document would not be in quirks mode: the host page comes from a route.)
  await page.route("**/embed/quirks-host.html", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<html><head><link rel="stylesheet" href="outflank-viewer.css"><script src="outflank-viewer.js"></script></head>
        <body><div id="app"></div><script>window.emitter = outflank.launch("#app");</script></body></html>`,
    }),
  );
  await page.evaluate((src) => {
    const iframe = document.createElement("iframe");
    iframe.id = "bgs";
    iframe.style.cssText = "width: 600px; height: 150px; border: 0; display: block";
    iframe.src = src;
    document.body.append(iframe);
    window.fit = setInterval(() => {
      const body = iframe.contentDocument?.body;
      if (body) iframe.style.height = `${body.scrollHeight}px`;
    }, 50);
  }, new URL("embed/quirks-host.html", baseURL).href);
  const frame = page.frameLocator("#bgs");
  await expect.poll(() => page.evaluate(() => typeof document.getElementById("bgs").contentWindow.emitter?.emit)).toBe("function");
  expect(await page.evaluate(() => document.getElementById("bgs").contentDocument.compatMode)).toBe("BackCompat");
  const data = engine.setPlayerMetaData(engine.init(2, [], { game: "reversi" }, "quirks"), 0, { name: "Ada" });
  await page.evaluate((data) => {
    const { emitter } = document.getElementById("bgs").contentWindow;
    emitter.emit("player", { index: 0 });
    emitter.emit("state", data);
  }, data);
  await expect(frame.locator("button[data-square]")).toHaveCount(64);

  const height = () => page.evaluate(() => document.getElementById("bgs").getBoundingClientRect().height);
  const boardWidth = async () => (await frame.locator(".board").boundingBox()).width;
  // The height settles (it would keep growing with a board sized from 100vh) ...
  let last = -1;
  await expect
    .poll(async () => {
      const [before, now] = [last, await height()];
      last = now;
      return now > 150 && now === before;
    }, { intervals: [500], timeout: 20_000 })
    .toBe(true);
  await page.waitForTimeout(1000);
  expect(await height()).toBe(last);
  // ... with the board fitted to the frame's width (600 px less the body's margins).
  const width = await boardWidth();
  expect(width).toBeGreaterThan(400);
  const frameBox = await frame.locator(".board-frame").boundingBox();
  const iframeBox = await page.locator("#bgs").boundingBox();
  expect(frameBox.x + frameBox.width).toBeLessThanOrEqual(iframeBox.x + 600 - 8);
  // A taller (or shorter) frame does not change the board; a wider one does.
  await page.evaluate(() => {
    clearInterval(window.fit);
    document.getElementById("bgs").style.height = "2400px";
  });
  await expect.poll(boardWidth).toBe(width);
  await page.evaluate(() => (document.getElementById("bgs").style.height = "300px"));
  await expect.poll(boardWidth).toBe(width);
  await page.evaluate(() => (document.getElementById("bgs").style.width = "420px"));
  await expect.poll(boardWidth).toBeLessThan(width);
  guard.check();
});

test("in a shrink-to-fit box (an auto-width flex item) the viewer keeps the smallest board", async ({ page }) => {
  const guard = guardConsole(page);
  await page.goto("./embed/example.html");
  await page.evaluate((data) => {
    window.emitter.unmount();
    const row = document.createElement("div");
    row.style.display = "flex";
    row.innerHTML = `<div id="narrow"></div><p>The host's sidebar</p>`;
    document.body.append(row);
    const emitter = outflank.launch("#narrow");
    emitter.emit("player", { index: 0 });
    emitter.emit("state", data);
  }, engine.init(2, [], { game: "reversi" }, "narrow"));
  await expect(page.locator("#narrow button[data-square]")).toHaveCount(64);
  const rem = 16;
  const root = await page.locator("#narrow [data-outflank-viewer]").boundingBox();
  const frame = await page.locator("#narrow .board-frame").boundingBox();
  const board = await page.locator("#narrow .board").boundingBox();
  expect(root.width).toBeGreaterThanOrEqual(17 * rem);
  expect(board.width).toBeGreaterThanOrEqual(15 * rem);
  expect(frame.x + frame.width).toBeLessThanOrEqual(root.x + root.width + 1);
  guard.check();
});
