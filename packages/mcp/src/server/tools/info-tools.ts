// Read-only root tools: axiom_roots_list, axiom_status, axiom_repo_snapshot (mcp.md §5.3).
import { access, constants, stat } from "node:fs/promises";
import { join } from "node:path";
import { SNAPSHOT_DEFAULT_MAX_BYTES, SNAPSHOT_DEFAULT_MAX_FILES, SNAPSHOT_MAX_FILES_CAP } from "@codai/axiom-rules";
import { axiomError, RepoSnapshotSchema } from "@codai/axiom-schema";
import { z } from "zod";
import { compact, first, RootArg } from "./shared";
import { defineTool } from "./types";

async function canWrite(dir: string): Promise<boolean> {
  try {
    await access(dir, constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

async function hasGit(dir: string): Promise<boolean> {
  try {
    await stat(join(dir, ".git"));
    return true;
  } catch {
    return false;
  }
}

const RootsOutput = z.strictObject({
  roots: z.array(z.strictObject({ path: z.string(), writable: z.boolean(), hasGit: z.boolean() })),
});

export const rootsList = defineTool({
  name: "axiom_roots_list",
  title: "List allowlisted roots",
  description:
    "List the allowlisted roots in --root order, with whether the server may write each and whether it holds a .git.",
  toolset: "full",
  preset: "READ",
  input: z.strictObject({}),
  output: RootsOutput,
  async handler(_args, { deps }) {
    const roots = [];
    for (const path of deps.policy.roots)
      roots.push({ path, writable: await canWrite(path), hasGit: await hasGit(path) });
    return { roots };
  },
});

// The status document of apply.md §13 field by field (strict: a field the engine adds and this
// schema lacks fails the call's own output check instead of reaching clients undeclared). States
// and reasons stay strings: their lists live in the engine, which this module does not load.
const Digest = z.string().regex(/^sha256:[0-9a-f]{64}$/);
const StatusOutput = z.strictObject({
  root: z.string(),
  lock: z.strictObject({
    held: z.boolean(),
    holder: z
      .strictObject({
        pid: z.number().int(),
        host: z.string().optional(),
        digest: Digest.optional(),
        since: z.string().optional(),
        stale: z.boolean(),
      })
      .optional(),
    queue: z.array(z.strictObject({ pid: z.number().int(), since: z.string() })),
    intents: z.array(
      z.strictObject({ digest: Digest, paths: z.array(z.string()), pid: z.number().int(), since: z.string() }),
    ),
  }),
  interrupted: z.array(
    z.strictObject({
      manifestDigest: Digest,
      phase: z.enum(["staged", "committing", "rolling-back"]),
      startedAt: z.string(),
      pid: z.number().int(),
      files: z.number().int(),
      done: z.number().int(),
    }),
  ),
  corrupt: z.array(z.string()),
  lastApplied: z
    .strictObject({
      seq: z.number().int(),
      manifestDigest: Digest,
      state: z.string(),
      at: z.string(),
      prev: Digest,
      files: z.number().int(),
      code: z.string().optional(),
    })
    .optional(),
  chain: z.strictObject({
    ok: z.boolean(),
    entries: z.number().int(),
    head: Digest,
    firstBad: z.strictObject({ seq: z.number().int(), reason: z.string() }).optional(),
    missingJournals: z.number().int(),
  }),
});

export const status = defineTool({
  name: "axiom_status",
  title: "Write state of a root",
  description:
    "The write state of a root, identical to axiom status --json: lock, queue, intents, interrupted journals, last applied, chain health. Never takes the lock.",
  toolset: "core",
  preset: "READ",
  input: z.strictObject({ root: RootArg.optional() }),
  output: StatusOutput,
  summary: (s) => {
    const lock = s.lock as { held: boolean; holder?: unknown; queue: unknown[]; intents: unknown[] };
    const last = s.lastApplied as { manifestDigest?: string } | undefined;
    return compact({
      root: s.root,
      held: lock.held,
      holder: lock.holder,
      queue: lock.queue.length,
      intents: lock.intents.length,
      interrupted: s.interrupted.length,
      lastApplied: last?.manifestDigest,
      chainOk: (s.chain as { ok: boolean }).ok,
    });
  },
  async handler(args, { deps }) {
    const root = await deps.resolveRoot(args.root, { lockTaking: false });
    const doc = await (await deps.workflow()).status(root);
    return doc;
  },
});

const Glob = z.string().min(1);
const SnapshotOutput = RepoSnapshotSchema;

export const repoSnapshot = defineTool({
  name: "axiom_repo_snapshot",
  title: "Snapshot a root",
  description:
    "Inventory of a root (paths, sizes, optional content digests) honouring include/exclude globs and .gitignore; reads only.",
  toolset: "full",
  preset: "READ",
  input: z.strictObject({
    root: RootArg.optional(),
    include: z.array(Glob).optional(),
    exclude: z.array(Glob).optional(),
    maxFiles: z.number().int().min(1).max(SNAPSHOT_MAX_FILES_CAP).optional(),
    maxBytes: z.number().int().min(0).optional(),
    followSymlinks: z.boolean().optional(),
    respectGitignore: z.boolean().optional(),
    withContentDigest: z.boolean().optional(),
  }),
  output: SnapshotOutput,
  summary: (s) =>
    compact({
      snapshotDigest: s.snapshotDigest,
      counts: s.body.counts,
      truncated: s.body.truncated,
      paths: first(s.body.files).map((f) => f.path),
    }),
  async handler(args, { deps }) {
    const root = await deps.resolveRoot(args.root, { lockTaking: false });
    if (args.followSymlinks === true) {
      throw axiomError("ERR_UNSUPPORTED_OP", {
        message: "followSymlinks is not supported",
        details: { option: "followSymlinks" },
      });
    }
    for (const glob of [...(args.include ?? []), ...(args.exclude ?? [])]) {
      if (glob.startsWith("/") || glob.split("/").includes("..")) {
        throw axiomError("ERR_CONTAINMENT", {
          message: `glob escapes the root: ${glob}`,
          path: glob,
          details: { glob },
        });
      }
    }
    const snap = await (await deps.workflow()).snapshot(root, {
      include: args.include,
      exclude: args.exclude,
      maxFiles: args.maxFiles ?? SNAPSHOT_DEFAULT_MAX_FILES,
      maxBytes: args.maxBytes ?? SNAPSHOT_DEFAULT_MAX_BYTES,
      respectGitignore: args.respectGitignore ?? true,
      withContentDigest: args.withContentDigest ?? true,
    });
    deps.log.debug("snapshot", { root, files: snap.body.files.length });
    return snap;
  },
});
