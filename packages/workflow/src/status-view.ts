// The first thing `axiom status` says (issue 21): where the tree stands relative to AXIOM's
// history — the newest change still in force and whether the files still hold its bytes, or that
// the last change was rolled back — before the lock, queue, interrupted journals and chain lines.
// The status document itself is unchanged (axiom_status returns the same one).
import { readChain } from "@codai/axiom-apply";
// The store's own no-follow reader, not plan's wrapper (which only maps errors, and every error is
// caught here): importing plan would put all of it in `axiom status`'s chunk (ARCH-W2).
import { postImageExpectations, readPreImage, readStoredBundle, treeDrift } from "@codai/axiom-store";
import { linkChain } from "./change-states";
import { type StatusDocument, status } from "./root-state";

export type TreeStanding =
  | { kind: "none" }
  | { kind: "applied"; seq: number; name?: string; changed: string[] }
  | { kind: "rolled-back"; seq: number; undoneBy: number; name?: string }
  | { kind: "failed"; seq: number; name?: string };

export interface StatusView {
  doc: StatusDocument;
  standing: TreeStanding;
}

async function nameOf(
  root: string,
  digest: string,
): Promise<{ name?: string; bundle?: Awaited<ReturnType<typeof readStoredBundle>> }> {
  try {
    const bundle = await readStoredBundle(root, digest.slice(7));
    return { name: bundle.manifest.name, bundle };
  } catch {
    return {};
  }
}

export async function statusView(root: string): Promise<StatusView> {
  const [doc, chain] = await Promise.all([status(root), readChain(root)]);
  const links = [...linkChain(chain.entries).values()];
  const newest = links.at(-1);
  if (!newest) return { doc, standing: { kind: "none" } };
  if (newest.state === "undo" && newest.undid !== undefined) {
    const { name } = await nameOf(root, newest.manifestDigest);
    return {
      doc,
      standing: { kind: "rolled-back", seq: newest.undid, undoneBy: newest.seq, ...(name ? { name } : {}) },
    };
  }
  if (newest.state === "failed") {
    const { name } = await nameOf(root, newest.manifestDigest);
    return { doc, standing: { kind: "failed", seq: newest.seq, ...(name ? { name } : {}) } };
  }
  const inForce = links.filter((l) => l.state === "applied").at(-1);
  if (!inForce) return { doc, standing: { kind: "none" } };
  const { name, bundle } = await nameOf(root, inForce.manifestDigest);
  let changed: string[] = [];
  if (bundle) {
    const drift = await treeDrift(postImageExpectations(bundle.manifest), (p) => readPreImage(root, p)).catch(() => []);
    changed = drift.map((d) => d.path);
  }
  return { doc, standing: { kind: "applied", seq: inForce.seq, ...(name ? { name } : {}), changed } };
}
