// Predicates and decision (hooks-doctor.md §2.10). The checks-package predicate modules pull zod
// for their params, so the gate applies the same rules through the same zero-dependency helpers
// of @codai/axiom-rules (globs, secret detectors, scan cap) with the same finding ids and messages
// as path.deny, path.allow, content.noSecrets and content.maxBytes.
import { activePatterns, compileGlobs, detect, SECRET_SCAN_MAX_BYTES } from "@codai/axiom-rules";
import type { GateProfile } from "./profile";
import type { Denial, ResolvedTarget } from "./types";

export function firstFinding(profile: GateProfile, targets: readonly ResolvedTarget[]): Denial | undefined {
  if (profile.deny.length > 0) {
    const match = compileGlobs(profile.deny, { nocase: true });
    const hit = targets.find((t) => match(t.path));
    if (hit) return { code: "path.deny", message: "path matches a denied glob", path: hit.path };
  }
  if (profile.allow !== undefined && profile.allow.length > 0) {
    const match = compileGlobs(profile.allow);
    const miss = targets.find((t) => !match(t.path));
    if (miss) return { code: "path.allow", message: "path matches no allowed glob", path: miss.path };
  }
  const withContent = targets.filter((t) => t.op !== "delete" && t.content !== undefined);
  if (profile.noSecrets && withContent.length > 0) {
    const patterns = activePatterns({ pii: profile.pii, disable: [] });
    for (const t of withContent) {
      const bytes = Buffer.from(t.content as string, "utf8");
      const text =
        bytes.length > SECRET_SCAN_MAX_BYTES
          ? bytes.subarray(0, SECRET_SCAN_MAX_BYTES).toString("utf8")
          : (t.content as string);
      const pattern = patterns.find((p) => detect(p, text));
      if (pattern)
        return {
          code: `content.noSecrets.${pattern}`,
          message: `content matches secret pattern ${pattern}`,
          path: t.path,
        };
    }
  }
  if (profile.maxBytes !== undefined) {
    for (const t of withContent) {
      const bytes = Buffer.byteLength(t.content as string, "utf8");
      if (bytes > profile.maxBytes)
        return { code: "content.maxBytes", message: `${bytes} bytes (max ${profile.maxBytes})`, path: t.path };
    }
  }
  return undefined;
}
