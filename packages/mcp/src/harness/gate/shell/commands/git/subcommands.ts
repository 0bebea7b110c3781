// git subcommands that write outside the §2.6 list (decisions SEC-5): apply/am (the files the
// patch names), worktree add, clone/init (the directory; `--template`, `-u`/`--upload-pack` and
// non-inert `--config` keys make git run programs), submodule add (+ .gitmodules), archive,
// format-patch -o, bundle create and `--output` of diff/log/show; filter-branch/filter-repo are
// opaque programs.
import type { Analyzer } from "../../analyze/analyzer";
import type { ExecContext, State } from "../../analyze/state";
import { type Arg, argText, textArg } from "../../words";
import { getopts, type OptSpec } from "../getopts";
import { patchPaths } from "../patch";
import { configWrite, gitConfig } from "./config";
import { inertConfigKey } from "./config-keys";

type Subcommand = (a: Analyzer, sub: string, rest: Arg[], s: State, ctx: ExecContext) => void;

function apply(a: Analyzer, sub: string, rest: Arg[], s: State, ctx: ExecContext): void {
  const p = getopts(rest, {
    long: ["directory", "exclude", "include", "whitespace", "build-fake-ancestor"],
    short: "pC",
  });
  for (const f of p.operands) {
    const text = f.opaque ? undefined : a.readAt(f.text, s);
    if (text !== undefined) for (const x of patchPaths(text)) a.writeArg(textArg(x), "write", `git ${sub}`, s);
    else a.mention(argText(f), `git ${sub}`, s);
  }
  if (p.operands.length === 0 && ctx.stdin !== undefined)
    for (const x of patchPaths(ctx.stdin)) a.writeArg(textArg(x), "write", `git ${sub}`, s);
}

function worktree(a: Analyzer, _sub: string, rest: Arg[], s: State): void {
  const [verb, ...more] = rest;
  if (!verb || verb.opaque || verb.text !== "add") return;
  const p = getopts(more, { short: "bB", long: ["reason"] });
  if (p.operands[0]) a.intoArg(p.operands[0], "write", "git worktree add", s);
}

const CLONE: OptSpec = {
  short: "obcju",
  long: [
    "origin",
    "branch",
    "config",
    "reference",
    "depth",
    "jobs",
    "upload-pack",
    "separate-git-dir",
    "template",
    "shallow-since",
    "shallow-exclude",
    "filter",
    "server-option",
    "object-format",
    "ref-format",
    "initial-branch",
    "bundle-uri",
  ],
};

function cloneOrInit(a: Analyzer, sub: string, rest: Arg[], s: State): void {
  const p = getopts(rest, CLONE);
  for (const c of p.opts.filter((o) => (o.name === "c" || o.name === "config") && o.value))
    if (!inertConfigKey(argText(c.value as Arg).split("=")[0] ?? "")) configWrite(a, `git ${sub} --config`);
  if (p.opts.some((o) => o.name === "template" || o.name === "u" || o.name === "upload-pack"))
    configWrite(a, `git ${sub} --template`);
  const dir = sub === "clone" ? p.operands[1] : p.operands[0];
  if (dir) a.intoArg(dir, "write", `git ${sub}`, s);
}

function submodule(a: Analyzer, _sub: string, rest: Arg[], s: State): void {
  const [verb, ...more] = rest;
  if (!verb || verb.opaque || verb.text !== "add") return;
  const p = getopts(more, { short: "b", long: ["branch", "name", "reference", "depth"] });
  if (p.operands[1]) a.intoArg(p.operands[1], "write", "git submodule add", s);
  a.writeArg(textArg(".gitmodules"), "write", "git submodule add", s);
}

/** `-o`/`--output` of archive, format-patch (a directory), bundle create, diff/log/show/…. */
function output(a: Analyzer, sub: string, rest: Arg[], s: State): void {
  const p = getopts(rest, {
    short: sub === "archive" || sub === "format-patch" ? "o" : "",
    long: ["output", "output-directory", "format", "prefix", "remote"],
  });
  for (const o of p.opts.filter((x) => ["o", "output", "output-directory"].includes(x.name) && x.value)) {
    if (sub === "format-patch") a.intoArg(o.value as Arg, "write", "git format-patch -o", s);
    else a.writeArg(o.value as Arg, "write", `git ${sub} --output`, s);
  }
  const [verb, bundle] = p.operands;
  if (sub === "bundle" && verb && !verb.opaque && verb.text === "create" && bundle)
    a.writeArg(bundle, "write", "git bundle create", s);
}

function filter(a: Analyzer, sub: string, rest: Arg[], s: State, ctx: ExecContext): void {
  a.opaque(rest, `git ${sub}`, s, ctx);
}

export const SUBCOMMANDS: ReadonlyMap<string, Subcommand> = new Map<string, Subcommand>([
  ["config", (a, _sub, rest, s) => gitConfig(a, rest, s)],
  ["apply", apply],
  ["am", apply],
  ["worktree", worktree],
  ["clone", cloneOrInit],
  ["init", cloneOrInit],
  ["submodule", submodule],
  ...["archive", "format-patch", "bundle", "diff", "log", "show", "blame", "shortlog"].map(
    (sub): [string, Subcommand] => [sub, output],
  ),
  ["filter-branch", filter],
  ["filter-repo", filter],
]);
