// Archives and compressed files (decisions SEC-3): `tar -x` writes members the gate cannot know
// into -C or the cwd (old-style `tar xzf a.tgz` clusters included), `tar -c -f` writes the archive,
// `--to-command` & co. run text; unzip -d, 7z -o and cpio write into a directory; gunzip & co.
// replace FILE.gz by FILE.
import type { Analyzer } from "../analyze/analyzer";
import type { ExecContext, State } from "../analyze/state";
import { type Arg, argText, literalArg, textArg } from "../words";
import { cd } from "./builtins";
import { getopts, has, type OptSpec, values } from "./getopts";

const TAR: OptSpec = {
  short: "fCTXbKNgVHI",
  long: [
    "file",
    "directory",
    "files-from",
    "exclude-from",
    "blocking-factor",
    "starting-file",
    "newer",
    "listed-incremental",
    "label",
    "format",
    "use-compress-program",
    "exclude",
    "transform",
    "xform",
    "owner",
    "group",
    "mode",
    "mtime",
    "strip-components",
    "to-command",
    "info-script",
    "new-volume-script",
    "rsh-command",
    "backup",
    "suffix",
    "index-file",
    "checkpoint-action",
  ],
};
/** Old-style cluster letters that take the next word as their value. */
const TAR_OLD_VALUES = "fCTXbKNgVH";

/** Old style: `tar xzf a.tgz -C dir` (a first word of letters is an option cluster). */
function oldStyle(args: Arg[]): Arg[] {
  const first = args[0];
  if (!first || first.opaque || !/^[A-Za-z]+$/.test(first.text)) return args;
  const rest = args.slice(1);
  const expanded: Arg[] = [];
  let k = 0;
  for (const l of first.text) {
    expanded.push(textArg(`-${l}`));
    if (TAR_OLD_VALUES.includes(l) && rest[k] !== undefined) expanded.push(rest[k++] as Arg);
  }
  return [...expanded, ...rest.slice(k)];
}

export function tar(a: Analyzer, _name: string, args: Arg[], st: State): State {
  const p = getopts(oldStyle(args), TAR);
  const extract = has(p, "x", "extract", "get");
  const create = has(p, "c", "create", "r", "append", "u", "update", "A", "catenate", "concatenate");
  if (create) for (const f of values(p, "f", "file")) a.writeArg(f, "write", "tar archive", st);
  for (const c of values(
    p,
    "to-command",
    "info-script",
    "new-volume-script",
    "use-compress-program",
    "I",
    "rsh-command",
  ))
    a.mention(argText(c), "tar command", st);
  if (!extract) return st;
  const dirs = values(p, "C", "directory");
  if (dirs.length === 0) a.intoEachCwd("tar -x", st);
  for (const d of dirs) a.intoArg(d, "write", "tar -x -C", st);
  // Members named on the command line are written too.
  let s = st;
  for (const d of dirs) s = cd([d], s);
  for (const m of p.operands) a.writeArg(m, "write", "tar member", s);
  return st;
}

export function unzip(a: Analyzer, _name: string, args: Arg[], st: State): State {
  const p = getopts(args, { short: "dxP", long: [] });
  if (has(p, "p", "l", "t", "v", "Z")) return st;
  const dirs = values(p, "d");
  if (dirs.length === 0) a.intoEachCwd("unzip", st);
  for (const d of dirs) a.intoArg(d, "write", "unzip -d", st);
  return st;
}

export function sevenZip(a: Analyzer, _name: string, args: Arg[], st: State): State {
  for (const x of args)
    if (!x.opaque && x.text.startsWith("-o")) a.intoArg(literalArg(x.pat.slice(2)), "write", "7z -o", st);
  return st;
}

export function cpio(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  a.opaque(args, "cpio", st, ctx);
  a.intoEachCwd("cpio", st);
  return st;
}

/** gunzip & co. replace FILE.gz with FILE. */
export function decompress(a: Analyzer, name: string, args: Arg[], st: State): State {
  const p = getopts(args, { short: "S", long: ["suffix"] });
  if (has(p, "c", "stdout", "t", "test", "l", "list")) return st;
  for (const o of p.operands) {
    a.writeArg(o, "delete", name, st);
    if (!o.opaque) a.writeArg(literalArg(o.pat.replace(/\.(gz|bz2|xz|z|tgz)$/i, "")), "write", name, st);
  }
  return st;
}
