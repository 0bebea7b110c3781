#!/usr/bin/env node
// Review page benchmark of issue 22: the timeline's first paint on chains of 10k and 100k entries,
// and the change view of a 1,000-file change set, in the system Chromium against `axiom ui` from
// the built CLI. Not a test: figures go to docs/benchmarks.md.
// The chain is generated with the real line format and hashing (as bench/chain.mjs does; the
// manifests the timeline joins exist for the newest 200 entries, every apply's journal file exists
// (its content is not read by the walk), every 100th entry is a rollback
// of the apply before it). The 1,000-file change set is a real `axiom compile --root` (a stored,
// pending preview, every file created, 20 lines each).
// Timed, median of --reps: the timeline API's first answer after start (the chain indexed and
// verified once) and a warm one; the browser's first paint (navigation → the first row in the
// DOM) warm; the change API; the change view's paint (navigation → all 1,000 file rows and the
// first diff rendered).
// Usage: node bench/review.mjs [--sizes 10000,100000] [--reps 3] [--markdown]   (builds dist first)
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { buildDist, CLI, childEnv, fmt, loadWorkspace, machine, median } from "./lib.mjs";

const args = process.argv.slice(2);
const flag = (name, dflt) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : dflt;
};
const sizes = flag("--sizes", "10000,100000").split(",").map(Number);
const reps = Number(flag("--reps", "3"));
const markdown = args.includes("--markdown");
const log = (line) => {
  if (!markdown) process.stderr.write(`${line}\n`);
};
const executablePath = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find((p) => existsSync(p));
if (!executablePath) throw new Error("no system chromium (apt-get install -y chromium)");

await buildDist();
const ws = await loadWorkspace(`
export { formatChainLine } from "@codai/axiom-apply";
export { sha256Hex } from "@codai/axiom-canon";
`);
const base = mkdtempSync(join(realpathSync(tmpdir()), "axiom-review-bench-"));

function makeChainRoot(n) {
  const root = mkdtempSync(join(base, `chain-${n}-`));
  for (const d of ["journal", "manifests"]) mkdirSync(join(root, ".axiom", d), { recursive: true });
  const parts = [];
  let prev = `sha256:${"0".repeat(64)}`;
  const t0 = Date.parse("2026-01-01T00:00:00.000Z");
  for (let i = 0; i < n; i++) {
    const rollback = i % 100 === 99;
    const digest = `sha256:${ws.sha256Hex(`bench-${rollback ? i - 1 : i}`)}`;
    const entry = {
      seq: i + 1,
      manifestDigest: digest,
      state: rollback ? "rolled-back" : "committed",
      at: new Date(t0 + i * 1000).toISOString(),
      prev,
      files: 1 + (i % 50),
    };
    const line = Buffer.from(ws.formatChainLine(entry), "utf8");
    parts.push(line, Buffer.from("\n"));
    prev = `sha256:${ws.sha256Hex(line)}`;
    // Every apply's journal exists, as on a real root (the walk's missing-journal check lists them).
    if (!rollback) writeFileSync(join(root, ".axiom", "journal", `${digest.slice(7)}.json`), "{}");
    if (i >= n - 200 && !rollback)
      writeFileSync(
        join(root, ".axiom", "manifests", `${digest.slice(7)}.json`),
        JSON.stringify({ manifest: { name: `bench-${i}` } }),
      );
  }
  writeFileSync(join(root, ".axiom", "journal", "chain.jsonl"), Buffer.concat(parts));
  return root;
}

