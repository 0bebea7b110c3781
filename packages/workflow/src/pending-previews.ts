// Pending previews (issue 22): bundles stored in `manifests/` that no good chain entry names and no
// applied marker covers — what a confirm form is about to ask about. Newest first, capped. The
// review page's pending list; the chain side is the chain index's.
import { fsx, layout } from "@codai/axiom-store";
import { chainIndex } from "./chain-index";
import { readJsonDoc, stringAt } from "./stored-docs";

export const PENDING_MAX = 200;

export interface PendingRow {
  digest: string;
  ref: string;
  intent?: string;
  profile?: string;
  files: number;
  /** When the preview was stored (the file's mtime). */
  at: string;
}

const NAME_RE = /^([a-f0-9]{64})\.json$/;

async function listNames(dir: string): Promise<string[]> {
  try {
    return await fsx.readdir(dir);
  } catch {
    return [];
  }
}

async function mtimeOf(file: string): Promise<number | undefined> {
  try {
    return Number((await fsx.lstat(file)).mtimeMs);
  } catch {
    return undefined;
  }
}

async function pendingRow(root: string, hex: string, ms: number): Promise<PendingRow> {
  const doc = await readJsonDoc(layout.manifest(root, hex));
  const artifacts = (doc?.manifest as { artifacts?: unknown } | undefined)?.artifacts;
  const row: PendingRow = {
    digest: `sha256:${hex}`,
    ref: hex.slice(0, 12),
    files: Array.isArray(artifacts) ? artifacts.length : 0,
    at: new Date(ms).toISOString(),
  };
  const intent = stringAt(doc, "manifest", "name");
  const profile = stringAt(doc, "manifest", "profile");
  if (intent !== undefined) row.intent = intent;
  if (profile !== undefined) row.profile = profile;
  return row;
}

export async function pendingPreviews(root: string): Promise<PendingRow[]> {
  const [index, names, markers] = await Promise.all([
    chainIndex(root),
    listNames(layout.manifestsDir(root)),
    listNames(layout.appliedDir(root)),
  ]);
  const inChain = new Set(index.entries.map((e) => e.manifestDigest.slice(7)));
  const applied = new Set(markers.map((m) => m.replace(/\.json$/, "")));
  const hexes = names
    .map((n) => NAME_RE.exec(n)?.[1])
    .filter((h): h is string => h !== undefined && !inChain.has(h) && !applied.has(h));
  const dated = await Promise.all(hexes.map(async (hex) => ({ hex, ms: await mtimeOf(layout.manifest(root, hex)) })));
  const newest = dated
    .filter((d): d is { hex: string; ms: number } => d.ms !== undefined)
    .sort((a, b) => b.ms - a.ms || (a.hex < b.hex ? -1 : 1))
    .slice(0, PENDING_MAX);
  return Promise.all(newest.map(({ hex, ms }) => pendingRow(root, hex, ms)));
}
