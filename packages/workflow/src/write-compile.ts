// The first step both axiom_write calls share (mcp.md §7.3 "build and compile (§7.2)"): each file's
// target read from the tree (write-sources.ts), the Plan built from them and compiled with
// `store: "inline"`, so `manifest.preImage` binds the current bytes (or `absent`) of every target.
// The server logs `compiled` between this step and the next.
import { compilePlan } from "@codai/axiom-plan";
import type { EmitterRegistry, ManifestBundle, PlanInput } from "@codai/axiom-schema";
import { recordAbout } from "./about";
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

/** A write compiled against its root: the fresh digest `F` is `bundle.manifestDigest`. */
export interface CompiledWrite {
  root: string;
  bundle: ManifestBundle;
  /** The Plan compiled (the re-send rule reads its ops). */
  plan: PlanInput;
}

export async function compileWrite(req: WriteRequest): Promise<CompiledWrite> {
  const targets = await resolveWriteTargets(req.root, req.files);
  const plan = buildWritePlan(req.files, req.intent, req.planProfile, targets);
  const { bundle } = await compilePlan(plan, { store: "inline", root: req.root, emitters: req.emitters });
  await recordAbout(req.root, bundle.manifestDigest, { intent: req.intent });
  return { root: req.root, bundle, plan };
}
