// Patch body parsers (sources.md §1.6–§1.8): unified, v4a (one-file apply_patch) and
// search-replace. Pure: text in, hunks out; every failure is ERR_PATCH_FORMAT with details.format.
import { axiomError } from "@codai/axiom-schema";

/** Body lines under the line model of §1.5: split on LF, the empty element after a final LF dropped. */
function bodyLines(body: string): string[] {
  const lines = body.split("\n");
  if (lines.at(-1) === "") lines.pop();
  return lines;
}

export type PatchFormat = "unified" | "v4a" | "search-replace";

export interface Hunk {
  before: string[];
  removed: string[];
  added: string[];
  after: string[];
  /** unified: the header's new start (third number). */
  hintLine?: number;
  /** v4a: the trimmed text after `@@`. */
  anchor?: string;
  /** v4a: `*** End of File` closed this hunk. */
  atEof?: boolean;
}

export type ParsedPatch = { kind: "hunks"; hunks: Hunk[] } | { kind: "add"; content: string } | { kind: "delete" };

function formatError(format: PatchFormat, extra: Record<string, unknown> = {}, message = "patch body does not parse") {
  return axiomError("ERR_PATCH_FORMAT", { message, details: { format, ...extra } });
}

/** Accumulates one hunk with the folding rule of §1.6: context after a change, followed by another change, joins both sides. */
class HunkBuilder {
  readonly hunk: Hunk = { before: [], removed: [], added: [], after: [] };
  private changed = false;
  context(line: string): void {
    (this.changed ? this.hunk.after : this.hunk.before).push(line);
  }
  change(kind: "-" | "+", line: string): void {
    if (this.hunk.after.length > 0) {
      this.hunk.removed.push(...this.hunk.after);
      this.hunk.added.push(...this.hunk.after);
      this.hunk.after = [];
    }
    (kind === "-" ? this.hunk.removed : this.hunk.added).push(line);
    this.changed = true;
  }
  get hasChange(): boolean {
    return this.changed;
  }
}

const UNIFIED_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;
const NO_NEWLINE = "\\ No newline at end of file";

export function parseUnified(body: string): Hunk[] {
  const lines = bodyLines(body);
  const hunks: Hunk[] = [];
  let current:
    | { b: HunkBuilder; header: string; oldCount: number; newCount: number; oldSeen: number; newSeen: number }
    | undefined;
  let started = false;
  const close = () => {
    if (!current) return;
    const { header, oldCount, newCount, oldSeen, newSeen } = current;
    if (oldSeen !== oldCount || newSeen !== newCount) {
      throw formatError(
        "unified",
        { header, oldSeen, oldCount, newSeen, newCount },
        "hunk line counts do not match its header",
      );
    }
    hunks.push(current.b.hunk);
    current = undefined;
  };
  for (const [i, line] of lines.entries()) {
    const header = UNIFIED_HEADER.exec(line);
    if (header) {
      close();
      started = true;
      const b = new HunkBuilder();
      b.hunk.hintLine = Number(header[3]);
      current = {
        b,
        header: line,
        oldCount: header[2] === undefined ? 1 : Number(header[2]),
        newCount: header[4] === undefined ? 1 : Number(header[4]),
        oldSeen: 0,
        newSeen: 0,
      };
      continue;
    }
    if (!started) continue; // preamble: diff/index/---/+++ headers
    if (!current) {
      if (line === "") continue; // blank lines between hunks
      throw formatError("unified", { line: i + 1 });
    }
    if (line === NO_NEWLINE) continue;
    if (line.startsWith("diff ")) throw formatError("unified", { line: i + 1 }, "one file per patch source");
    const c = current;
    if (line === "" && c.oldSeen >= c.oldCount) {
      close(); // separator after the hunk's old lines
      continue;
    }
    const tag = line === "" ? " " : line[0];
    const text = line.slice(1);
    if (tag === " ") {
      c.b.context(text);
      c.oldSeen++;
      c.newSeen++;
    } else if (tag === "-") {
      c.b.change("-", text);
      c.oldSeen++;
    } else if (tag === "+") {
      c.b.change("+", text);
      c.newSeen++;
    } else {
      throw formatError("unified", { line: i + 1 });
    }
  }
  close();
  if (!started) throw formatError("unified", {}, "no hunk header");
  return hunks;
}

const V4A_FILE = /^\*\*\* (Add|Update|Delete) File: (.+)$/;

