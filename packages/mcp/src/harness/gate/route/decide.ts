// Route mode (issue 19 item 1, decisions HOOK-20): after the protected-path predicates have passed,
// a write-class call with any target inside the root that no `native` glob matches is refused with
// the route message. Targets outside the root never get here (§2.8 denies them ERR_CONTAINMENT).
// `native` globs are case-sensitive (like `allow`): a case variant is routed, the safe direction.
import { compileGlobs } from "@codai/axiom-rules";
import type { Denial, ResolvedTarget, RouteMode } from "../types";
import { routeMessage } from "./message";
import type { RouteFile } from "./shape";

export interface RouteContext {
  mode: RouteMode;
  native: readonly string[] | undefined;
  tool: string;
}

export function routeDenial(
  ctx: RouteContext,
  targets: readonly ResolvedTarget[],
  files: readonly RouteFile[],
  relOf: (raw: string) => string,
): Denial | undefined {
  if (ctx.mode !== "all") return undefined;
  const native = ctx.native !== undefined && ctx.native.length > 0 ? compileGlobs(ctx.native) : () => false;
  const routed = targets.find((t) => !native(t.path));
  if (routed === undefined) return undefined;
  // Not fail-closed: --fail-open never lets a routed write through.
  return {
    code: "ERR_UNSUPPORTED_OP",
    message: routeMessage(ctx.tool, files, relOf),
    path: routed.path,
    route: ctx.tool,
  };
}
