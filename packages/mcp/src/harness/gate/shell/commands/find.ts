// find and xargs (decisions SEC-3): find's -delete and -exec/-execdir/-ok act on what it finds,
// judged as the glob `START/**/NAME` (NAME from -name/-iname, or every path); -fprint & co. write a
// file. xargs runs its command with items from stdin, which are words the gate cannot know.
import type { Analyzer } from "../analyze/analyzer";
import type { ExecContext, State } from "../analyze/state";
import { escapePattern } from "../pattern-form";
import { type Arg, argText, literalArg, textArg } from "../words";
import { getopts, has, values } from "./getopts";

/** Tests whose next word is their value (so it is not read as an action). */
const FIND_VALUE_TESTS = new Set(
  (
    "-name -iname -path -ipath -wholename -iwholename -regex -iregex -lname -ilname -type -xtype -user -group -uid " +
    "-gid -perm -size -mtime -mmin -atime -amin -ctime -cmin -newer -anewer -cnewer -newerXY -maxdepth -mindepth " +
    "-links -inum -samefile -used -fstype -context -regextype -printf -files0-from"
  ).split(" "),
);
const FPRINT = new Set(["-fprint", "-fprint0", "-fls", "-fprintf"]);
const EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

/** The starting points (before the first option or operator) and the expression after them. */
function splitStarts(args: Arg[]): { starts: Arg[]; expr: Arg[] } {
  let i = 0;
  while (i < args.length) {
    const w = args[i] as Arg;
    if (!w.opaque && (w.text.startsWith("-") || ["(", ")", "!", ","].includes(w.text))) break;
    i++;
  }
  const starts = args.slice(0, i);
  if (starts.length === 0) starts.push(textArg("."));
  return { starts, expr: args.slice(i) };
}

/** The last -name/-iname pattern (find matches the quote-removed text itself as a pattern). */
function nameFilterOf(expr: Arg[]): string | undefined {
  let nameFilter: string | undefined;
  for (let j = 0; j < expr.length; j++) {
    const w = expr[j] as Arg;
    if (w.opaque) continue;
    if ((w.text === "-name" || w.text === "-iname") && expr[j + 1] && !expr[j + 1]?.opaque)
      nameFilter = (expr[j + 1] as { text: string }).text.replace(/\//g, "");
  }
  return nameFilter;
}

/** The command of an -exec action starting after index j; returns it and the index of its end. */
function execCommand(expr: Arg[], j: number): { cmd: Arg[]; end: number } {
  const cmd: Arg[] = [];
  let k = j + 1;
  for (; k < expr.length; k++) {
    const x = expr[k] as Arg;
    if (!x.opaque && (x.text === ";" || (x.text === "+" && cmd.some((c) => !c.opaque && c.text.includes("{}"))))) break;
    cmd.push(x);
  }
  return { cmd, end: k };
}

/** `{}` replaced by what the command is run on. */
function substitute(cmd: Arg[], f: Arg): Arg[] {
  return cmd.map((x) => {
    if (x.opaque || !x.text.includes("{}")) return x;
    if (f.opaque) return f;
    return literalArg(x.pat.split("{}").join(f.pat));
  });
}

export function find(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const { starts, expr } = splitStarts(args);
  const nameFilter = nameFilterOf(expr);
  const found = (s: Arg): Arg =>
    s.opaque ? s : literalArg(`${s.pat.replace(/\/+$/, "")}/**${nameFilter === undefined ? "" : `/${nameFilter}`}`);
  for (let j = 0; j < expr.length; j++) {
    const w = expr[j] as Arg;
    if (w.opaque) continue;
    const t = w.text;
    if (t === "-delete") for (const s of starts) a.writeArg(found(s), "delete", "find -delete", st);
    else if (FPRINT.has(t)) {
      const f = expr[++j];
      if (f) a.writeArg(f, "write", `find ${t}`, st);
      if (t === "-fprintf") j++;
    } else if (EXEC.has(t)) {
      const { cmd, end } = execCommand(expr, j);
      j = end;
      // -execdir runs in each found file's directory: `./NAME`, from a directory the gate cannot know.
      const dir = t === "-execdir" || t === "-okdir";
      for (const s of starts)
        a.exec(
          substitute(cmd, dir ? literalArg(`./${nameFilter ?? "*"}`) : found(s)),
          dir ? { ...st, cwds: [null] } : st,
          ctx,
        );
    } else if (FIND_VALUE_TESTS.has(t)) j++;
  }
  return st;
}

const XARGS = {
  short: "IaEdLnPs",
  long: [
    "replace",
    "arg-file",
    "eof",
    "delimiter",
    "max-lines",
    "max-args",
    "max-procs",
    "max-chars",
    "process-slot-var",
  ],
  stopAtOperand: true,
};

export function xargs(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, XARGS);
  const replace = values(p, "I", "replace", "i").map(argText).at(-1) ?? (has(p, "i", "replace") ? "{}" : undefined);
  let argv = p.operands.length > 0 ? p.operands : [textArg("echo")];
  // The items come from stdin: opaque words (no text), in place of the replace string or appended.
  const item = { opaque: true as const, visible: ctx.stdin ?? "", prefix: "", suffix: "" };
  if (replace !== undefined && replace !== "") {
    argv = argv.map((x) => {
      if (x.opaque || !x.text.includes(replace)) return x;
      const [pre, ...rest] = x.pat.split(escapePattern(replace));
      return {
        opaque: true,
        visible: x.text.split(replace).join(item.visible),
        prefix: pre ?? "",
        suffix: rest.at(-1) ?? "",
      };
    });
  } else argv = [...argv, item];
  return a.exec(argv, st, {});
}
