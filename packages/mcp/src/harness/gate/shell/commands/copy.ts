// cp, mv, install, ln and link (decisions SEC-3): the destination itself, `-t DIR` (names the gate
// cannot know written into DIR, and DIR/basename(source) for each source), the names written into
// a destination directory, mv's sources as deletes, and links (ln, cp -s/-l) whose source is judged
// too: a link to a protected file is a way to write it later.
import type { Analyzer } from "../analyze/analyzer";
import type { State } from "../analyze/state";
import type { Arg } from "../words";
import { getopts, has, type OptSpec, type Parsed, values } from "./getopts";
import { basenameArg, joinArg } from "./operands";

const INSTALL: OptSpec = {
  short: "tSmogZ",
  long: ["target-directory", "suffix", "mode", "owner", "group", "strip-program", "context"],
};
const COPY: OptSpec = {
  short: "tS",
  long: ["target-directory", "suffix", "sparse", "reflink", "preserve", "no-preserve", "context"],
};

interface Linking {
  linking: boolean;
  symbolic: boolean;
}

function linkingOf(name: string, p: Parsed): Linking {
  const symbolic = name === "ln" ? has(p, "s", "symbolic") : has(p, "s", "symbolic-link");
  return {
    symbolic,
    linking: name === "ln" || name === "link" || (name === "cp" && (symbolic || has(p, "l", "link"))),
  };
}

/** `-t DIR`: every source lands at DIR/basename(source). */
function intoTargetDir(a: Analyzer, name: string, tdir: Arg, sources: Arg[], how: Linking, st: State): void {
  a.intoArg(tdir, "write", `${name} -t`, st);
  for (const s of sources) {
    const b = basenameArg(s);
    const target = b === undefined ? undefined : joinArg(tdir, b);
    if (target) {
      if (how.linking) a.link(s, target, how.symbolic, name, st);
      a.writeArg(target, "write", `${name} -t`, st);
    }
  }
}

/** `SRC… DEST` (or `ln SRC` into the cwd); returns the sources, or undefined when nothing lands. */
function toDestination(a: Analyzer, name: string, p: Parsed, how: Linking, st: State): Arg[] | undefined {
  const ops = p.operands;
  if (!(ops.length >= 2 || (ops.length === 1 && how.linking))) return undefined;
  const dest = ops.length === 1 ? basenameArg(ops[0] as Arg) : (ops.at(-1) as Arg);
  const sources = ops.length === 1 ? ops : ops.slice(0, -1);
  if (dest === undefined) return undefined;
  a.writeArg(dest, "write", name, st);
  if (!has(p, "T", "no-target-directory") || name === "cp") a.intoArg(dest, "write", name, st);
  for (const s of sources) {
    const b = basenameArg(s);
    if (b !== undefined && !(ops.length === 1)) a.writeArg(joinArg(dest, b), "write", name, st);
    if (how.linking) {
      a.link(s, dest, how.symbolic, name, st);
      if (b !== undefined && ops.length > 1) a.link(s, joinArg(dest, b), how.symbolic, name, st);
    }
  }
  return sources;
}

export function copyLike(a: Analyzer, name: string, args: Arg[], st: State): State {
  const p = getopts(args, name === "install" ? INSTALL : COPY);
  if (name === "install" && has(p, "d", "directory")) {
    for (const o of p.operands) a.writeArg(o, "write", "install -d", st);
    return st;
  }
  const how = linkingOf(name, p);
  const tdir = values(p, "t", "target-directory").at(-1);
  let sources: Arg[] | undefined = p.operands;
  if (tdir !== undefined) intoTargetDir(a, name, tdir, p.operands, how, st);
  else sources = toDestination(a, name, p, how, st);
  if (sources === undefined) return st;
  if (name === "mv") for (const s of sources) a.writeArg(s, "delete", "mv source", st);
  return st;
}
