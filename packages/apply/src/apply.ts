// `apply(options)` (apply.md §4): never throws; always returns an ApplyResult validated by
// ApplyResultSchema. Root → confirmDigest → bundle intake → digest → (dry-run: lock + engine) |
// (fs: store bundle, intent, lock + engine) | (pr: store bundle, intent, pr/run.ts) → result schema.
import * as fs from "node:fs";
import { canonicalDigestRef } from "@codai/axiom-canon";
import {
  KEEP_BACKUPS_DEFAULT,
  KEEP_BACKUPS_MAX,
  LOCK_TIMEOUT_DEFAULT_MS,
  LOCK_TIMEOUT_MAX_MS,
} from "@codai/axiom-rules";
import {
  type ApplyErrorObject,
  type ApplyResult,
  ApplyResultSchema,
  axiomError,
  type ManifestBundle,
} from "@codai/axiom-schema";
import { intakeBundle, nameBundle } from "@codai/axiom-store";
import { stripLongPrefix } from "./containment";
import { type EngineOutcome, type PreChecks, runEngine } from "./engine";
import { registerIntent } from "./intents";
import { acquireLock } from "./lock";
import { defaultRunner, type GitRunner } from "./pr/git";
import { type PrGitInfo, runPr } from "./pr/run";
import { checkPaths } from "./prepare";
import { buildResult, toApplyError } from "./result";
import { trustAdvancer } from "./trust-state";

export interface ApplyOptions {
  bundle: unknown;
  root: string;
  mode: "dry-run" | "fs" | "pr";
  confirmDigest?: string;
  keepBackups?: number;
  preChecks?: PreChecks;
  lockTimeoutMs?: number;
  branch?: string;
  commitMessage?: string;
  advanceTrustState?: boolean;
  onTrustStateError?: (error: ApplyErrorObject) => void;
  /** The trust-state advance (signing.md §8.3), wired by the caller; run under the lock after the marker. */
  trustAdvancer?: (root: string, bundle: ManifestBundle) => Promise<void>;
  /** Warn-level notices of the success tail (chain, marker, cleanup); default: ignored. */
  onWarn?: (message: string, data?: Record<string, unknown>) => void;
  /** PR mode: the git spawner, base environment and timeout (tests inject a recording spawner). */
  git?: Partial<GitRunner>;
  /** Test hook: validate the final result with this schema instead of ApplyResultSchema. */
  resultSchema?: { safeParse(v: unknown): { success: boolean } };
}

const ZERO_DIGEST = `sha256:${"0".repeat(64)}`;

/** The digest reported before intake succeeds: declared if well-formed, else recomputed, else zeros. */
function bestDigest(bundle: unknown): string {
  const b = bundle as { manifestDigest?: unknown; manifest?: unknown } | null;
  if (b && typeof b.manifestDigest === "string" && /^sha256:[a-f0-9]{64}$/.test(b.manifestDigest))
    return b.manifestDigest;
  try {
    if (b && typeof b.manifest === "object" && b.manifest !== null) return canonicalDigestRef(b.manifest);
  } catch {
    // not JCS-encodable
  }
  return ZERO_DIGEST;
}

async function realRootDir(root: string): Promise<string> {
  let real: string;
  try {
    real = stripLongPrefix(await fs.promises.realpath(root));
    if (!(await fs.promises.stat(real)).isDirectory()) throw new Error("not a directory");
  } catch {
    throw axiomError("ERR_ROOT_NOT_DIR", { message: `root is not a directory: ${root}`, details: { root } });
  }
  return real;
}

function inRange(v: number | undefined, dflt: number, max: number, name: string): number {
  if (v === undefined) return dflt;
  if (!Number.isSafeInteger(v) || v < 0 || v > max) {
    throw axiomError("ERR_INVALID_PLAN", {
      message: `${name} must be an integer in 0..${max}`,
      details: { [name]: v },
    });
  }
  return v;
}

/** A step started before the step after it and awaited once that one returned (SPEED-21). */
interface Background {
  /** Resolves once the step succeeded; rejects with its failure. */
  done(): Promise<void>;
  /** Rejects with the step's failure if it failed, else with `err`: the earlier step's failure wins. */
  or(err: unknown): Promise<never>;
}

