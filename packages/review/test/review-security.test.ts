// issue 22, security of the review server: every attack is a real HTTP request to `axiom ui` run
// from the built CLI, or hostile content rendered in the system Chromium.
import * as fs from "node:fs/promises";
import { request } from "node:http";
import * as path from "node:path";
import { appendChainEntry } from "@codai/axiom-apply";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviewLink } from "../src/discovery";
import { launch, openPage, SKIP_BROWSER, screenshot } from "./browser";
import { apply, buildFixture, compile, type Fixture } from "./fixture";
import { startUi, type UiProcess } from "./ui-process";

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(
  ui: UiProcess,
  pathAndQuery: string,
  opts: { method?: string; host?: string; headers?: Record<string, string> } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: ui.port,
        path: pathAndQuery,
        method: opts.method ?? "GET",
        headers: { host: opts.host ?? `127.0.0.1:${ui.port}`, ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        // The event stream never ends: its first bytes are enough.
        if (res.headers["content-type"]?.startsWith("text/event-stream")) {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: "" });
          res.destroy();
          return;
        }
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(opts.method === "POST" || opts.method === "PUT" ? "{}" : undefined);
  });
}

const PATHS = ["/", "/app.js", "/app.css", "/api/timeline", "/api/pending", "/api/status", "/api/events"];

describe("the review server refuses", () => {
  let fx: Fixture;
  let ui: UiProcess;
  beforeAll(async () => {
    fx = await buildFixture();
    ui = await startUi(fx.root);
  }, 180_000);
  afterAll(async () => {
    await ui?.stop();
    await fx?.t.cleanup();
  });

  it("a request without the token, on every path → 401, no content", async () => {
    for (const p of [...PATHS, `/api/change/${fx.first.slice(7)}`]) {
      const r = await send(ui, p);
      expect(r.status, p).toBe(401);
      expect(r.body).not.toContain("add-greeting");
    }
  });

  it("a wrong token (same length, one character off) → 401", async () => {
    const last = ui.token.at(-1) === "A" ? "B" : "A";
    const wrong = `${ui.token.slice(0, -1)}${last}`;
    expect((await send(ui, `/api/timeline?t=${wrong}`)).status).toBe(401);
    expect((await send(ui, `/api/timeline?t=${ui.token}x`)).status).toBe(401);
  });

  it("DNS rebinding: the right token under a foreign Host (evil.example, 127.0.0.1 on another port, no port) → 403", async () => {
    for (const host of [
      "evil.example",
      `evil.example:${ui.port}`,
      `127.0.0.1:${ui.port + 1}`,
      "127.0.0.1",
      "localhost",
    ]) {
      const r = await send(ui, `/api/timeline?t=${ui.token}`, { host });
      expect(r.status, host).toBe(403);
      expect(r.body).not.toContain("add-greeting");
    }
    expect((await send(ui, `/api/timeline?t=${ui.token}`, { host: `localhost:${ui.port}` })).status).toBe(200);
  });

  it("POST, PUT, DELETE, PATCH, OPTIONS (a CORS preflight) and HEAD, even with the token → 405 with Allow: GET, and the tree is unchanged", async () => {
    const before = await fs.readFile(path.join(fx.root, "keep.txt"), "utf8");
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"]) {
      const r = await send(ui, `/api/timeline?t=${ui.token}`, {
        method,
        headers: { origin: "http://evil.example", "access-control-request-method": "POST" },
      });
      expect(r.status, method).toBe(405);
      expect(r.headers.allow).toBe("GET");
      expect(r.headers["access-control-allow-origin"]).toBeUndefined();
    }
    expect(await fs.readFile(path.join(fx.root, "keep.txt"), "utf8")).toBe(before);
  });

  it("a cross-origin read: no answer carries a CORS header; every answer carries the strict CSP (no inline script, no other origin, no framing)", async () => {
    for (const p of PATHS) {
      const r = await send(ui, `${p}?t=${ui.token}`, { headers: { origin: "http://evil.example" } });
      expect(r.status, p).toBe(200);
      expect(Object.keys(r.headers).filter((h) => h.startsWith("access-control-"))).toEqual([]);
      const csp = String(r.headers["content-security-policy"]);
      expect(csp).toContain("default-src 'none'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("unsafe-inline");
      expect(csp).not.toContain("unsafe-eval");
      expect(r.headers["referrer-policy"]).toBe("no-referrer");
    }
    const html = (await send(ui, `/?t=${ui.token}`)).body;
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]|<style|style=|https?:\/\/(?!127)/);
  });

  it("a path outside the API (traversal, an unknown bundle) → 404 with ERR_NOT_FOUND, never a file", async () => {
    const traversal = await send(ui, `/../../etc/passwd?t=${ui.token}`);
    expect(traversal.status).toBe(404);
    expect(traversal.body).not.toContain("root:");
    const unknown = await send(ui, `/api/change/${"0".repeat(64)}?t=${ui.token}`);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).code).toBe("ERR_NOT_FOUND");
  });

  it("the discovery file: .axiom/ui.json names this server's URL and pid, mode 0600 (it holds the token), gives the confirm message the review link of a manifest, and is gone once the server stops", async () => {
    const file = path.join(fx.root, ".axiom", "ui.json");
    const doc = JSON.parse(await fs.readFile(file, "utf8"));
    expect(doc).toMatchObject({ url: ui.url, pid: ui.child.pid, port: ui.port, root: fx.root });
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    expect(await reviewLink(fx.root, fx.pending)).toBe(`${ui.url}#/change/${fx.pending.slice(7)}`);
    const second = await startUi(fx.root);
    expect(second.port).not.toBe(ui.port);
    expect(second.token).not.toBe(ui.token);
    expect(await second.stop()).toBe(0);
    await expect(fs.stat(file)).rejects.toMatchObject({ code: "ENOENT" });
    expect(await reviewLink(fx.root, fx.pending)).toBeUndefined();
  });
});

