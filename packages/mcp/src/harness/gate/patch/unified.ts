// Unified diff (`diff -u`, `git diff`) → the files it changes. Hunks are delimited by their header
// counts, as git apply and GNU patch read them; a hunk that runs past the text, a hunk before any
// file header, or no file header at all is malformed (deny). Paths are judged as written (-p0) and
// with the first component stripped (-p1), since the gate cannot know which the applier uses.
import { quote, splitLines, trimAll } from "./text";
import type { PatchFile, PatchParse } from "./types";

const HUNK = /^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@/;
const NULL = "/dev/null";

class Malformed extends Error {}

/** git's C-style quoting ("a/\303\251"), else the text up to a tab (diff's timestamp). */
function headerPath(rest: string): string {
  if (!rest.startsWith('"')) return rest.split("\t")[0] as string;
  const bytes: number[] = [];
  const esc: Record<string, number> = { n: 10, t: 9, r: 13, '"': 34, "\\": 92, a: 7, b: 8, f: 12, v: 11 };
  for (let i = 1; i < rest.length; i++) {
    const c = rest[i] as string;
    if (c === '"') return Buffer.from(bytes).toString("utf8");
    if (c !== "\\") {
      bytes.push(...Buffer.from(c, "utf8"));
      continue;
    }
    const oct = /^[0-7]{3}/.exec(rest.slice(i + 1));
    if (oct) {
      bytes.push(Number.parseInt(oct[0], 8));
      i += 3;
    } else {
      const e = esc[rest[i + 1] ?? ""];
      if (e === undefined) throw new Malformed(`bad quoted path ${quote(rest)}`);
      bytes.push(e);
      i++;
    }
  }
  throw new Malformed(`unterminated quoted path ${quote(rest)}`);
}

/** The readings of a header path: -p1 first when it has a/ or b/, then as written. */
function readings(p: string): string[] {
  const slash = p.indexOf("/");
  const stripped = slash > 0 ? p.slice(slash + 1) : undefined;
  const out = /^[ab]\//.test(p) && stripped ? [stripped, p] : stripped ? [p, stripped] : [p];
  return [...new Set(out)].filter((x) => trimAll(x) !== "");
}

/** `diff --git a/X b/Y`: both halves, split at every ` b/` (a name may hold one), never guessed. */
function gitHeaderPaths(rest: string): string[] {
  if (rest.startsWith('"')) {
    const a = headerPath(rest);
    const after = rest.slice(rest.indexOf('"', 1) + 2);
    return [a, headerPath(after)];
  }
  const out = new Set<string>();
  for (let at = rest.indexOf(" b/"); at !== -1; at = rest.indexOf(" b/", at + 1)) {
    out.add(rest.slice(0, at));
    out.add(rest.slice(at + 1));
  }
  if (out.size === 0) out.add(rest);
  return [...out];
}

interface Section {
  git?: string[];
  old?: string;
  new?: string;
  renameFrom?: string;
  renameTo?: string;
  copyTo?: string;
  created: boolean;
  deleted: boolean;
  added: string[];
  body: string[];
}

function toFile(s: Section): PatchFile[] {
  if (s.old === undefined && s.renameTo === undefined && s.copyTo === undefined) {
    // A git section without ---/+++ (a mode change, a binary patch): the header's paths.
    const op = s.deleted ? "delete" : s.created ? "create" : "overwrite";
    return [
      { format: "unified", paths: [...new Set((s.git ?? []).flatMap(readings))], op, added: s.added, body: s.body },
    ];
  }
  const from = s.renameFrom ?? (s.old === NULL ? undefined : s.old);
  const to = s.renameTo ?? s.copyTo ?? (s.new === NULL ? undefined : s.new);
  const file = (paths: string[], op: PatchFile["op"]): PatchFile => ({
    format: "unified",
    paths,
    op,
    added: s.added,
    body: s.body,
  });
  if (s.copyTo !== undefined) return [file(readings(s.copyTo), "create")];
  if (s.deleted || (to === undefined && from !== undefined)) return [file(readings(from as string), "delete")];
  if (to === undefined) throw new Malformed("a file section names no path");
  if (s.created || from === undefined) return [file(readings(to), "create")];
  const [a, b] = [readings(from), readings(to)];
  if (a[0] === b[0]) return [file([...new Set([...a, ...b])], "overwrite")];
  return [{ ...file(a, "move"), moveTo: b }];
}

