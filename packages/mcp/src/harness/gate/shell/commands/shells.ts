// Shell text run again (decisions SEC-3): `sh|bash|… -c TEXT`, a script file (read when inside the
// root and ≤ 256 KiB), a script on stdin (`bash <<EOF`, `echo … | sh`), `source`/`.`, `eval` and
// `trap`. The text is parsed and walked like the line itself; text the gate cannot see (`$CMD`, an
// unreadable script) goes to the mention rule and its cwd is judged as an opaque program's.
import type { Analyzer } from "../analyze/analyzer";
import type { ExecContext, State } from "../analyze/state";
import { type Arg, argText, textArg } from "../words";
import { textJoin } from "./operands";

/** Walks shell text given as an argument (`sh -c`, `eval`, `trap`, …); opaque text → mention. */
export function runText(a: Analyzer, text: Arg, via: string, st: State, sameShell = false): State {
  if (text.opaque) {
    a.mention(text.visible, `${via} (not resolvable)`, st);
    a.area(via, st);
    return st;
  }
  const inner = sameShell ? st : { cwds: [...st.cwds], vars: new Map(), links: st.links };
  const out = a.script(text.text, via, inner);
  return sameShell ? out : st;
}

interface ShellArgs {
  /** `-c` was given: the first operand is the command text. */
  command: boolean;
  /** `-s`: the script is read from stdin. */
  fromStdin: boolean;
  operands: Arg[];
}

/** A shell's options (`-c`, `-s`, `-o NAME`, `--rcfile FILE`, clusters such as `-lc`) and operands. */
function readShellArgs(args: Arg[]): ShellArgs {
  const out: ShellArgs = { command: false, fromStdin: false, operands: [] };
  for (let i = 0; i < args.length; i++) {
    const w = args[i] as Arg;
    if (out.operands.length > 0 || w.opaque || !/^[-+]/.test(w.text) || w.text === "-" || w.text === "--") {
      if (!w.opaque && (w.text === "--" || w.text === "-") && out.operands.length === 0) {
        out.operands.push(...args.slice(i + 1));
        break;
      }
      out.operands.push(w);
      continue;
    }
    if (w.text.startsWith("--")) {
      if (["--rcfile", "--init-file"].includes(w.text)) i++;
      continue;
    }
    const letters = w.text.slice(1);
    if (letters.includes("c")) out.command = true;
    if (letters.includes("s")) out.fromStdin = true;
    if (/[oO]$/.test(letters)) i++;
  }
  return out;
}

export function shell(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const { command, fromStdin, operands } = readShellArgs(args);
  if (command) {
    const text = operands.shift();
    if (text !== undefined) runText(a, text, `${name} -c`, st);
    // $0 and the positional parameters may name files the text writes.
    for (const o of operands) a.mention(argText(o), `${name} -c argument`, st);
    return st;
  }
  if (fromStdin || operands.length === 0) {
    if (ctx.stdin !== undefined) runText(a, textArg(ctx.stdin), `${name} (stdin)`, st);
    else if (ctx.stdinFile === undefined) a.area(name, st);
    for (const o of operands) a.mention(argText(o), `${name} argument`, st);
    return st;
  }
  const [file, ...rest] = operands;
  const text = file !== undefined && !file.opaque ? a.readAt(file.text, st) : undefined;
  if (text !== undefined) runText(a, textArg(text), `${name} script ${argText(file as Arg)}`, st);
  else a.opaque(operands, `${name} script`, st, ctx);
  for (const o of rest) a.mention(argText(o), `${name} script argument`, st);
  return st;
}

/** `source FILE` / `. FILE`: the file runs in this shell, so its `cd` and variables carry on. */
export function source(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const [file, ...rest] = args;
  if (file === undefined) return st;
  const text = !file.opaque ? a.readAt(file.text, st) : undefined;
  for (const o of rest) a.mention(argText(o), "source argument", st);
  if (text !== undefined) return runText(a, textArg(text), `source ${argText(file)}`, st, true);
  a.opaque(args, "source", st, ctx);
  return st;
}

export function evalText(a: Analyzer, _name: string, args: Arg[], st: State): State {
  return runText(a, textJoin(args), "eval", st, true);
}

/** trap 'commands' SIGNAL…: the commands run later in this shell. */
export function trap(a: Analyzer, _name: string, args: Arg[], st: State): State {
  const first = args.find((x) => x.opaque || !x.text.startsWith("-"));
  if (first !== undefined && args.length > 1) runText(a, first, "trap", st);
  return st;
}
