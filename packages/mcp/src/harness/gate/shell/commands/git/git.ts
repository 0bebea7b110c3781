// git in the shell judgement (decisions SEC-5): its global options first (`-C` moves the cwd;
// `-c`/`--config-env` keys are checked like `git config`; `--git-dir`, `--work-tree` and
// `--exec-path` values go to the mention rule), then the subcommand: the §2.6 working-tree writes
// (worktree.ts), the others that write (subcommands.ts), and any other subcommand writes nothing.
import type { Analyzer } from "../../analyze/analyzer";
import type { ExecContext, State } from "../../analyze/state";
import { joinCwd } from "../../paths";
import { type Arg, argText, textArg } from "../../words";
import { configWrite } from "./config";
import { inertConfigKey } from "./config-keys";
import { SUBCOMMANDS } from "./subcommands";
import { worktreeWrite } from "./worktree";

const GIT_VALUE_OPTS = new Set([
  "-C",
  "-c",
  "--git-dir",
  "--work-tree",
  "--namespace",
  "--exec-path",
  "--super-prefix",
  "--config-env",
  "--attr-source",
  "--list-cmds",
]);

/** One global option with its value: the state it leaves (a `-C` moves the cwd). */
function globalOption(a: Analyzer, name: string, value: Arg, s: State): State {
  if (name === "-C") {
    if (value.opaque) return { ...s, cwds: [null] };
    return { ...s, cwds: s.cwds.map((c) => (c === null ? null : joinCwd(c, value.text))) };
  }
  if (name === "-c" || name === "--config-env") {
    const key = value.opaque ? "" : (value.text.split("=")[0] ?? "");
    if (!inertConfigKey(key, true)) configWrite(a, `git ${name} ${argText(value)}`);
  } else if (name === "--git-dir" || name === "--work-tree" || name === "--exec-path") {
    a.mention(argText(value), `git ${name}`, s);
  }
  return s;
}

/** The global options before the subcommand: the state after them and the subcommand's index. */
function globalOptions(a: Analyzer, args: Arg[], st: State, ctx: ExecContext): { s: State; i: number } | undefined {
  let s = st;
  let i = 0;
  for (; i < args.length; i++) {
    const w = args[i] as Arg;
    if (w.opaque) {
      a.opaque(args.slice(i), "git (unresolved option)", s, ctx);
      return undefined;
    }
    const t = w.text;
    if (!t.startsWith("-")) break;
    const eq = t.indexOf("=");
    const name = eq === -1 ? t : t.slice(0, eq);
    if (!GIT_VALUE_OPTS.has(name)) continue;
    const value = eq === -1 ? args[++i] : textArg(t.slice(eq + 1));
    if (value === undefined) return undefined;
    s = globalOption(a, name, value, s);
  }
  return { s, i };
}

export function gitCommand(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const global = globalOptions(a, args, st, ctx);
  if (global === undefined) return st;
  const { s, i } = global;
  const subArg = args[i];
  if (subArg === undefined) return st;
  const rest = args.slice(i + 1);
  if (subArg.opaque) {
    a.opaque(args.slice(i), "git (unresolved subcommand)", s, ctx);
    return st;
  }
  const sub = subArg.text;
  const tree = worktreeWrite(sub, rest, (x) => (x.opaque ? undefined : x.text));
  if (tree !== undefined) {
    // `git stash list|show|…` and `git checkout <branch>` name no path: harmless as targets.
    for (const o of tree.operands) a.writeArg(o, tree.op, `git ${sub}`, s);
    if (tree.wholeTree) a.writeArg(textArg("."), tree.op, `git ${sub}`, s);
    return st;
  }
  SUBCOMMANDS.get(sub)?.(a, sub, rest, s, ctx);
  return st;
}