/** Lines of one hunk from `at` (its header), by the header's counts; returns the index after it. */
function hunk(lines: string[], at: number, sec: Section, extra: string[]): number {
  const h = HUNK.exec(lines[at] as string);
  if (!h) throw new Malformed(`bad hunk header ${quote(lines[at] as string)}`);
  let oldLeft = h[1] === undefined ? 1 : Number(h[1]);
  let newLeft = h[2] === undefined ? 1 : Number(h[2]);
  sec.body.push(lines[at] as string);
  let i = at + 1;
  for (; i < lines.length && (oldLeft > 0 || newLeft > 0); i++) {
    const l = lines[i] as string;
    const tag = l === "" ? " " : l[0];
    if (tag === "\\") {
      sec.body.push(l);
      continue;
    }
    if (tag === " ") {
      oldLeft--;
      newLeft--;
    } else if (tag === "-") oldLeft--;
    else if (tag === "+") {
      newLeft--;
      sec.added.push(l.slice(1));
    } else throw new Malformed(`line ${i + 1} is not a hunk line: ${quote(l)}`);
    // A header pair inside a hunk is judged too: an applier that resynchronises on headers reads it.
    if (l.startsWith("--- ") && lines[i + 1]?.startsWith("+++ ")) {
      extra.push(headerPath(l.slice(4)), headerPath((lines[i + 1] as string).slice(4)));
    }
    sec.body.push(l);
  }
  if (oldLeft > 0 || newLeft > 0) throw new Malformed("a hunk runs past the end of the patch");
  if (oldLeft < 0 || newLeft < 0) throw new Malformed("a hunk's lines do not match its header counts");
  while (lines[i]?.startsWith("\\")) sec.body.push(lines[i++] as string);
  return i;
}

export function parseUnified(text: string): PatchParse {
  const lines = splitLines(text);
  const sections: Section[] = [];
  const extra: string[] = [];
  let sec: Section | undefined;
  const open = () => {
    sec = { created: false, deleted: false, added: [], body: [] };
    sections.push(sec);
    return sec;
  };
  try {
    for (let i = 0; i < lines.length; ) {
      const l = lines[i] as string;
      if (l.startsWith("diff --git ")) {
        const git = gitHeaderPaths(l.slice("diff --git ".length));
        open().git = git;
        extra.push(...git);
        i++;
      } else if (l.startsWith("--- ") && lines[i + 1]?.startsWith("+++ ")) {
        const s = sec && sec.old === undefined && sec.body.length === 0 ? sec : open();
        s.old = headerPath(l.slice(4));
        s.new = headerPath((lines[i + 1] as string).slice(4));
        i += 2;
      } else if (l.startsWith("@@")) {
        if (!sec || (sec.old === undefined && sec.renameTo === undefined))
          throw new Malformed("a hunk before any file header");
        i = hunk(lines, i, sec, extra);
      } else {
        const m = /^(rename from|rename to|copy to|new file mode|deleted file mode) ?(.*)$/.exec(l);
        if (m && sec) {
          const v = m[2] as string;
          if (m[1] === "rename from") sec.renameFrom = headerPath(v);
          else if (m[1] === "rename to") sec.renameTo = headerPath(v);
          else if (m[1] === "copy to") sec.copyTo = headerPath(v);
          else if (m[1] === "new file mode") sec.created = true;
          else sec.deleted = true;
        }
        // Any other line (a commit message, `index …`, mode lines) names no file: skipped, as git does.
        // A lone header line still names a path an applier could read: judged.
        if (/^(\+\+\+|---) /.test(l)) extra.push(headerPath(l.slice(4)));
        i++;
      }
    }
    const files = sections.filter(
      (s) => s.old !== undefined || s.renameTo !== undefined || s.copyTo !== undefined || s.git !== undefined,
    );
    if (files.length === 0) throw new Malformed("no ---/+++ file header");
    const out = files.flatMap(toFile);
    const named = extra.filter((p) => p !== NULL);
    if (named.length > 0)
      out.push({
        format: "unified",
        paths: named.flatMap(readings),
        op: "overwrite",
        added: [],
        body: [],
        judgeOnly: true,
      });
    return { ok: true, files: out };
  } catch (err) {
    if (err instanceof Malformed) return { ok: false, why: `malformed unified diff: ${err.message}` };
    throw err;
  }
}
