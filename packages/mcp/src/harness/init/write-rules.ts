// The write rules of `axiom init` (hooks-doctor.md §3.5): owned files, JSON merges, .gitignore.
// Every write passes apply's containment resolver and lands atomically (temp + rename); an existing
// file is copied under .axiom/init-backup/<stamp>/ before init rewrites it (never clobbered).
import { randomBytes } from "node:crypto";
import { lstat, mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import * as path from "node:path";
import { containmentWalk } from "@codai/axiom-apply";
import { axiomError } from "@codai/axiom-schema";
import { markNewAxiomDir } from "@codai/axiom-store";
import { AXIOM_DIR } from "@codai/axiom-store/layout";
import { isPlainObject, parsePlainJson } from "../doctor/jsonc";
import { jsonText } from "./content";

export type InitAction = "created" | "merged" | "updated" | "skipped";

export interface FileResult {
  path: string;
  action: InitAction;
  reason?: string;
  /** Root-relative copy of the file as it was before this run rewrote it. */
  backup?: string;
}

/** One init run: where it writes, whether it replaces, and the backup folder's stamp. */
export interface WriteContext {
  root: string;
  force: boolean;
  stamp: string;
}

export async function readExisting(root: string, rel: string): Promise<string | undefined> {
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
export async function atomicWrite(root: string, rel: string, text: string): Promise<void> {
  const segs = rel.split("/");
  for (let i = 1; i < segs.length; i++) {
    const dirRel = segs.slice(0, i).join("/");
    await containmentWalk(root, `${dirRel}/x`);
    const dir = path.join(root, ...segs.slice(0, i));
    await mkdir(dir, { recursive: false }).then(
      // A new `.axiom/` gets its .gitignore before anything else is written in it (issue 21).
      () => markNewAxiomDir(dir),
      (err: NodeJS.ErrnoException) => {
        if (err.code !== "EEXIST") throw err;
      },
    );
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

/** Rewrites an existing file, keeping its old text under .axiom/init-backup/<stamp>/<rel>. */
export async function replaceWithBackup(
  ctx: WriteContext,
  rel: string,
  old: string,
  text: string,
  action: "merged" | "updated",
): Promise<FileResult> {
  const backup = `${AXIOM_DIR}/init-backup/${ctx.stamp}/${rel}`;
  await atomicWrite(ctx.root, backup, old);
  await atomicWrite(ctx.root, rel, text);
  return { path: rel, action, backup };
}

export async function writeOwned(ctx: WriteContext, rel: string, value: unknown): Promise<FileResult> {
  const text = jsonText(value);
  const existing = await readExisting(ctx.root, rel);
  if (existing === undefined) {
    await atomicWrite(ctx.root, rel, text);
    return { path: rel, action: "created" };
  }
  if (existing === text) return { path: rel, action: "skipped", reason: "up to date" };
  if (!ctx.force) return { path: rel, action: "skipped", reason: "exists" };
  return replaceWithBackup(ctx, rel, existing, text, "updated");
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

export async function writeMerged(ctx: WriteContext, rel: string, spec: MergeSpec): Promise<FileResult> {
  const existing = await readExisting(ctx.root, rel);
  if (existing === undefined) {
    await atomicWrite(ctx.root, rel, jsonText(spec.fresh()));
    return { path: rel, action: "created" };
  }
  const parsed = parsePlainJson(existing);
  if (!parsed.ok) return { path: rel, action: "skipped", reason: "not plain JSON; add the entry by hand" };
  if (!isPlainObject(parsed.value)) return { path: rel, action: "skipped", reason: "top level is not an object" };
  const outcome = spec.merge(parsed.value, ctx.force);
  if (outcome === "present") return { path: rel, action: "skipped", reason: "already configured" };
  if (typeof outcome === "object") return { path: rel, action: "skipped", reason: outcome.skip };
  return replaceWithBackup(ctx, rel, existing, jsonText(parsed.value), outcome === "added" ? "merged" : "updated");
}

/** Several merges into one document (Gemini's settings.json holds the server and the hook). */
export function allOf(...specs: MergeSpec[]): MergeSpec {
  return {
    fresh: () => Object.assign({}, ...specs.map((m) => m.fresh())),
    merge(doc, force) {
      const outcomes = [];
      for (const m of specs) {
        const o = m.merge(doc, force);
        if (typeof o === "object") return o;
        outcomes.push(o);
      }
      if (outcomes.every((o) => o === "present")) return "present";
      return outcomes.includes("added") ? "added" : "replaced";
    },
  };
}

export async function writeGitignore(ctx: WriteContext, lines: readonly string[]): Promise<FileResult> {
  const rel = ".gitignore";
  const existing = await readExisting(ctx.root, rel);
  if (existing === undefined) {
    await atomicWrite(ctx.root, rel, `${lines.join("\n")}\n`);
    return { path: rel, action: "created" };
  }
  const have = new Set(existing.split(/\r?\n/).map((l) => l.trim()));
  const missing = lines.filter((l) => !have.has(l));
  if (missing.length === 0) return { path: rel, action: "skipped", reason: "already present" };
  const eol = existing.includes("\r\n") ? "\r\n" : "\n";
  const lead = existing.length > 0 && !existing.endsWith("\n") ? eol : "";
  const text = `${existing}${lead}${missing.map((l) => `${l}${eol}`).join("")}`;
  return replaceWithBackup(ctx, rel, existing, text, "updated");
}
