// Wrappers that run another command (decisions SEC-3): env (assignments, -u, -i, -C DIR, -S TEXT),
// sudo (-u/-g/…, -D DIR, sudoedit), timeout, busybox/toybox APPLET, flock, watch, su -c and the
// option-only wrappers of table.ts (nice, nohup, doas, time -o FILE, …). The wrapper is peeled and
// the command it runs is judged like any other, in the directory the wrapper moved to.
import type { Analyzer } from "../analyze/analyzer";
import type { ExecContext, State } from "../analyze/state";
import type { Arg } from "../words";
import { cd } from "./builtins";
import { getopts, has, values } from "./getopts";
import { textJoin } from "./operands";
import { runText } from "./shells";
import { WRAPPERS } from "./table";

export function env(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, {
    short: "uCSP",
    long: ["unset", "chdir", "split-string", "default-signal", "ignore-signal", "block-signal"],
    stopAtOperand: true,
  });
  let s = st;
  for (const d of values(p, "C", "chdir")) s = cd([d], s);
  const split = values(p, "S", "split-string")[0];
  // NAME=value words before the command.
  const rest = [...p.operands];
  while (rest[0] !== undefined && !rest[0].opaque && (/^[A-Za-z_]\w*=/.test(rest[0].text) || rest[0].text === "-"))
    rest.shift();
  if (split !== undefined) runText(a, rest.length > 0 ? textJoin([split, ...rest]) : split, "env -S", s);
  else if (rest.length > 0) a.exec(rest, s, ctx);
  return st;
}

export function sudo(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, {
    short: "ugCDhprtUTc",
    long: ["user", "group", "close-from", "chdir", "host", "prompt", "role", "type", "other-user", "command-timeout"],
    stopAtOperand: true,
  });
  let s = st;
  for (const d of values(p, "D", "chdir")) s = cd([d], s);
  if (name === "sudoedit" || has(p, "e", "edit")) {
    for (const f of p.operands) a.writeArg(f, "write", "sudoedit", s);
    return st;
  }
  if (has(p, "l", "list", "v", "validate", "k", "K", "reset-timestamp", "remove-timestamp")) return st;
  a.exec(p.operands, s, ctx);
  return st;
}

export function timeout(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, { short: "sk", long: ["signal", "kill-after"], stopAtOperand: true });
  return a.exec(p.operands.slice(1), st, ctx);
}

/** `busybox APPLET …` runs the applet (`busybox --list` runs nothing). */
export function multiCall(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  if (args[0] && !args[0].opaque && args[0].text.startsWith("-")) return st;
  return a.exec(args, st, ctx);
}

export function flock(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, { short: "wEc", long: ["timeout", "conflict-exit-code", "command"], stopAtOperand: true });
  const [file, ...rest] = p.operands;
  if (file) a.writeArg(file, "write", "flock file", st);
  for (const c of values(p, "c", "command")) runText(a, c, "flock -c", st);
  return rest.length > 0 ? a.exec(rest, st, ctx) : st;
}

export function watch(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, { short: "nqd", long: ["interval", "differences"], stopAtOperand: true });
  if (has(p, "x", "exec")) return a.exec(p.operands, st, ctx);
  runText(a, textJoin(p.operands), "watch", st);
  return st;
}

export function su(a: Analyzer, _name: string, args: Arg[], st: State): State {
  const p = getopts(args, {
    short: "cgGsw",
    long: ["command", "group", "supp-group", "shell", "whitelist-environment", "session-command"],
  });
  for (const c of values(p, "c", "command", "session-command")) runText(a, c, "su -c", st);
  return st;
}

/** The option-only wrappers of table.ts WRAPPERS. */
export function wrapper(a: Analyzer, name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, WRAPPERS.get(name));
  if (name === "command" && has(p, "v", "V")) return st;
  if (name === "time") for (const o of values(p, "o", "output")) a.writeArg(o, "write", "time -o", st);
  let rest = p.operands;
  if (name === "chrt" || name === "taskset") rest = has(p, "p", "pid") ? [] : rest.slice(1);
  if (name === "exec" && rest.length === 0) return st;
  return a.exec(rest, st, ctx);
}
