// The shell judgement (hooks-doctor.md §2.6 as amended by decisions SEC-2…SEC-5): parse the command
// line with tree-sitter-bash, walk it (analyze.ts), then decide every finding against the gate
// profile's deny globs. Literal paths come back as targets for the usual resolution and predicates
// (gate/evaluate.ts); globs, directories written into, opaque commands and links are decided here:
//   - a glob that could name a denied path (root-anchored deny globs) → deny; its matches on disk
//     (and, when none, its literal text) are targets like any path;
//   - unknown names written into a protected directory → deny;
//   - an opaque command, script or word whose text names a protected path (resolved against the
//     working directory, or by file name when the directory is unknown) → deny (fail-closed);
//     one that names none keeps the old behaviour (allowed);
//   - a link (ln, ln -s, cp -l/-s) to a protected path → deny.
// A tree with syntax errors is also scanned by the old heuristic (shell-scan.ts) and its whole text
// is checked for protected names.
import { lstatSync, readdirSync, readFileSync } from "node:fs";
import * as path from "node:path";
import { scanShell } from "../shell-scan";
import type { Denial, RawTarget } from "../types";
import { Analyzer } from "./analyze/analyzer";
import type { Finding } from "./analyze/findings";
import { hasError } from "./analyze/nodes";
import { initialState } from "./analyze/state";
import { matchSegment } from "./glob-intersect";
import { loadBashParser, parseBash } from "./parser";
import { joinCwd } from "./paths";
import { escapePattern, hasGlob, unescapePattern } from "./pattern-form";
import { type Protection, protectionOf } from "./protect";

export interface ShellJudgement {
  /** Literal targets for the usual resolution (§2.8) and predicates (§2.10). */
  targets: RawTarget[];
  /** A denial decided on the parsed line (globs, opaque commands, directories, links). */
  denial?: Denial;
  findings: Finding[];
}

export interface ShellContext {
  /** The realpath'd working directory of the hook call. */
  cwd: string;
  root: string;
  deny: readonly string[];
}

const SCRIPT_MAX_BYTES = 256 * 1024;
const DISK_BUDGET = 2000;
const IS_WIN = process.platform === "win32";
const toPosix = (p: string) => (IS_WIN ? p.replace(/\\/g, "/") : p);
const fold = (p: string) => (IS_WIN ? p.toLowerCase() : p);

/** Root-relative text of a path or pattern relative to the hook cwd (or absolute); undefined: outside. */
function relOf(ctx: ShellContext, p: string): string | undefined {
  const rootP = toPosix(ctx.root).replace(/\/$/, "");
  const abs = path.posix.isAbsolute(p) || /^[A-Za-z]:[\\/]/.test(p) ? p : `${toPosix(ctx.cwd)}/${p}`;
  const n = path.posix.normalize(abs).replace(/\/$/, "");
  if (fold(n) === fold(rootP)) return "";
  if (!fold(n).startsWith(`${fold(rootP)}/`)) return undefined;
  return n.slice(rootP.length + 1);
}

