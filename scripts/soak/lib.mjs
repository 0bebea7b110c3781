// Shared helpers of the reliability soaks (issue 12): flags, a seeded PRNG, the real CLI as a child
// process, an esbuild bundle of the library for in-process recovery checks, tree fingerprints and the
// summary line. Soaks are evidence a reviewer reruns, never timed tests.
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import { tmpdir } from "node:os";
import * as path from "node:path";
import { build } from "esbuild";
import { CLI, childEnv, loadWorkspace, machine, REPO } from "../../bench/lib.mjs";

export { CLI, childEnv, loadWorkspace, machine, REPO };

/**
 * The library calls the soaks use in-process (for loadWorkspace): set-up, recovery, inspection, and
 * the fs seam's test hook (the store's testing entry: no package's main entry carries it).
 */
export const ENGINE = [
  'export { apply, listJournals, rollback, statusDocument, verifyChain } from "@codai/axiom-apply";',
  'export { installFs } from "@codai/axiom-store/testing";',
].join("\n");

/**
 * `--short`, `--seed <n>`, `--n <count>` (and any `--key value` a soak adds). The seed defaults to the
 * clock so reruns explore new instants; it is always printed, so a failure can be replayed.
 */
export function parseFlags(argv = process.argv.slice(2)) {
  const out = { short: false, seed: Date.now() % 2 ** 31 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--short") out.short = true;
    else if (a.startsWith("--") && argv[i + 1] !== undefined && !argv[i + 1].startsWith("--")) {
      const v = argv[++i];
      out[a.slice(2)] = /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v;
    } else throw new Error(`unknown flag ${a}`);
  }
  return out;
}

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n) => Math.floor(next() * n),
    pick: (xs) => xs[Math.floor(next() * xs.length)],
  };
}

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(fs.realpathSync(tmpdir()), prefix));
}

/**
 * Runs `node dist/cli.cjs …args` (argv array, shell: false, scrubbed env). With `killAfterMs` the
 * child gets SIGKILL that many ms after spawn. Resolves with exit code, signal and output.
 */
export function runCli(args, { cwd = REPO, killAfterMs, entry = CLI, env = {} } = {}) {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const child = spawn(process.execPath, [entry, ...args], {
      cwd,
      env: { ...childEnv(), ...env },
      shell: false,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    let timer;
    child.stdout.on("data", (d) => {
      stdout += d.toString();
    });
    child.stderr.on("data", (d) => {
      stderr += d.toString();
    });
    if (killAfterMs !== undefined) timer = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - t0 });
    });
  });
}

/** The D16 error line of a failed CLI run, or undefined. */
export function cliError(run) {
  try {
    return JSON.parse(run.stderr.trim().split("\n").at(-1) ?? "");
  } catch {
    return undefined;
  }
}

/**
 * Bundles `entries` (name → source path; TypeScript workspace packages resolve to src/) with esbuild
 * into a temp directory that outlives the call, so a soak can spawn the bundle as a child process
 * (the apply test's crash child). Returns { dir, files: name → bundled path }; the caller removes dir.
 */
export async function bundle(entries) {
  const dir = tempDir("axiom-soak-build-");
  const banner = { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" };
  const files = {};
  for (const [name, src] of Object.entries(entries)) {
    files[name] = path.join(dir, `${name}.mjs`);
    await build({
      entryPoints: [src],
      outfile: files[name],
      bundle: true,
      platform: "node",
      format: "esm",
      logLevel: "silent",
      banner,
    });
  }
  return { dir, files };
}

/**
 * Every regular file and symlink under `root` outside `.axiom/`, as "path sha256 mode" lines,
 * sorted. Empty directories are left out: apply.md §9 lets a rollback leave the directories it
 * created empty ("no file differs" is the contract).
 */
export function treeFingerprint(root) {
  const out = [];
  const walk = (dir, rel) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (rel === "" && e.name === ".axiom") continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p, r);
      else if (e.isFile()) {
        const mode = (fs.statSync(p).mode & 0o777).toString(8);
        out.push(`${r} ${createHash("sha256").update(fs.readFileSync(p)).digest("hex")} ${mode}`);
      } else out.push(`${r} ${e.isSymbolicLink() ? "symlink" : "other"}`);
    }
  };
  walk(root, "");
  return out.sort().join("\n");
}

/** Leftovers a finished recovery must not leave (apply.md §3, §7): staging, tmp, temp files. */
export function strays(root) {
  const found = [];
  const ax = path.join(root, ".axiom");
  const list = (rel) => {
    try {
      return fs.readdirSync(path.join(ax, rel));
    } catch {
      return [];
    }
  };
  for (const d of ["staging", "tmp"]) for (const n of list(d)) found.push(`.axiom/${d}/${n}`);
  for (const d of ["journal", "applied", "manifests", "reports"]) {
    for (const n of list(d)) if (n.includes(".tmp")) found.push(`.axiom/${d}/${n}`);
  }
  const walk = (dir, rel) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      if (rel === "" && e.name === ".axiom") continue;
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.name.includes(".axiom-tmp-") || e.name.includes(".tmp-")) found.push(r);
      if (e.isDirectory()) walk(path.join(dir, e.name), r);
    }
  };
  walk(root, "");
  return found;
}

/** Resident set size of a live process in bytes (Linux /proc), or undefined. */
export function rssOf(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Prints the summary JSON on stdout and sets the exit code: non-zero on any violation. */
export function finish(summary) {
  const out = { ...summary, ok: summary.violations.length === 0 };
  out.violations = summary.violations.slice(0, 20);
  out.violationCount = summary.violations.length;
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
  process.exitCode = out.ok ? 0 : 1;
}
