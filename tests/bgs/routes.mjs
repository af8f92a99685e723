// The BGS double on the network of a Playwright browser context: the game page on
// http://www.bgs.test, its API answered by a BgsServer in the test process, the iframe page
// on http://resources.bgs.test (or under http://www.bgs.test/resources, same origin), and the
// viewer bundle on http://cdn.bgs.test (the platform's file storage), whose files the tests'
// static server gives. (A page on a public host may not load from 127.0.0.1 itself: Chromium's
// private network access rules block it, as they would on the real platform.)

import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { iframePage } from "./iframe-page.mjs";
import { HttpError } from "./server.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
export const SITE = "http://www.bgs.test";
export const RESOURCES = "http://resources.bgs.test";
export const CDN = "http://cdn.bgs.test";

/** Where the viewer bundle is on the CDN, for the static server's `baseURL`. */
export const cdnBase = (baseURL) => `${CDN}${new URL("embed/", baseURL).pathname}`;

const avatar = (id) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#8a6"/>` +
  `<text x="20" y="26" font-size="14" text-anchor="middle">${id.slice(0, 3).replace(/[^\w-]/g, "")}</text></svg>`;

/**
 * Routes the double's hosts in `context`; the CDN's files come from `baseURL`'s server.
 * `options.doctype` picks the iframe page's prologue (false: the readable source's quirks
 * mode). Returns the list of iframe page requests (their URLs), for assertions.
 */
export async function routeBgs(context, { server, info, baseURL, doctype = false }) {
  const iframeRequests = [];
  const fulfillJson = (route, status, value) =>
    route.fulfill({ status, contentType: "application/json; charset=utf-8", body: value === undefined ? "" : JSON.stringify(value) });

  const iframe = async (route, url, path) => {
    const m = /^\/game\/([^/]+)\/(\d+)\/iframe$/.exec(path);
    if (!m || m[1] !== info._id.game || +m[2] !== info._id.version) return route.fulfill({ status: 404, body: "" });
    iframeRequests.push(url.href);
    const query = Object.fromEntries(url.searchParams);
    await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: iframePage(info, query, { doctype }) });
  };

  await context.route(`${CDN}/**`, async (route) => {
    const url = new URL(route.request().url());
    // (No CORS headers: a viewer that fetched its own files from here would fail, as it may
    // on the platform's storage.)
    await route.fulfill({ response: await route.fetch({ url: new URL(url.pathname, baseURL).href }) });
  });

  await context.route(`${RESOURCES}/**`, (route) => {
    const url = new URL(route.request().url());
    return iframe(route, url, url.pathname);
  });

  await context.route(`${SITE}/**`, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname;
    const user = request.headers()["x-bgs-user"];
    try {
      if (path.startsWith("/resources/")) return await iframe(route, url, path.slice("/resources".length));
      if (path.startsWith("/game/")) {
        return await route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: readFileSync(join(HERE, "game-page.html"), "utf8") });
      }
      if (path === "/bgs/game-page.js") {
        return await route.fulfill({ status: 200, contentType: "text/javascript; charset=utf-8", body: readFileSync(join(HERE, "game-page.js"), "utf8") });
      }
      let m;
      if (path === `/api/gameinfo/${info._id.game}/${info._id.version}`) return await fulfillJson(route, 200, info);
      if ((m = /^\/api\/user\/([^/]+)\/avatar$/.exec(path))) {
        return await route.fulfill({ status: 200, contentType: "image/svg+xml", body: avatar(decodeURIComponent(m[1])) });
      }
      if ((m = /^\/api\/account\/games\/([^/]+)\/preferences\/(\d+)$/.exec(path)) && request.method() === "POST") {
        return await fulfillJson(route, 200, server.savePreference(user, m[1], +m[2], request.postDataJSON()));
      }
      if ((m = /^\/api\/gameplay\/([^/]+)(\/move|\/log)?$/.exec(path))) {
        const id = decodeURIComponent(m[1]);
        if (!m[2] && request.method() === "GET") return await fulfillJson(route, 200, server.load(id, user));
        if (m[2] === "/move" && request.method() === "POST") {
          return await fulfillJson(route, 200, server.move(id, user, request.postDataJSON()?.move));
        }
        if (m[2] === "/log" && request.method() === "GET") return await fulfillJson(route, 200, server.log(id, user, url.searchParams));
      }
      return await route.fulfill({ status: 404, contentType: "text/plain", body: "not found" });
    } catch (e) {
      if (e instanceof HttpError) return fulfillJson(route, e.status, { message: e.message });
      console.error(`BGS double: ${request.method()} ${path}: ${e.stack ?? e}`);
      return fulfillJson(route, 500, { message: e.message });
    }
  });
  return iframeRequests;
}

/** The websocket: every change of a game is pushed to the game page, after the response. */
export function connectSocket(page, server) {
  server.onUpdate((push) => {
    // The API's poll notices the change a little later than the mover's response.
    setTimeout(() => {
      page.evaluate((p) => window.bgsSocket?.push(p), push).catch(() => {});
    }, 0);
  });
}
