// Editors that rewrite their input files (decisions SEC-3): `sed -i`, `awk -i inplace`, `perl -i`
// and `ruby -i`. Their scripts can write too (sed's `w FILE`, awk's `print > FILE`, perl's open),
// and the gate does not run a sed or awk interpreter, so a script's text goes to the mention rule.
// readSedArgs is also how the old heuristic (shell-scan.ts) reads sed, so both agree on its flags.
import type { Analyzer } from "../analyze/analyzer";
import type { ExecContext, State } from "../analyze/state";
import { type Arg, argText } from "../words";
import { getopts, has, values } from "./getopts";

export interface SedArgs<W> {
  /** -i, -i.bak, -ni, --in-place[=SUFFIX]. */
  inPlace: boolean;
  /** The script came from -e/-f (so every operand is a file); else the first operand is the script. */
  scriptFlag: boolean;
  /** The texts of -e/--expression scripts (and -f clusters' values), in order. */
  scripts: string[];
  operands: W[];
}

/** A sed command line read the way GNU sed reads it; `text` is "" for a word the gate cannot know. */
export function readSedArgs<W>(args: readonly W[], text: (w: W) => string, shown: (w: W) => string): SedArgs<W> {
  const out: SedArgs<W> = { inPlace: false, scriptFlag: false, scripts: [], operands: [] };
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as W;
    const t = text(w);
    if (t === "-e" || t === "-f" || t === "--expression" || t === "--file") {
      out.scriptFlag = true;
      const v = args[++i];
      if (v !== undefined && t !== "-f" && t !== "--file") out.scripts.push(shown(v));
    } else if (t.startsWith("--expression=") || t.startsWith("--file=")) {
      out.scriptFlag = true;
      out.scripts.push(t);
    } else if (t === "--in-place" || t.startsWith("--in-place=")) out.inPlace = true;
    else if (/^-[A-Za-z]/.test(t)) {
      const cluster = /^-[A-Za-z]*i/.test(t);
      if (cluster) out.inPlace = true;
      if (/^-[A-Za-z]*[ef]$/.test(t) && !cluster) {
        out.scriptFlag = true;
        const v = args[++i];
        if (v !== undefined) out.scripts.push(shown(v));
      }
    } else if (!t.startsWith("--")) out.operands.push(w);
  }
  return out;
}

export function sed(a: Analyzer, _name: string, args: Arg[], st: State): State {
  const r = readSedArgs(
    args,
    (w) => (w.opaque ? "" : w.text),
    (w) => argText(w),
  );
  for (const s of r.scripts) a.mention(s, "sed script", st);
  // sed's own `w file` / `W file` commands write: the script is checked for protected names.
  const first = r.operands[0];
  if (!r.scriptFlag && first !== undefined) a.mention(argText(first), "sed script", st);
  if (!r.inPlace) return st;
  const files = r.scriptFlag ? r.operands : r.operands.slice(1);
  for (const f of files) a.writeArg(f, "write", "sed -i", st);
  return st;
}

export function awk(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, {
    short: "fvFilEeW",
    long: ["file", "assign", "field-separator", "include", "load", "exec", "source"],
  });
  const includes = values(p, "i", "include").map(argText);
  const inPlace = includes.some((v) => /^inplace(\.awk)?$/.test(v));
  const programGiven = has(p, "f", "file", "e", "source", "E", "exec");
  for (const v of values(p, "e", "source")) a.mention(argText(v), "awk program", st);
  const program = programGiven ? undefined : p.operands[0];
  const files = programGiven ? p.operands : p.operands.slice(1);
  // `print > "file"` inside the program writes: the program text is checked for protected names.
  if (program !== undefined) a.mention(argText(program), "awk program", st);
  if (ctx.stdin !== undefined && programGiven) a.mention(ctx.stdin, "awk stdin", st);
  if (inPlace)
    for (const f of files) if (f.opaque || !/^\w+=/.test(f.text)) a.writeArg(f, "write", "awk -i inplace", st);
  return st;
}

/** The words of `perl`/`ruby` after the options and the script: the files -i edits. */
function perlFiles(args: Arg[]): { inPlace: boolean; files: Arg[] } {
  let inPlace = false;
  let script = false;
  const files: Arg[] = [];
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Arg;
    const t = w.opaque ? "" : w.text;
    if (script) files.push(w);
    else if (/^-[A-Za-z0-9]/.test(t) && !t.startsWith("--")) {
      const cluster = t.slice(1);
      for (let j = 0; j < cluster.length; j++) {
        const l = cluster[j] as string;
        if (l === "i") {
          inPlace = true;
          break; // the rest of the cluster is the backup suffix
        }
        if (l === "e" || l === "E") script = true;
        if ("eEMImxCr".includes(l)) {
          if (j === cluster.length - 1) i++;
          break;
        }
      }
    } else script = true; // the script file
  }
  return { inPlace, files };
}

/** An interpreter (opaque: every word is checked), plus -i: the files after the script are edited. */
export function perlLike(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const { inPlace, files } = perlFiles(args);
  a.opaque(args, `interpreter ${name}`, st, ctx);
  if (inPlace) for (const f of files) a.writeArg(f, "write", `${name} -i`, st);
  return st;
}
