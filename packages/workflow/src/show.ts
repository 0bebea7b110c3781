// `axiom show <ref>` (issue 21): one change as a person asks about it — what it was for (intent),
// who made it (origin), when, whether it is still in force, its files and the content diff. The
// diff's new side is the stored bundle's blobs (inline or CAS), the old side the apply's backups
// (`.axiom/backup/<hex>/`, kept for the last few applies) or nothing for a create. Read-only.
import { buildDiff, type DiffEntry, readChain, readJournal, resolveBlob } from "@codai/axiom-apply";
import { axiomError, isAxiomError, type ManifestBundle } from "@codai/axiom-schema";
import { fsx, layout, readStoredBundle } from "@codai/axiom-store";
import { type AboutRecord, readAbout } from "./about";
import { type ChangeLink, latestLink, linkChain } from "./change-states";
import { resolveRef } from "./ref";

/** applied / rolled-back / failed: from the chain; stored: compiled or previewed, never applied. */
export type ShownState = "applied" | "rolled-back" | "failed" | "stored";

export interface ShowFile {
  path: string;
  op: "create" | "overwrite" | "delete";
}

export interface ShowDocument {
  root: string;
  manifestDigest: string;
  name?: string;
  intent?: string;
  origin?: AboutRecord["origin"];
  branch?: string;
  state: ShownState;
  /** The commit's chain seq and time. */
  seq?: number;
  at?: string;
  /** For a rolled-back change: the seq of the entry that undid it. */
  undoneBy?: number;
  /** For a rolled-back change: when it was undone. */
  undoneAt?: string;
  files: ShowFile[];
  /** The unified diff (apply.md §16 form); absent when the stored bundle is not there. */
  diff?: string;
  /** Paths whose old side could not be shown (backup pruned or never taken). */
  missingBefore: string[];
}

async function backupBytes(root: string, hex: string, rel: string): Promise<Uint8Array | undefined> {
  const file = layout.backupFile(root, hex, rel);
  try {
    if (!(await fsx.lstat(file)).isFile()) return undefined;
    return await fsx.readFile(file);
  } catch {
    return undefined;
  }
}

async function storedBundle(root: string, hex: string): Promise<ManifestBundle | undefined> {
  try {
    return await readStoredBundle(root, hex);
  } catch (err) {
    if (isAxiomError(err)) return undefined;
    throw err;
  }
}

async function contentDiff(
  root: string,
  hex: string,
  bundle: ManifestBundle,
): Promise<{ diff: string; missingBefore: string[] }> {
  const missingBefore: string[] = [];
  const entries: DiffEntry[] = [];
  for (const a of bundle.manifest.artifacts) {
    const entry: DiffEntry = { path: a.path };
    if (a.op !== "create") {
      entry.before = await backupBytes(root, hex, a.path);
      if (entry.before === undefined) missingBefore.push(a.path);
    }
    if (a.op !== "delete") entry.after = await resolveBlob(bundle, a, root).catch(() => undefined);
    entries.push(entry);
  }
  return { diff: buildDiff(entries), missingBefore };
}

function stateOf(link: ChangeLink | undefined): ShownState {
  if (!link) return "stored";
  return link.state === "undo" ? "rolled-back" : link.state;
}

export async function showChange(root: string, ref: string): Promise<ShowDocument> {
  const { manifestDigest } = await resolveRef(root, ref);
  const hex = manifestDigest.slice(7);
  const { entries } = await readChain(root);
  const links = linkChain(entries);
  const link = latestLink(links, manifestDigest);
  const [bundle, about, journal] = await Promise.all([
    storedBundle(root, hex),
    readAbout(root, manifestDigest),
    readJournal(root, hex).catch(() => undefined),
  ]);
  if (!bundle && !link && !journal) {
    throw axiomError("ERR_NOT_FOUND", {
      message: `no change ${manifestDigest} in this root`,
      details: { ref, reason: "unknown" },
    });
  }
  const doc: ShowDocument = { root, manifestDigest, state: stateOf(link), files: [], missingBefore: [] };
  if (bundle) doc.name = bundle.manifest.name;
  if (about.intent !== undefined) doc.intent = about.intent;
  if (about.origin) doc.origin = about.origin;
  if (about.branch) doc.branch = about.branch;
  if (link) {
    const entry = entries.find((e) => e.seq === link.seq);
    doc.seq = link.seq;
    if (entry) doc.at = entry.at;
    if (link.undoneBy !== undefined) {
      doc.undoneBy = link.undoneBy;
      doc.undoneAt = entries.find((e) => e.seq === link.undoneBy)?.at;
    }
  }
  doc.files = bundle
    ? bundle.manifest.artifacts.map((a) => ({ path: a.path, op: a.op }))
    : (journal?.steps ?? []).map((s) => ({ path: s.path, op: s.op }));
  if (bundle) Object.assign(doc, await contentDiff(root, hex, bundle));
  return doc;
}
