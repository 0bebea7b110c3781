// The change sets the crash explorer records (issue 23): small ones explored exhaustively
// (1–3 files: a create-only first apply, overwrites with a trust-state advance and a chain append
// that crosses a block, deletes, a mixed first apply, and the manual rollback of the mixed one) and
// the 50-file mixed set of the SIGKILL soak, sampled. Each bundle is compiled by the real compiler
// against the pre-tree (so its preImage binds it), and each operation is what the CLI runs for
// `axiom apply` (profile, pre-apply checks that store their report, the trust advance) or
// `axiom rollback`.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { appendChainEntry, apply, rollback } from "@codai/axiom-apply";
import { loadProfile, makePreChecks, profileSearchDirs, selectCliProfile } from "@codai/axiom-checks";
import { compilePlan } from "@codai/axiom-plan";
import type { ApplyResult, ManifestBundle } from "@codai/axiom-schema";
import { storeBundle } from "@codai/axiom-store";

export type FileSpec = string | { content: string; mode: "0644" | "0755" };

export interface ScenarioSpec {
  name: string;
  /** The tree outside `.axiom/` before the operation. */
  pre: Record<string, FileSpec>;
  artifacts: { path: string; op?: "create" | "overwrite" | "delete"; mode?: "0644" | "0755"; content?: string }[];
  /** "rollback": the base is the applied change set, the recorded operation its manual rollback. */
  op: "apply" | "rollback";
  /** Earlier applies (so `.axiom/` and the chain exist), the chain padded to end this many bytes before 4096. */
  history?: { chainGap?: number };
  /** Manifest counter 1 and advanceTrustState: the first trust advance creates trust/state.key and state.json. */
  trust?: boolean;
  /** The recorded operation starts with the dry-run of the same bundle (axiom_write's preview, then confirm). */
  preview?: boolean;
}

/** The other manifest whose apply recovers a crashed root (the next apply, any digest: apply.md §9). */
export const RECOVERY_PATH = "zz-recovery.txt";

export interface Scenario extends ScenarioSpec {
  bundle: ManifestBundle;
  other: ManifestBundle;
  digest: string;
  /** Tree listings (tree.ts) before and after the change set. */
  preTree: string;
  postTree: string;
}

function writeFiles(root: string, files: Record<string, FileSpec>): void {
  for (const [rel, spec] of Object.entries(files)) {
    const p = path.join(root, ...rel.split("/"));
    fs.mkdirSync(path.dirname(p), { recursive: true });
    const { content, mode } = typeof spec === "string" ? { content: spec, mode: "0644" } : spec;
    fs.writeFileSync(p, content);
    fs.chmodSync(p, Number.parseInt(mode, 8));
  }
}

export function tempRoot(prefix: string): string {
  const parent = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)));
  const root = path.join(parent, "R");
  fs.mkdirSync(root);
  return root;
}

/** Removes a root made by tempRoot (its parent directory). */
export function removeRoot(root: string): void {
  fs.rmSync(path.dirname(root), { recursive: true, force: true });
}

async function compile(spec: ScenarioSpec, refRoot: string): Promise<ManifestBundle> {
  const plan = {
    apiVersion: "axiom.dev/v2",
    kind: "Plan",
    name: spec.name,
    intent: `crash explorer: ${spec.name}`,
    ...(spec.trust ? { counter: 1 } : {}),
    artifacts: spec.artifacts.map((a) => ({
      path: a.path,
      op: a.op ?? "create",
      mode: a.mode ?? "0644",
      ...(a.op === "delete" ? {} : { source: { type: "inline", content: a.content ?? `${a.path}\n` } }),
    })),
  };
  return (await compilePlan(plan, { root: refRoot })).bundle;
}

