// The system Chromium (Debian's `chromium`, installed by .ci/run) driven by playwright-core: no
// browser is downloaded. Every page a test opens records its console errors and page errors, and
// screenshots go to packages/review/test-artifacts/ (git-ignored).
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "playwright-core";

const CANDIDATES = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

export const CHROMIUM = process.env.AXIOM_CHROMIUM ?? CANDIDATES.find((c) => existsSync(c));

/** In CI the browser must be there (.ci/run installs it); elsewhere the browser tests skip without it. */
export const SKIP_BROWSER = CHROMIUM === undefined && process.env.CI !== "true";

export const ARTIFACTS = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "test-artifacts");

export async function launch(): Promise<Browser> {
  if (CHROMIUM === undefined) throw new Error("no system chromium (apt-get install -y chromium)");
  // --no-sandbox: CI runs as root, where Chromium's sandbox refuses to start.
  return chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox", "--disable-gpu"] });
}

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  errors: string[];
}

export async function openPage(browser: Browser): Promise<WatchedPage> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return { page, errors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
}
