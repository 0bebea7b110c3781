// The status view (issue 22): the workflow's status document (lock holder, queue, intents,
// interrupted and corrupt journals, chain) with the exact command that recovers each interrupted
// journal (a rollback finishes `committing`/`rolling-back` and discards `staged`, cli.md §7.10).
import { type StatusDocument, status } from "@codai/axiom-workflow";
import { rollbackCommand } from "./commands";

export interface StatusView extends StatusDocument {
  recovery: { manifestDigest: string; command: string }[];
}

export async function statusView(root: string): Promise<StatusView> {
  const doc = await status(root);
  return {
    ...doc,
    recovery: doc.interrupted.map((j) => ({
      manifestDigest: j.manifestDigest,
      command: rollbackCommand(root, j.manifestDigest),
    })),
  };
}