/** `axiom apply <bundle> --root R --confirm <digest>` as the CLI verb runs it (cli/verbs/apply.ts). */
export async function cliApply(
  root: string,
  bundle: ManifestBundle,
  opts: { lockTimeoutMs?: number; advanceTrustState?: boolean; dryRun?: boolean } = {},
): Promise<ApplyResult> {
  const profile = await loadProfile(selectCliProfile(undefined, bundle.manifest.profile), {
    searchDirs: profileSearchDirs(root),
  });
  const preChecks = await makePreChecks({ bundle, root, profile });
  if (opts.dryRun) return apply({ bundle, root, mode: "dry-run", preChecks, lockTimeoutMs: opts.lockTimeoutMs });
  const result = await apply({
    bundle,
    root,
    mode: "fs",
    confirmDigest: bundle.manifestDigest,
    preChecks,
    lockTimeoutMs: opts.lockTimeoutMs,
    advanceTrustState: opts.advanceTrustState,
    onTrustStateError: () => undefined,
  });
  if (result.status === "applied" || result.status === "noop") {
    await storeBundle(root, bundle, { durable: false }).catch(() => undefined);
  }
  return result;
}

/** `axiom rollback <digest> --root R`. */
export function cliRollback(root: string, digest: string, lockTimeoutMs?: number) {
  return rollback(root, digest, lockTimeoutMs === undefined ? {} : { lockTimeoutMs });
}

/** Earlier history: one unrelated apply, then chain entries up to `gap` bytes before 4096. */
async function writeHistory(root: string, gap: number | undefined): Promise<void> {
  const earlier = await compile(
    { name: "history", pre: {}, artifacts: [{ path: "history.txt", content: "history\n" }], op: "apply" },
    root,
  );
  const r = await cliApply(root, earlier);
  if (r.status !== "applied") throw new Error(`history apply: ${JSON.stringify(r.error)}`);
  if (gap === undefined) return;
  const chain = path.join(root, ".axiom", "journal", "chain.jsonl");
  for (let i = 1; ; i++) {
    const size = fs.statSync(chain).size;
    const lineLen = size / (await chainCount(chain));
    if (size + lineLen > 4096 - gap) break;
    const fake = `sha256:${i.toString(16).padStart(64, "0")}`;
    await appendChainEntry(root, { manifestDigest: fake, state: "committed", files: 1 });
  }
}

async function chainCount(file: string): Promise<number> {
  return fs.readFileSync(file, "utf8").split("\n").filter(Boolean).length;
}

/** Builds the base tree of a scenario in `root` (empty): pre-tree, history, and for a rollback the apply. */
export async function setupBase(s: Scenario, root: string): Promise<void> {
  writeFiles(root, s.pre);
  if (s.history) await writeHistory(root, s.history.chainGap);
  if (s.op === "rollback") {
    const r = await cliApply(root, s.bundle);
    if (r.status !== "applied") throw new Error(`${s.name}: base apply ${JSON.stringify(r.error)}`);
  }
}

/** The recorded operation itself. */
export async function runOperation(s: Scenario, root: string): Promise<string> {
  if (s.op === "rollback") return (await cliRollback(root, s.digest)).phase;
  if (s.preview) {
    const dry = await cliApply(root, s.bundle, { dryRun: true });
    if (dry.status !== "applied") throw new Error(`${s.name}: dry-run ${dry.status} ${JSON.stringify(dry.error)}`);
  }
  const r = await cliApply(root, s.bundle, { advanceTrustState: s.trust === true });
  if (r.status !== "applied") throw new Error(`${s.name}: ${r.status} ${JSON.stringify(r.error)}`);
  return r.status;
}

export async function prepareScenario(spec: ScenarioSpec, tree: (root: string) => string): Promise<Scenario> {
  const ref = tempRoot("axiom-explore-ref-");
  try {
    writeFiles(ref, spec.pre);
    if (spec.history) await writeHistory(ref, undefined);
    const bundle = await compile(spec, ref);
    const other = await compile(
      { name: "recovery", pre: {}, artifacts: [{ path: RECOVERY_PATH, content: "recovery\n" }], op: "apply" },
      ref,
    );
    const s: Scenario = { ...spec, bundle, other, digest: bundle.manifestDigest, preTree: tree(ref), postTree: "" };
    const r = await cliApply(ref, bundle);
    if (r.status !== "applied") throw new Error(`${spec.name}: ${JSON.stringify(r.error)}`);
    s.postTree = tree(ref);
    return s;
  } finally {
    removeRoot(ref);
  }
}

