// `apply --confirm <ref>` (issue 21): the confirmation may be typed as any ref form — the full
// digest, the bare hex, a 7+ hex prefix, or `#seq` — and must name exactly the bundle being
// applied. A prefix must also be unique among every digest the root knows, the bundle included:
// a second bundle made to share the prefix the person saw makes the prefix ambiguous and refused.
import { axiomError, isAxiomError } from "@codai/axiom-schema";
import { resolveRef } from "@codai/axiom-workflow";

const FULL_RE = /^(?:sha256:)?[0-9a-f]{64}$/;

function mismatch(given: string | undefined, manifestDigest: string, extra: Record<string, unknown> = {}): Error {
  const message =
    given === undefined
      ? "apply needs --confirm <digest> (or --dry-run to see the change first)"
      : `--confirm ${given} does not match this bundle (got ${given}, expected ${manifestDigest})`;
  return axiomError("ERR_CONFIRM_DIGEST_MISMATCH", {
    message,
    details: { confirmDigest: given ?? null, manifestDigest, ...extra },
  });
}

/** Before the root is known: a missing or full-form confirm is decided here; true = needs the root. */
export function checkConfirmShape(given: string | undefined, manifestDigest: string): boolean {
  if (given === undefined) throw mismatch(given, manifestDigest);
  if (!FULL_RE.test(given)) return true;
  const full = given.startsWith("sha256:") ? given : `sha256:${given}`;
  if (full !== manifestDigest) throw mismatch(given, manifestDigest);
  return false;
}

/** A short form against the root: it must resolve, uniquely, to the bundle's digest. */
export async function checkConfirmRef(root: string, given: string, manifestDigest: string): Promise<void> {
  try {
    const resolved = await resolveRef(root, given, { extra: [manifestDigest] });
    if (resolved.manifestDigest !== manifestDigest) throw mismatch(given, manifestDigest);
  } catch (err) {
    if (!isAxiomError(err) || err.code !== "ERR_NOT_FOUND") throw err;
    const reason = err.details?.reason;
    const candidates = err.details?.candidates;
    if (reason === "ambiguous") {
      throw axiomError("ERR_CONFIRM_DIGEST_MISMATCH", {
        message: `--confirm ${given} is ambiguous: ${(candidates as string[]).length} changes start with it; type more of ${manifestDigest}`,
        details: { confirmDigest: given, manifestDigest, reason, candidates },
      });
    }
    throw mismatch(given, manifestDigest, typeof reason === "string" ? { reason } : {});
  }
}