const HOSTILE_TEXT = `<script>window.__pwned = 1</script>\n"quoted" </textarea><img src=x onerror="window.__pwned = 2">\n\u202Etxt.exe\n`;
const HOSTILE_NAME = `<script>window.__pwned=3</script>"</textarea>\u202Efdp.exe`;
const HOSTILE_PATH = `docs/it's & \u202Egnp.js`;

describe.skipIf(SKIP_BROWSER)("hostile content renders inert", () => {
  let fx: Fixture;
  let ui: UiProcess;
  let browser: Browser;
  let planted: string;
  let hostile: string;
  beforeAll(async () => {
    fx = await buildFixture();
    hostile = await apply(fx.t, fx.root, "hostile-content", [{ path: HOSTILE_PATH, content: HOSTILE_TEXT }]);
    // A stored manifest document is shown without trusting it: plant one whose name is hostile,
    // both as a chain entry (timeline) and as a preview (pending).
    const hex = "c".repeat(64);
    const doc = JSON.stringify({ manifest: { name: HOSTILE_NAME, profile: HOSTILE_NAME, artifacts: [] } });
    await fs.writeFile(path.join(fx.root, ".axiom", "manifests", `${hex}.json`), doc);
    await fs.writeFile(path.join(fx.root, ".axiom", "manifests", `${"d".repeat(64)}.json`), doc);
    await appendChainEntry(fx.root, { manifestDigest: `sha256:${hex}`, state: "committed", files: 0 });
    planted = hex;
    await compile(fx.t, fx.root, "unused", [{ path: "u.txt", content: "u\n" }]);
    ui = await startUi(fx.root);
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await ui?.stop();
    await fx?.t.cleanup();
  });

  const pwned = (w: { page: import("playwright-core").Page }) => w.page.evaluate("window.__pwned");

  it("an intent with <script>, a quote, </textarea> and U+202E in the timeline and the pending list: shown as text, the override made visible, nothing runs", async () => {
    const w = await openPage(browser);
    await w.page.goto(ui.url);
    await w.page.waitForSelector(`[data-testid=timeline-row][data-seq="5"]`);
    const intent = await w.page.textContent(`[data-testid=timeline-row][data-seq="5"] td.intent`);
    expect(intent).toBe(`<script>window.__pwned=3</script>"</textarea>⟦U+202E⟧fdp.exe`);
    expect(await w.page.locator("main script, main img, main textarea").count()).toBe(0);
    await w.page.goto(`${ui.url}#/pending`);
    await w.page.waitForSelector("[data-testid=pending-row]");
    expect(await w.page.locator("[data-testid=pending-row]").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining(`<script>window.__pwned=3</script>"</textarea>⟦U+202E⟧fdp.exe`)]),
    );
    expect(await w.page.locator("main script, main img, main textarea").count()).toBe(0);
    expect(await pwned(w)).toBeUndefined();
    expect(planted).toHaveLength(64);
    expect(w.errors).toEqual([]);
  });

  it("a lock holder whose host name holds <script>, a quote and U+202E on the status page: shown as text, nothing runs", async () => {
    const lock = path.join(fx.root, ".axiom", "lock");
    await fs.writeFile(
      lock,
      JSON.stringify({
        pid: process.pid,
        hostname: HOSTILE_NAME,
        startedAt: new Date().toISOString(),
        manifestDigest: `sha256:${planted}`,
      }),
    );
    try {
      const w = await openPage(browser);
      await w.page.goto(`${ui.url}#/status`);
      await w.page.waitForSelector("[data-testid=lock]");
      expect(await w.page.textContent("[data-testid=lock]")).toContain(
        `@<script>window.__pwned=3</script>"</textarea>⟦U+202E⟧fdp.exe for sha256:${planted}`,
      );
      expect(await w.page.locator("main script, main img, main textarea").count()).toBe(0);
      expect(await pwned(w)).toBeUndefined();
      expect(w.errors).toEqual([]);
    } finally {
      await fs.rm(lock);
    }
  });

  it("a file name with a quote, & and U+202E and contents with <script>, <img onerror>, </textarea>: the diff shows the characters, no element is injected, nothing runs, in both layouts", async () => {
    const w = await openPage(browser);
    await w.page.goto(`${ui.url}#/change/${hostile.slice(7)}`);
    await w.page.waitForSelector("[data-testid=file] .d2h-code-line-ctn");
    expect(await w.page.textContent("[data-testid=file] .path")).toBe("docs/it's & ⟦U+202E⟧gnp.js");
    const lines = await w.page.locator("[data-testid=file] .d2h-ins .d2h-code-line-ctn").allTextContents();
    expect(lines).toEqual([
      "<script>window.__pwned = 1</script>",
      `"quoted" </textarea><img src=x onerror="window.__pwned = 2">`,
      "⟦U+202E⟧txt.exe",
    ]);
    expect(await w.page.locator("main script, main img, main textarea").count()).toBe(0);
    await screenshot(w.page, "hostile-change");
    await w.page.keyboard.press("v");
    await w.page.waitForSelector(".d2h-file-side-diff");
    expect(await w.page.locator("main script, main img, main textarea").count()).toBe(0);
    expect(await pwned(w)).toBeUndefined();
    expect(await w.page.evaluate('document.body.innerText.includes("\\u202E")')).toBe(false);
    expect(w.errors).toEqual([]);
  });
});
