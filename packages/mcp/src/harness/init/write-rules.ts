// The write rules of `axiom init` (hooks-doctor.md §3.5): owned files, JSON merges, .gitignore.
// Every write passes apply's containment resolver and lands atomically (temp + rename).
import { randomBytes } from "node:crypto";
import { lstat, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { containmentWalk } from "@codai/axiom-apply";
import { axiomError } from "@codai/axiom-schema";
import { isPlainObject, parsePlainJson } from "../doctor/jsonc";
import { jsonText } from "./content";

export type InitAction = "created" | "merged" | "updated" | "skipped";

export interface FileResult {
  path: string;
  action: InitAction;
  reason?: string;
}

async function readExisting(root: string, rel: string): Promise<string | undefined> {
  await containmentWalk(root, rel);
  const abs = path.join(root, ...rel.split("/"));
  try {
    const st = await lstat(abs);
    if (st.isSymbolicLink()) {
      throw axiomError("ERR_SYMLINK_IN_PATH", { message: `symlink: ${rel}`, path: rel, details: { segment: rel } });
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw err;
  }
  return readFile(abs, "utf8");
}

/** Atomic write under the root: parents created one by one, each re-checked by the resolver. */
async function atomicWrite(root: string, rel: string, text: string): Promise<void> {
  const segs = rel.split("/");
  for (let i = 1; i < segs.length; i++) {
    const dirRel = segs.slice(0, i).join("/");
    await containmentWalk(root, `${dirRel}/x`);
    await mkdir(path.join(root, ...segs.slice(0, i)), { recursive: false }).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== "EEXIST") throw err;
    });
  }
  await containmentWalk(root, rel);
  const abs = path.join(root, ...segs);
  const tmp = `${abs}.axiom-init-${process.pid}-${randomBytes(4).toString("hex")}.tmp`;
  try {
    await writeFile(tmp, text, { flag: "wx", mode: 0o644 });
    await rename(tmp, abs);
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  }
}

export async function writeOwned(root: string, rel: string, value: unknown, force: boolean): Promise<FileResult> {
  const text = jsonText(value);
  const existing = await readExisting(root, rel);
  if (existing === undefined) {
    await atomicWrite(root, rel, text);
    return { path: rel, action: "created" };
  }
  if (existing === text) return { path: rel, action: "skipped", reason: "up to date" };
  if (!force) return { path: rel, action: "skipped", reason: "exists" };
  await atomicWrite(root, rel, text);
  return { path: rel, action: "updated" };
}

export interface MergeSpec {
  /** Builds the fresh document holding only the entry. */
  fresh(): Record<string, unknown>;
  /**
   * Merges the entry into `doc` in place: "present" when the entry is already there (replaced
   * when `force`), "added" when it was appended, or a skip reason when the shape is unexpected.
   */
  merge(doc: Record<string, unknown>, force: boolean): "present" | "replaced" | "added" | { skip: string };
}

export async function writeMerged(root: string, rel: string, spec: MergeSpec, force: boolean): Promise<FileResult> {
  const existing = await readExisting(root, rel);
  if (existing === undefined) {
    await atomicWrite(root, rel, jsonText(spec.fresh()));
    return { path: rel, action: "created" };
  }
  const parsed = parsePlainJson(existing);
  if (!parsed.ok) return { path: rel, action: "skipped", reason: "not plain JSON; add the entry by hand" };
  if (!isPlainObject(parsed.value)) return { path: rel, action: "skipped", reason: "top level is not an object" };
  const outcome = spec.merge(parsed.value, force);
  if (outcome === "present") return { path: rel, action: "skipped", reason: "already configured" };
  if (typeof outcome === "object") return { path: rel, action: "skipped", reason: outcome.skip };
  await atomicWrite(root, rel, jsonText(parsed.value));
  return { path: rel, action: outcome === "added" ? "merged" : "updated" };
}

/** `servers.axiom` / `mcpServers.axiom` style entries. */
export function keyedEntry(container: string, entry: Record<string, unknown>): MergeSpec {
  return {
    fresh: () => ({ [container]: { axiom: entry } }),
    merge(doc, force) {
      const cur = doc[container];
      if (cur === undefined) {
        doc[container] = { axiom: entry };
        return "added";
      }
      if (!isPlainObject(cur)) return { skip: `${container} is not an object` };
      if (Object.hasOwn(cur, "axiom")) {
        if (!force) return "present";
        cur.axiom = entry;
        return "replaced";
      }
      cur.axiom = entry;
      return "added";
    },
  };
}

export async function writeGitignore(root: string, lines: readonly string[]): Promise<FileResult> {
  const rel = ".gitignore";
  const existing = await readExisting(root, rel);
  if (existing === undefined) {
    await atomicWrite(root, rel, `${lines.join("\n")}\n`);
    return { path: rel, action: "created" };
  }
  const have = new Set(existing.split(/\r?\n/).map((l) => l.trim()));
  const missing = lines.filter((l) => !have.has(l));
  if (missing.length === 0) return { path: rel, action: "skipped", reason: "already present" };
  const eol = existing.includes("\r\n") ? "\r\n" : "\n";
  const lead = existing.length > 0 && !existing.endsWith("\n") ? eol : "";
  await atomicWrite(root, rel, `${existing}${lead}${missing.map((l) => `${l}${eol}`).join("")}`);
  return { path: rel, action: "updated" };
}