function readScript(ctx: ShellContext, raw: string): string | undefined {
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

/** A root-relative glob's matches on disk (symlinked directories not entered); undefined: too many. */
function expandOnDisk(root: string, relPattern: string): string[] | undefined {
  const segs = relPattern.split("/").filter((s) => s !== "" && s !== ".");
  const out: string[] = [];
  let budget = DISK_BUDGET;
  const entries = (dir: string): { name: string; dir: boolean }[] => {
    try {
      return readdirSync(dir, { withFileTypes: true }).map((e) => ({ name: e.name, dir: e.isDirectory() }));
    } catch {
      return [];
    }
  };
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

const pureWild = (seg: string) => /^[*?]*$/.test(seg) || seg === "**";
const TOKEN_SPLIT = /[^\p{L}\p{N}._\-/~@+%]+/u;

/** The protected path a token of opaque text names, or undefined. */
function tokenHit(ctx: ShellContext, P: Protection, token: string, cwd: string | null): string | undefined {
  if (token.startsWith("~") || /^\.+$/.test(token)) return undefined;
  const hit = (rel: string | undefined) =>
    rel !== undefined && rel !== "" && (P.denied(rel) || P.area(rel)) ? rel : undefined;
  if (token.startsWith("/")) return hit(relOf(ctx, token));
  if (cwd !== null) return hit(relOf(ctx, joinCwd(cwd, token)));
  const clean = token.replace(/^\.\//, "");
  const last =
    clean
      .split("/")
      .filter((s) => s !== "")
      .at(-1) ?? "";
  if (P.denied(clean) || P.area(clean)) return clean;
  if (last !== "" && P.fileName(escapePattern(last))) return clean;
  return undefined;
}

function mentionHit(ctx: ShellContext, P: Protection, text: string, cwd: string | null): string | undefined {
  for (const raw of text.split(TOKEN_SPLIT)) {
    if (raw.length < 2) continue;
    const candidates = [raw];
    if (raw.startsWith("-")) candidates.push(raw.replace(/^-+[A-Za-z]?/, ""));
    for (const t of candidates) {
      if (t.length < 2) continue;
      const h = tokenHit(ctx, P, t, cwd);
      if (h !== undefined) return h;
    }
  }
  return undefined;
}

const deny = (message: string, p?: string): Denial => ({
  code: "path.deny",
  message,
  ...(p !== undefined ? { path: p } : {}),
});

/** Decides the findings in order: the first denial wins; literal paths become targets. */
function decide(ctx: ShellContext, findings: Finding[]): { targets: RawTarget[]; denial?: Denial } {
  const P = protectionOf(ctx.deny);
  const targets: RawTarget[] = [];
  for (const f of findings) {
    switch (f.kind) {
      case "path":
        targets.push({ raw: f.raw, op: f.op });
        break;
      case "rootPath":
        targets.push({ raw: path.join(ctx.root, f.rel), op: f.op });
        break;
      case "glob": {
        const rel = relOf(ctx, f.pattern);
        if (rel === undefined) {
          targets.push({ raw: unescapePattern(f.pattern), op: f.op });
          break;
        }
        if (P.couldName(rel))
          return { targets, denial: deny(`a glob that could name a denied path (${f.via})`, unescapePattern(rel)) };
        const matches = expandOnDisk(ctx.root, rel);
        if (matches === undefined) {
          const last = rel.split("/").at(-1) ?? "";
          if (!pureWild(last) && P.fileName(last))
            return {
              targets,
              denial: deny(
                `a glob with too many matches to list that could name a denied file (${f.via})`,
                unescapePattern(rel),
              ),
            };
          break;
        }
        for (const m of matches) targets.push({ raw: path.join(ctx.root, m), op: f.op });
        if (matches.length === 0) targets.push({ raw: unescapePattern(f.pattern), op: f.op });
        break;
      }
      case "into": {
        const rel = relOf(ctx, f.dir);
        if (rel === undefined || rel === "") break;
        if (P.area(rel) || P.denied(`${rel}/x`))
          return { targets, denial: deny(`writes into a protected directory (${f.via})`, rel) };
        break;
      }
      case "loose": {
        const name = unescapePattern(f.name);
        const last = f.name.split("/").at(-1) ?? "";
        const glob = hasGlob(f.name);
        if ((!pureWild(last) && P.fileName(last)) || (glob ? P.couldName(f.name) : P.denied(name) || P.area(name)))
          return { targets, denial: deny(`a write from an unknown directory to a protected name (${f.via})`, name) };
        break;
      }
      case "mention": {
        const h = mentionHit(ctx, P, f.text, f.cwd);
        if (h !== undefined)
          return { targets, denial: deny(`an unresolvable command names a protected path (fail-closed; ${f.via})`, h) };
        break;
      }
      case "area": {
        const rel = relOf(ctx, f.dir);
        if (rel !== undefined && rel !== "" && P.area(rel))
          return { targets, denial: deny(`an unresolvable command runs in a protected directory (${f.via})`, rel) };
        break;
      }
      case "alias": {
        const rel = relOf(ctx, f.source);
        if (rel !== undefined && rel !== "" && (P.denied(rel) || P.area(rel)))
          return { targets, denial: deny(`a link to a protected path (${f.via})`, rel) };
        break;
      }
    }
  }
  return { targets };
}

export async function judgeShell(command: string, ctx: ShellContext): Promise<ShellJudgement> {
  await loadBashParser();
  const tree = parseBash(command);
  const analyzer = new Analyzer({ readFile: (raw) => readScript(ctx, raw), parse: parseBash });
  analyzer.run(tree, initialState());
  const findings = [...analyzer.findings];
  if (hasError(tree)) {
    // Error recovery may have dropped words: the old heuristic and the whole text are judged too.
    for (const t of scanShell(command)) findings.push({ kind: "path", raw: t.raw, op: t.op, via: "heuristic scan" });
    findings.push({ kind: "mention", text: command, cwd: "", via: "a line the parser could not fully read" });
  }
  const { targets, denial } = decide(ctx, findings);
  const seen = new Set<string>();
  const unique = targets.filter((t) => {
    const k = `${t.op}\u0000${t.raw}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { targets: unique, ...(denial ? { denial } : {}), findings };
}
