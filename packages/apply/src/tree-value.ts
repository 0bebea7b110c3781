// Apply's strict reading of one target (apply.md §2, §5.2, §8): the containment walk first (a walk
// failure refuses with its code), then the no-follow digest-or-absent, a non-file read as
// `non-file:<kind>`, never as `absent` (formats.md §7.1 "apply reads more strictly"). The reader
// the store's drift rule is given by the idempotency check, the preImage binding and rollback.
import { capture, digestOrAbsent, layout } from "@codai/axiom-store";
import { containmentWalk } from "./containment";

export async function readTarget(tree: string, rel: string): Promise<string> {
  await containmentWalk(tree, rel);
  return digestOrAbsent(await capture(layout.target(tree, rel)));
}
