// The first step both axiom_write calls share (mcp.md §7.3 "build and compile (§7.2)"): each file's
// target read from the tree (write-sources.ts), the Plan built from them and compiled with
// `store: "inline"`, so `manifest.preImage` binds the current bytes (or `absent`) of every target.
// The server logs `compiled` between this step and the next.
import { compilePlan } from "@codai/axiom-plan";
import type { EmitterRegistry, ManifestBundle, PlanInput } from "@codai/axiom-schema";
import { admitCompiledBundle } from "@codai/axiom-store";
import { type ChangeOrigin, recordAbout } from "./about";
import { argsKeyOf, recallPreview, rememberPreview, targetIdentities } from "./write-memo";
import { buildWritePlan, type WriteFile } from "./write-plan";
import { resolveWriteTargets } from "./write-sources";

export interface WriteRequest {
  /** The realpath'd root (an allowlisted root itself: axiom_write takes the lock). */
  root: string;
  /** After checkWriteFiles. */
  files: readonly WriteFile[];
  intent: string;
  /** The profile recorded in the Plan: the call's `profile`, else the server default (§7.1). */
  planProfile: string;
  /** Emitters loaded with `axiom mcp --emitter`. */
  emitters?: EmitterRegistry;
}

/**
 * Who makes an axiom_write change. Recorded with the intent at the compile, so the confirm's
 * record after the apply finds nothing new to write (one `.axiom/about/` file per pair, not two).
 */
export const WRITE_ORIGIN: ChangeOrigin = { surface: "mcp", tool: "axiom_write" };

/** A write compiled against its root: the fresh digest `F` is `bundle.manifestDigest`. */
export interface CompiledWrite {
  root: string;
  bundle: ManifestBundle;
  /** The Plan compiled (the re-send rule reads its ops). */
  plan: PlanInput;
  /** The digest of the arguments it was compiled from (write-memo.ts). */
  argsKey: string;
}

/**
 * The preview call compiles (and remembers the result for its confirm, write-memo.ts); the confirm
 * call (`confirmDigest` given) takes the preview's compile when nothing it was built from changed,
 * else compiles again.
 */
export async function compileWrite(req: WriteRequest, confirmDigest?: string): Promise<CompiledWrite> {
  if (confirmDigest !== undefined) {
    const kept = await recallPreview(req, confirmDigest);
    if (kept !== undefined) return kept;
  }
  const before = confirmDigest === undefined ? await targetIdentities(req) : undefined;
  const targets = await resolveWriteTargets(req.root, req.files);
  const plan = buildWritePlan(req.files, req.intent, req.planProfile, targets);
  const { bundle: built } = await compilePlan(plan, { store: "inline", root: req.root, emitters: req.emitters });
  // The preview's dry run and the confirm's apply take this very object: admitted once (store intake.ts).
  const bundle = admitCompiledBundle(built);
  await recordAbout(req.root, bundle.manifestDigest, { intent: req.intent, origin: WRITE_ORIGIN });
  const compiled = { root: req.root, bundle, plan, argsKey: argsKeyOf(req) };
  if (before !== undefined) rememberPreview(req, before, compiled);
  return compiled;
}