function background(step: Promise<unknown>): Background {
  const failure = step.then(
    () => undefined,
    (err: unknown) => err ?? new Error("failed"),
  );
  return {
    done: async () => {
      const err = await failure;
      if (err !== undefined) throw err;
    },
    or: async (err) => {
      throw (await failure) ?? err;
    },
  };
}

async function lockedEngine(
  root: string,
  bundle: ManifestBundle,
  opts: ApplyOptions,
  mode: "dry-run" | "fs",
  lockTimeoutMs: number,
  keepBackups: number,
): Promise<EngineOutcome> {
  const lock = await acquireLock(root, bundle.manifestDigest, lockTimeoutMs);
  try {
    return await runEngine({
      tree: root,
      casRoot: root,
      bundle,
      mode,
      keepBackups,
      preChecks: opts.preChecks,
      onWarn: opts.onWarn,
      advanceTrustState: opts.advanceTrustState,
      trustAdvancer: opts.trustAdvancer ?? trustAdvancer,
      onTrustStateError: opts.onTrustStateError,
    });
  } finally {
    await lock.release().catch(() => undefined);
  }
}

export async function apply(opts: ApplyOptions): Promise<ApplyResult> {
  const mode = opts.mode;
  let digest = bestDigest(opts.bundle);
  let root = opts.root;
  let parts: EngineOutcome & { git?: PrGitInfo };
  try {
    root = await realRootDir(opts.root);
    if (mode !== "dry-run" && opts.confirmDigest !== digest) {
      throw axiomError("ERR_CONFIRM_DIGEST_MISMATCH", {
        message: "confirmDigest does not equal the bundle's manifestDigest",
        details: { confirmDigest: opts.confirmDigest ?? null, manifestDigest: digest },
      });
    }
    const bundle = intakeBundle(opts.bundle);
    digest = bundle.manifestDigest;
    checkPaths(bundle);
    const lockTimeoutMs = inRange(opts.lockTimeoutMs, LOCK_TIMEOUT_DEFAULT_MS, LOCK_TIMEOUT_MAX_MS, "lockTimeoutMs");
    const keepBackups = inRange(opts.keepBackups, KEEP_BACKUPS_DEFAULT, KEEP_BACKUPS_MAX, "keepBackups");
    if (mode === "dry-run") {
      parts = await lockedEngine(root, bundle, opts, "dry-run", lockTimeoutMs, keepBackups);
    } else {
      // §4.3 step 6 before step 7: the intent is registered only once `manifests/<hex>.json` holds
      // the bundle, so a gc finds it (sources.md §6.3); the fsyncs a stored copy still lacks run
      // while the intent is registered, and are awaited before the lock is taken (SPEED-21).
      const stored = background((await nameBundle(root, bundle, { durable: true })).durable);
      const intent = await registerIntent(
        root,
        digest,
        bundle.manifest.artifacts.map((a) => a.path),
      ).catch(stored.or);
      try {
        await stored.done();
        parts =
          mode === "pr"
            ? await runPr({
                ...opts,
                root,
                bundle,
                lockTimeoutMs,
                keepBackups,
                trustAdvancer: opts.trustAdvancer ?? trustAdvancer,
                runner: defaultRunner(opts.git),
              })
            : await lockedEngine(root, bundle, opts, "fs", lockTimeoutMs, keepBackups);
      } finally {
        await intent.release().catch(() => undefined);
      }
    }
  } catch (err) {
    parts = { status: "failed", files: [], error: toApplyError(err) };
  }
  const result = buildResult(digest, mode, root, parts);
  const schema = opts.resultSchema ?? ApplyResultSchema;
  if (!schema.safeParse(result).success) {
    return {
      apiVersion: "axiom.dev/v2",
      kind: "ApplyResult",
      manifestDigest: digest,
      mode,
      status: "failed",
      root,
      files: [],
      error: { code: "ERR_INTERNAL", message: "the apply result failed its own schema" },
    } as ApplyResult;
  }
  return result as ApplyResult;
}