export const SMALL: readonly ScenarioSpec[] = [
  {
    name: "create-first",
    pre: {},
    artifacts: [
      { path: "a.txt", content: "a\n" },
      { path: "src/b.txt", content: "b\n" },
      { path: "src/deep/c.sh", content: "#!/bin/sh\n", mode: "0755" },
    ],
    op: "apply",
  },
  {
    // axiom_write's preview (a dry-run, which makes `.axiom/` for its lock) and then its confirm,
    // every target below a new directory (so the commit never fsyncs the root)
    name: "create-after-preview",
    pre: {},
    artifacts: [
      { path: "src/x.txt", content: "x\n" },
      { path: "src/y/z.txt", content: "z\n" },
    ],
    op: "apply",
    preview: true,
  },
  {
    name: "overwrite",
    pre: { "o1.txt": "one\n", "dir/o2.txt": "two\n" },
    artifacts: [
      { path: "dir/o2.txt", op: "overwrite", content: "TWO\n", mode: "0755" },
      { path: "o1.txt", op: "overwrite", content: "ONE\n" },
    ],
    op: "apply",
    history: { chainGap: 100 },
    trust: true,
  },
  {
    name: "delete",
    pre: { "gone.txt": "bye\n", "d/gone2.txt": "bye 2\n", "d/keep.txt": "kept\n" },
    artifacts: [
      { path: "d/gone2.txt", op: "delete" },
      { path: "gone.txt", op: "delete" },
    ],
    op: "apply",
    history: {},
  },
  {
    name: "mixed",
    pre: { "o.txt": "old\n", "g.txt": "doomed\n" },
    artifacts: [
      { path: "g.txt", op: "delete" },
      { path: "new/n.txt", content: "new\n" },
      { path: "o.txt", op: "overwrite", content: "OLD\n", mode: "0755" },
    ],
    op: "apply",
  },
  {
    name: "rollback",
    pre: { "o.txt": "old\n", "g.txt": "doomed\n" },
    artifacts: [
      { path: "g.txt", op: "delete" },
      { path: "new/n.txt", content: "new\n" },
      { path: "o.txt", op: "overwrite", content: "OLD\n", mode: "0755" },
    ],
    op: "rollback",
  },
];

/** The crash soak's 50-file mixed set (scripts/soak/crash.mjs): 20 overwrites, 10 deletes, 20 creates. */
export function mixed50(): ScenarioSpec {
  const pre: Record<string, FileSpec> = { "keep/untouched.txt": "not in the manifest\n" };
  const artifacts: ScenarioSpec["artifacts"] = [];
  for (let i = 0; i < 20; i++) {
    const p = `src/m${i % 4}/deep${i % 2}/f${i}.txt`;
    pre[p] = `before ${i}\n`.repeat(40);
    artifacts.push({
      path: p,
      op: "overwrite",
      mode: i % 5 === 0 ? "0755" : "0644",
      content: `after ${i}\n`.repeat(60),
    });
  }
  for (let i = 0; i < 10; i++) {
    const p = `old/g${i % 3}/gone${i}.txt`;
    pre[p] = `doomed ${i}\n`;
    artifacts.push({ path: p, op: "delete" });
  }
  for (let i = 0; i < 20; i++) {
    artifacts.push({
      path: `new/n${i % 3}/k${i % 2}/c${i}.txt`,
      mode: i % 4 === 0 ? "0755" : "0644",
      content: `created ${i}\n`.repeat(i + 1),
    });
  }
  return { name: "mixed-50", pre, artifacts: artifacts.sort((a, b) => (a.path < b.path ? -1 : 1)), op: "apply" };
}