function bigChangeRoot() {
  const root = mkdtempSync(join(base, "change-"));
  const content = Array.from({ length: 20 }, (_, i) => `export const line${i} = ${i};`).join("\n");
  const plan = {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: "bench-thousand",
    intent: "bench",
    artifacts: Array.from({ length: 1000 }, (_, i) => ({
      path: `src/m${String(i).padStart(4, "0")}.ts`,
      source: { type: "inline", content: `${content}\n// ${i}\n` },
    })),
  };
  // The CLI's compile with --root stores the bundle: what a preview leaves for a confirm form.
  const planFile = join(base, "thousand.plan.json");
  writeFileSync(planFile, JSON.stringify(plan));
  const out = execFileSync(
    process.execPath,
    [CLI, "compile", planFile, "-o", join(base, "thousand.json"), "--root", root],
    { env: childEnv() },
  );
  return { root, hex: JSON.parse(out.toString("utf8")).manifestDigest.slice(7) };
}

function startUi(root) {
  const child = spawn(process.execPath, [CLI, "ui", "--root", root, "--port", "0"], {
    env: childEnv(),
    shell: false,
    stdio: ["ignore", "ignore", "pipe"],
  });
  return new Promise((resolve, reject) => {
    let err = "";
    child.stderr.on("data", (d) => {
      err += d;
      const m = /(http:\/\/127\.0\.0\.1:\d+\/\?t=[\w-]+)/.exec(err);
      const stop = () =>
        new Promise((r) => {
          child.once("exit", r);
          child.kill("SIGTERM");
        });
      if (m) resolve({ url: m[1], stop });
    });
    child.once("exit", (code) => reject(new Error(`axiom ui exited ${code}: ${err}`)));
  });
}

async function ms(fn) {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

const api = (url, path) => {
  const u = new URL(url);
  return fetch(`${u.origin}${path}${path.includes("?") ? "&" : "?"}t=${u.searchParams.get("t")}`).then((r) => r.text());
};

const browser = await chromium.launch({ executablePath, args: ["--no-sandbox", "--disable-gpu"] });
const rows = [];
try {
  for (const n of sizes) {
    log(`chain of ${n}…`);
    const root = makeChainRoot(n);
    const ui = await startUi(root);
    const cold = await ms(() => api(ui.url, "/api/timeline"));
    const warm = [];
    const paint = [];
    for (let r = 0; r < reps; r++) {
      warm.push(await ms(() => api(ui.url, "/api/timeline")));
      const page = await browser.newPage();
      paint.push(
        await ms(async () => {
          await page.goto(ui.url);
          await page.waitForSelector("[data-testid=timeline-row]");
        }),
      );
      await page.close();
    }
    const deep = await ms(() => api(ui.url, `/api/timeline?before=${Math.floor(n / 2)}`));
    rows.push([
      `timeline, ${n.toLocaleString("en")} entries`,
      `API first ${fmt(cold)} ms, warm ${fmt(median(warm))} ms, page ${Math.floor(n / 2 / 50)} ${fmt(deep)} ms`,
      `${fmt(median(paint))} ms`,
    ]);
    await ui.stop();
  }
  log("1,000-file change set…");
  const { root, hex } = bigChangeRoot();
  const ui = await startUi(root);
  const apiMs = [];
  const paint = [];
  for (let r = 0; r < reps; r++) {
    apiMs.push(await ms(() => api(ui.url, `/api/change/${hex}`)));
    const page = await browser.newPage();
    paint.push(
      await ms(async () => {
        await page.goto(`${ui.url}#/change/${hex}`);
        await page.waitForFunction(
          () =>
            document.querySelectorAll("[data-testid=file]").length === 1000 &&
            document.querySelector(".d2h-code-line-ctn") !== null,
        );
      }),
    );
    await page.close();
  }
  rows.push(["change view, 1,000 files (pending)", `API ${fmt(median(apiMs))} ms`, `${fmt(median(paint))} ms`]);
  await ui.stop();
} finally {
  await browser.close();
  rmSync(base, { recursive: true, force: true });
}

const table = [
  "| case | server | first paint (browser) |",
  "|---|---|---|",
  ...rows.map((r) => `| ${r.join(" | ")} |`),
].join("\n");
process.stdout.write(markdown ? `${machine()}\n\n${table}\n` : `${table}\n`);
