#!/usr/bin/env node
// TOCTOU soak (issue 20 Medium 3; threats.md T04.7, R4).
// PROVES: while a real child process flips `R/sub` between the real directory and a symlink to a
// directory outside the root, as fast as it can, N applies that each create and overwrite files in
// `sub/` leave zero files outside the root, and every escape the engine detects is reported as
// `failed` with ERR_ESCAPE_DETECTED and an outside path; no apply reports `applied` or
// `rolled-back` while a file of its own lies outside the root.
// HOW: the flipper is this script run with --flipper (argv child process, shell: false); it parks
// the real directory inside the root (`R/sub-parked`), plants the link, puts the directory back,
// and repeats until a stop file appears. The applies run in-process through the library (esbuild
// bundle of the workspace), one at a time; after each one the outside directory is listed.
// Usage: node scripts/soak/toctou.mjs [--short] [--seed n] [--n applies]
//   default 3,000 applies; --short = 150 (the `npm test` version). Exit 1 on any violation.
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as path from "node:path";
import { fileURLToPath } from "node:url";
import { ENGINE, finish, loadWorkspace, machine, parseFlags, prng, tempDir } from "./lib.mjs";

const SELF = fileURLToPath(import.meta.url);
const CANON = 'export { canonicalDigestRef, encodeBlob, sha256Hex } from "@codai/axiom-canon";';

/** The child: flips sub ↔ link until `stop` exists; prints how many flips it made. */
function flipper(flags) {
  const sub = path.join(flags.root, "sub");
  const parked = path.join(flags.root, "sub-parked");
  const stop = path.join(flags.dir, "stop");
  let flips = 0;
  const tryDo = (fn) => {
    try {
      fn();
      return true;
    } catch {
      return false;
    }
  };
  while (!fs.existsSync(stop)) {
    if (!tryDo(() => fs.renameSync(sub, parked))) continue;
    if (tryDo(() => fs.symlinkSync(flags.out, sub))) {
      flips++;
      tryDo(() => fs.unlinkSync(sub));
    }
    putBack(sub, parked);
  }
  putBack(sub, parked);
  process.stdout.write(`${JSON.stringify({ flips })}\n`);
}

/** Moves the parked directory back; when the engine made a fresh `sub` meanwhile, merges into it. */
function putBack(sub, parked) {
  if (!fs.existsSync(parked)) return;
  try {
    fs.renameSync(parked, sub);
    return;
  } catch {
    // a fresh sub/ exists (or a link the flipper did not remove): keep the real one's files
  }
  if (fs.lstatSync(sub, { throwIfNoEntry: false })?.isSymbolicLink()) fs.unlinkSync(sub);
  fs.mkdirSync(sub, { recursive: true });
  for (const name of fs.readdirSync(parked)) fs.renameSync(path.join(parked, name), path.join(sub, name));
  fs.rmdirSync(parked);
}

function makeBundle(lib, files) {
  const blobs = {};
  const artifacts = files
    .map((f) => {
      const a = { path: f.path, op: f.op, mode: "0644" };
      const bytes = Buffer.from(f.content);
      const hex = lib.sha256Hex(bytes);
      a.digest = { sha256: hex };
      a.bytes = bytes.length;
      a.origin = "inline";
      blobs[`sha256:${hex}`] = lib.encodeBlob(bytes);
      return a;
    })
    .sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
  const manifest = {
    apiVersion: "axiom.dev/v2",
    kind: "Manifest",
    name: "toctou-soak",
    profile: "default",
    planDigest: `sha256:${"1".repeat(64)}`,
    artifacts,
    checks: [],
    toolchain: { axiom: "2.0.0", emitters: {} },
  };
  return { manifest, manifestDigest: lib.canonicalDigestRef(manifest), blobs };
}

function listOutside(out) {
  const found = [];
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      found.push(p);
      if (e.isDirectory()) walk(p);
    }
  };
  walk(out);
  return found;
}

async function main(flags) {
  const N = flags.n ?? (flags.short ? 150 : 3000);
  const rand = prng(flags.seed);
  const lib = await loadWorkspace(`${ENGINE}\n${CANON}`);
  const dir = tempDir("axiom-soak-toctou-");
  const root = path.join(dir, "R");
  const out = path.join(dir, "out");
  fs.mkdirSync(path.join(root, "sub"), { recursive: true });
  fs.mkdirSync(out);
  const violations = [];
  const outcomes = {};
  let escapes = 0;
  const child = spawn(
    process.execPath,
    [SELF, "--flipper", "1", "--root", root, "--out", out, "--dir", dir, "--seed", String(flags.seed)],
    { shell: false, stdio: ["ignore", "pipe", "inherit"], env: { PATH: process.env.PATH ?? "" } },
  );
  let childOut = "";
  child.stdout.on("data", (d) => (childOut += d));
  const exited = new Promise((resolve) => child.on("close", resolve));
  try {
    for (let k = 0; k < N; k++) {
      // a create of a fresh name, and now and then an overwrite of the previous one
      const files = [{ path: `sub/c${k}.txt`, op: "create", content: `create ${k}\n` }];
      const prev = path.join(root, "sub", `c${k - 1}.txt`);
      if (k > 0 && rand.int(3) === 0) {
        let pre;
        try {
          pre = fs.readFileSync(prev);
        } catch {}
        if (pre !== undefined)
          files.push({ path: `sub/c${k - 1}.txt`, op: "overwrite", content: `overwrite ${k}\n`, pre });
      }
      const bundle = makeBundle(lib, files);
      const r = await lib.apply({
        bundle,
        root,
        mode: "fs",
        confirmDigest: bundle.manifestDigest,
        lockTimeoutMs: 0,
      });
      const key = r.error ? `${r.status}:${r.error.code}` : r.status;
      outcomes[key] = (outcomes[key] ?? 0) + 1;
      if (r.error?.code === "ERR_ESCAPE_DETECTED") {
        escapes++;
        if (r.status !== "failed") violations.push(`apply ${k}: escape reported as ${r.status}`);
        const o = r.error.details?.outside;
        if (o !== null && (typeof o !== "string" || o.startsWith(`${root}${path.sep}`)))
          violations.push(`apply ${k}: escape without an outside path (${JSON.stringify(o)})`);
      }
      const outside = listOutside(out);
      if (outside.length > 0) {
        violations.push(`apply ${k} (${key}): ${outside.length} entr(ies) outside the root: ${outside.join(", ")}`);
        for (const p of outside) fs.rmSync(p, { recursive: true, force: true });
      }
    }
  } finally {
    fs.writeFileSync(path.join(dir, "stop"), "");
    await exited;
  }
  const flips = (() => {
    try {
      return JSON.parse(childOut).flips;
    } catch {
      return undefined;
    }
  })();
  if (!(flips > 0)) violations.push(`the flipper made no flip (${childOut.trim()})`);
  fs.rmSync(dir, { recursive: true, force: true });
  finish({ soak: "toctou", seed: flags.seed, machine: machine(), applies: N, flips, escapes, outcomes, violations });
}

const flags = parseFlags();
if (flags.flipper) flipper(flags);
else await main(flags);