export function parseV4a(body: string): ParsedPatch {
  const lines = bodyLines(body);
  let i = 0;
  while (i < lines.length && (lines[i] as string).trim() === "") i++;
  if (i >= lines.length || (lines[i] as string).trim() !== "*** Begin Patch")
    throw formatError("v4a", { line: i + 1 }, "missing *** Begin Patch");
  i++;
  const file = V4A_FILE.exec(lines[i] ?? "");
  if (!file) throw formatError("v4a", { line: i + 1 }, "missing *** Add/Update/Delete File header");
  i++;
  const isEnd = (l: string | undefined) => l !== undefined && l.trim() === "*** End Patch";
  if (file[1] === "Delete") {
    if (!isEnd(lines[i])) throw formatError("v4a", { line: i + 1 }, "missing *** End Patch");
    return { kind: "delete" };
  }
  if (file[1] === "Add") {
    const content: string[] = [];
    for (; i < lines.length; i++) {
      const l = lines[i] as string;
      if (isEnd(l)) return { kind: "add", content: `${content.join("\n")}\n` };
      if (!l.startsWith("+")) throw formatError("v4a", { line: i + 1 });
      content.push(l.slice(1));
    }
    throw formatError("v4a", {}, "missing *** End Patch");
  }
  const hunks: Hunk[] = [];
  let current: HunkBuilder | undefined;
  const close = (line: number) => {
    if (!current) return;
    if (!current.hasChange) throw formatError("v4a", { line }, "hunk without a change");
    hunks.push(current.hunk);
    current = undefined;
  };
  for (; i < lines.length; i++) {
    const l = lines[i] as string;
    if (isEnd(l)) {
      close(i + 1);
      if (hunks.length === 0) throw formatError("v4a", { line: i + 1 }, "no hunk");
      return { kind: "hunks", hunks };
    }
    if (l.startsWith("*** Move to:") || V4A_FILE.test(l))
      throw formatError("v4a", { line: i + 1 }, "exactly one file, one path");
    if (l.startsWith("@@")) {
      close(i + 1);
      current = new HunkBuilder();
      const anchor = l.slice(2).trim();
      if (anchor !== "") current.hunk.anchor = anchor;
      continue;
    }
    if (l.trim() === "*** End of File") {
      if (!current) throw formatError("v4a", { line: i + 1 }, "*** End of File outside a hunk");
      current.hunk.atEof = true;
      close(i + 1);
      continue;
    }
    const tag = l === "" ? " " : l[0];
    if (tag !== " " && tag !== "-" && tag !== "+") throw formatError("v4a", { line: i + 1 });
    current ??= new HunkBuilder();
    if (tag === " ") current.context(l.slice(1));
    else current.change(tag, l.slice(1));
  }
  throw formatError("v4a", {}, "missing *** End Patch");
}

const SR_SEARCH = /^<{5,9} SEARCH\s*$/;
const SR_DIVIDER = /^={5,9}\s*$/;
const SR_REPLACE = /^>{5,9} REPLACE\s*$/;

export function parseSearchReplace(body: string): Hunk[] {
  const lines = bodyLines(body);
  const hunks: Hunk[] = [];
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i] as string;
    if (l.trim() === "" || l.startsWith("```")) continue;
    if (!SR_SEARCH.test(l)) throw formatError("search-replace", { line: i + 1 });
    const search: string[] = [];
    const replace: string[] = [];
    let j = i + 1;
    while (j < lines.length && !SR_DIVIDER.test(lines[j] as string)) search.push(lines[j++] as string);
    if (j >= lines.length) throw formatError("search-replace", { line: i + 1 }, "missing divider");
    j++;
    while (j < lines.length && !SR_REPLACE.test(lines[j] as string)) replace.push(lines[j++] as string);
    if (j >= lines.length) throw formatError("search-replace", { line: i + 1 }, "missing REPLACE marker");
    hunks.push({ before: [], removed: search, added: replace, after: [] });
    i = j;
  }
  if (hunks.length === 0) throw formatError("search-replace", {}, "no SEARCH/REPLACE block");
  return hunks;
}

export function parsePatch(format: PatchFormat, body: string): ParsedPatch {
  if (format === "unified") return { kind: "hunks", hunks: parseUnified(body) };
  if (format === "v4a") return parseV4a(body);
  return { kind: "hunks", hunks: parseSearchReplace(body) };
}
