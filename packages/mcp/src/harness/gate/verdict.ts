// The outcome of evaluating one hook call (hooks-doctor.md §2.11, §2.12).
import type { Denial } from "./types";

export type Verdict = { allow: true } | { allow: false; denial: Denial };

/** A §2.11 fail-closed case: denied by default, allowed with a WARN under --fail-open. */
export const failClosed = (
  code: "ERR_INTERNAL" | "ERR_UNSUPPORTED_OP" | "ERR_PATCH_FORMAT",
  message: string,
  p?: string,
): Verdict => ({
  allow: false,
  denial: { code, message, failClosed: true, ...(p !== undefined ? { path: p } : {}) },
});
