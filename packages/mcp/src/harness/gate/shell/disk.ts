// What the judgement reads from disk (decisions SEC-3, SEC-4), and its limits: a script or patch
// file the line runs (inside the root, a regular file, ≤ 256 KiB, else the gate cannot know it) and
// the matches of a live glob (at most 2000 entries visited; symlinked directories are not entered).
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { matchSegment } from "./glob-intersect";
import { hasGlob, unescapePattern } from "./pattern-form";
import { relOf, type ShellContext } from "./scope";

const SCRIPT_MAX_BYTES = 256 * 1024;
const DISK_BUDGET = 2000;

/** A script or patch file's text; undefined when outside the root, not a file, too big or unreadable. */
export function readScript(ctx: ShellContext, raw: string): string | undefined {
  const rel = relOf(ctx, raw);
  if (rel === undefined || rel === "") return undefined;
  const file = path.join(ctx.root, rel);
  try {
    const st = lstatSync(file);
    if (!st.isFile() || st.size > SCRIPT_MAX_BYTES) return undefined;
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function entries(dir: string): { name: string; dir: boolean }[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).map((e) => ({ name: e.name, dir: e.isDirectory() }));
  } catch {
    return [];
  }
}

/** A root-relative glob's matches on disk (symlinked directories not entered); undefined: too many. */
export function expandOnDisk(root: string, relPattern: string): string[] | undefined {
  const segs = relPattern.split("/").filter((s) => s !== "" && s !== ".");
  const out: string[] = [];
  let budget = DISK_BUDGET;
  const walk = (dir: string, rel: string, i: number): void => {
    if (budget <= 0) return;
    if (i === segs.length) {
      if (rel !== "") out.push(rel);
      return;
    }
    const seg = segs[i] as string;
    const last = i === segs.length - 1;
    const join = (name: string) => (rel === "" ? name : `${rel}/${name}`);
    if (seg === "**") {
      walk(dir, rel, i + 1);
      for (const e of entries(dir)) {
        if (--budget <= 0) return;
        if (e.dir) walk(path.join(dir, e.name), join(e.name), i);
      }
      return;
    }
    if (!hasGlob(seg)) {
      const name = unescapePattern(seg);
      const p = path.join(dir, name);
      try {
        const st = lstatSync(p);
        if (last) out.push(join(name));
        else if (st.isDirectory()) walk(p, join(name), i + 1);
      } catch {
        // absent: no match
      }
      return;
    }
    for (const e of entries(dir)) {
      if (--budget <= 0) return;
      if (!matchSegment(e.name, seg)) continue;
      if (last) out.push(join(e.name));
      else if (e.dir) walk(path.join(dir, e.name), join(e.name), i + 1);
    }
  };
  walk(root, "", 0);
  return budget <= 0 ? undefined : out;
}
