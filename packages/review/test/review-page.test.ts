// issue 22: the review page in a real browser (system Chromium through playwright-core), against
// `axiom ui` run from the built CLI on fixture roots made by real applies, rollbacks and checks.
import * as fs from "node:fs/promises";
import { hostname } from "node:os";
import * as path from "node:path";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launch, openPage, SKIP_BROWSER, screenshot, type WatchedPage } from "./browser";
import { apply, buildFixture, type Fixture, SECRET_LINE } from "./fixture";
import { startUi, type UiProcess } from "./ui-process";

const hexOf = (digest: string) => digest.slice(7);
// Evaluated in the page (a string: the tests are compiled without the DOM library).
const FOCUSED_SEQ = 'document.activeElement?.closest("tr")?.dataset.seq';

describe.skipIf(SKIP_BROWSER)("the review page in Chromium", () => {
  let fx: Fixture;
  let ui: UiProcess;
  let browser: Browser;
  let w: WatchedPage;

  beforeAll(async () => {
    fx = await buildFixture();
    ui = await startUi(fx.root);
    browser = await launch();
    w = await openPage(browser);
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    expect(await ui?.stop()).toBe(0);
    await fx?.t.cleanup();
  });

  const open = async (hash: string, ready: string) => {
    await w.page.goto(`${ui.url}${hash}`);
    await w.page.waitForSelector(ready);
  };

  it("timeline: one row per chain entry, newest first — #3 rolled back (undid #2), #2 undone by #3, #1 applied in the tree — with intent, file count and an intact-chain mark; no console error", async () => {
    await open("", "[data-testid=timeline-row]");
    const rows = await w.page.$$eval("[data-testid=timeline-row]", (trs) =>
      trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "")),
    );
    expect(rows.map((r) => r[1])).toEqual(["#3", "#2", "#1"]);
    expect(rows[0]?.[0]).toBe(hexOf(fx.second).slice(0, 12));
    expect(rows[0]?.[3]).toBe("rolled back undid #2");
    expect(rows[1]?.[3]).toBe("undone by #3");
    expect(rows[2]?.[3]).toBe("applied");
    expect(rows[2]?.[4]).toBe("add-greeting (test)"); // the Plan's intent, as axiom log shows it
    expect(rows[2]?.[5]).toBe("cli"); // recorded by axiom apply (.axiom/about)
    expect(rows[2]?.[6]).toBe("3");
    expect(await w.page.textContent("[data-testid=health]")).toContain("chain intact — 3 entries");
    await screenshot(w.page, "timeline");
    expect(w.errors).toEqual([]);
  });

  it("change view of an applied entry: delete / overwrite / create badges with +/− counts, each diff's lines, the profile, the digest with its 12-character prefix and the rollback command", async () => {
    await open(`#/change/${hexOf(fx.first)}`, "[data-testid=file]");
    const files = await w.page.$$eval("[data-testid=file] > summary", (ss) => ss.map((s) => s.textContent?.trim()));
    expect(files).toEqual(["delete gone.txt +0 −1", "overwrite keep.txt +1 −1", "create src/hello.ts +1 −0"]);
    const keep = w.page.locator('[data-testid=file][data-path="keep.txt"]');
    expect(await keep.locator(".d2h-del .d2h-code-line-ctn").allTextContents()).toEqual(["old line"]);
    expect(await keep.locator(".d2h-ins .d2h-code-line-ctn").allTextContents()).toEqual(["new line"]);
    expect(await w.page.textContent("[data-testid=prefix]")).toBe(hexOf(fx.first).slice(0, 12));
    expect(await w.page.textContent("[data-testid=digest]")).toBe(fx.first);
    expect(await w.page.textContent("[data-testid=profile]")).toBe("default");
    expect(await w.page.textContent("[data-testid=rollback]")).toBe(`axiom rollback ${fx.first} --root ${fx.root}`);
    await screenshot(w.page, "change-unified");
    await w.page.click("button[data-style=side-by-side]");
    await w.page.waitForSelector(".d2h-file-side-diff");
    const sides = keep.locator(".d2h-file-side-diff");
    expect(await sides.nth(0).locator(".d2h-del .d2h-code-line-ctn").allTextContents()).toEqual(["old line"]);
    expect(await sides.nth(1).locator(".d2h-ins .d2h-code-line-ctn").allTextContents()).toEqual(["new line"]);
    await screenshot(w.page, "change-side-by-side");
    await w.page.click("button[data-style=line-by-line]");
    expect(w.errors).toEqual([]);
  });

  it("pending: the compiled, never-applied preview is listed; its change view puts the awsKey finding on line 3 of config/keys.ts and the protected-path finding on .mcp.json", async () => {
    await open("#/pending", "[data-testid=pending-row]");
    const rows = await w.page.$$eval("[data-testid=pending-row]", (trs) => trs.map((tr) => tr.textContent));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain(hexOf(fx.pending).slice(0, 12));
    expect(rows[0]).toContain("leak-a-key");
    await screenshot(w.page, "pending");
    await w.page.click("[data-testid=pending-row] a");
    await w.page.waitForSelector("[data-testid=line-finding]");
    const marked = w.page.locator("tr.finding-line");
    expect(await marked.count()).toBe(1);
    expect(await marked.locator(".line-num2").textContent()).toBe(String(SECRET_LINE));
    expect(await marked.locator(".d2h-code-line-ctn").textContent()).toContain("AKIAIOSFODNN7EXAMPLE");
    expect(await w.page.textContent("[data-testid=line-finding]")).toContain("content.noSecrets.awsKey");
    expect(await w.page.textContent("[data-testid=verdict]")).toBe("fail (default)");
    // A protected path's finding sits on its file (no line: it concerns the path).
    const protectedFile = w.page.locator('[data-testid=file][data-path=".mcp.json"]');
    expect(await protectedFile.locator("[data-testid=finding]").allTextContents()).toEqual(
      expect.arrayContaining([expect.stringContaining("path.deny — path matches a denied glob")]),
    );
    expect(await protectedFile.locator("tr.finding-line").count()).toBe(0);
    await screenshot(w.page, "change-pending-finding");
    expect(w.errors).toEqual([]);
  });

  it("status: the lock holder and an interrupted journal with the exact command that recovers it", async () => {
    const hex = "ab".repeat(32);
    const axiomDir = path.join(fx.root, ".axiom");
    await fs.writeFile(
      path.join(axiomDir, "journal", `${hex}.json`),
      JSON.stringify({
        manifestDigest: `sha256:${hex}`,
        phase: "committing",
        steps: [{ path: "x.txt", op: "create", done: false }],
        startedAt: "2026-01-01T00:00:00.000Z",
        pid: 999_999,
      }),
    );
    await fs.writeFile(
      path.join(axiomDir, "lock"),
      JSON.stringify({
        pid: process.pid,
        hostname: hostname(),
        startedAt: new Date().toISOString(),
        manifestDigest: `sha256:${hex}`,
      }),
    );
    try {
      await open("#/status", "[data-testid=interrupted]");
      expect(await w.page.textContent("[data-testid=lock]")).toContain(`held by pid ${process.pid}`);
      expect(await w.page.textContent("[data-testid=recovery]")).toBe(`axiom rollback sha256:${hex} --root ${fx.root}`);
      await screenshot(w.page, "status");
    } finally {
      await fs.rm(path.join(axiomDir, "journal", `${hex}.json`));
      await fs.rm(path.join(axiomDir, "lock"));
    }
    expect(w.errors).toEqual([]);
  });

  it("keyboard: j focuses the first row, Enter opens its change view, v switches to side by side, Escape returns, p and s switch views", async () => {
    await open("", "[data-testid=timeline-row]");
    await w.page.keyboard.press("j");
    await w.page.keyboard.press("j");
    expect(await w.page.evaluate(FOCUSED_SEQ)).toBe("2");
    await w.page.keyboard.press("k");
    expect(await w.page.evaluate(FOCUSED_SEQ)).toBe("3");
    await w.page.keyboard.press("Enter");
    await w.page.waitForSelector("[data-testid=file]");
    expect(await w.page.evaluate("location.hash")).toBe(`#/change/${hexOf(fx.second)}`);
    await w.page.keyboard.press("v");
    await w.page.waitForSelector(".d2h-file-side-diff");
    await w.page.keyboard.press("v");
    await w.page.keyboard.press("Escape");
    await w.page.waitForSelector("[data-testid=timeline-row]");
    await w.page.keyboard.press("p");
    await w.page.waitForSelector("[data-testid=pending-row]");
    await w.page.keyboard.press("s");
    await w.page.waitForSelector("[data-testid=lock]");
    expect(w.errors).toEqual([]);
  });

  it("live: an apply made while the timeline is open appears as the new top row without a reload", async () => {
    await open("", "[data-testid=timeline-row]");
    await w.page.evaluate("window.marker = 1");
    const digest = await apply(fx.t, fx.root, "live-change", [{ path: "live.txt", content: "live\n" }]);
    await w.page.waitForSelector('[data-testid=timeline-row][data-seq="4"]');
    expect(await w.page.textContent('[data-testid=timeline-row][data-seq="4"] td.ref')).toBe(
      hexOf(digest).slice(0, 12),
    );
    // The same document (no navigation happened).
    expect(await w.page.evaluate("window.marker")).toBe(1);
    expect(w.errors).toEqual([]);
  });

  it("chain health: an unparseable chain line is named as the first bad entry and the rows stop before it", async () => {
    const file = path.join(fx.root, ".axiom", "journal", "chain.jsonl");
    const lines = (await fs.readFile(file, "utf8")).split("\n");
    lines[2] = "{torn";
    await fs.writeFile(file, lines.join("\n"));
    await open("", "[data-testid=health].health-bad");
    expect(await w.page.textContent("[data-testid=health]")).toContain("chain broken at entry #3");
    const seqs = await w.page.$$eval("[data-testid=timeline-row]", (trs) =>
      trs.map((tr) => tr.getAttribute("data-seq")),
    );
    expect(seqs).toEqual(["2", "1"]);
    await screenshot(w.page, "timeline-broken-chain");
    expect(w.errors).toEqual([]);
  });
});
