// Browser tests against the release build in dist/, served from a sub-path by serve.mjs.
// Uses Debian's Chromium (/usr/bin/chromium): never `playwright install`.
import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.OUTFLANK_TEST_PORT ?? 8181);
export const PREFIX = "/games/outflank/";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.mjs",
  outputDir: "test-results",
  workers: 1,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}${PREFIX}`,
    browserName: "chromium",
    // The viewer speaks the browser's language: the tests expect English unless they say otherwise.
    locale: "en-US",
    viewport: { width: 900, height: 1000 },
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
    trace: "off",
    screenshot: "only-on-failure",
  },
  webServer: {
    // OUTFLANK_TEST_DIST: another build than dist/ (e.g. one built with trunk's --dist).
    command: `node serve.mjs --dir ${process.env.OUTFLANK_TEST_DIST ?? "../dist"} --port ${PORT} --prefix ${PREFIX}`,
    url: `http://127.0.0.1:${PORT}${PREFIX}`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
