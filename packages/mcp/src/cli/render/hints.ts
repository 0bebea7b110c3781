// What to do next after a refusal (issue 21), by error code: one sentence a person can act on.
// Only the text forms print it; the JSON documents and error lines keep their fields unchanged.

export function hintFor(code: string, details?: Record<string, unknown>): string | undefined {
  switch (code) {
    case "ERR_EXISTS":
      return "the Plan creates a file that already exists: give that artifact op: overwrite (or compile with --root, so the tree decides), then compile again";
    case "ERR_PREIMAGE_CHANGED":
      return "the files changed since the bundle was compiled: compile it again with --root and review the new dry run";
    case "ERR_CHECKS_FAILED":
      return "the profile's checks refused it: run axiom check on the bundle to see each finding";
    case "ERR_LOCKED":
      return "another apply holds the lock: axiom status shows who; try again when it is done";
    case "ERR_RECOVERY_PENDING":
      return "an earlier apply was interrupted: axiom status lists it; roll it back (axiom rollback <ref>) to recover";
    case "ERR_CONFLICT":
      return "another pending apply touches the same paths: wait for it, or roll it back";
    case "ERR_INVALID_PLAN":
      return details?.skipped !== undefined
        ? "nothing to migrate: the v1 manifest lists only directories, and v2 artifacts are files"
        : undefined;
    case "ERR_NOT_FOUND":
      return details?.reason === "ambiguous" ? "type more characters of the digest" : undefined;
    default:
      return undefined;
  }
}
