// patch (decisions SEC-3): the original file operand, -o/-r outputs, -d (moves the cwd), and, with
// no original named, the files the patch's own headers name (`--- a/.env`) when the gate can read
// the patch (`< file`, -i, a heredoc). A patch it cannot read writes names it cannot know into the
// cwd. git apply/am read the same headers (git/subcommands.ts).
import type { Analyzer } from "../analyze/analyzer";
import type { ExecContext, State } from "../analyze/state";
import { type Arg, argText, textArg } from "../words";
import { cd } from "./builtins";
import { getopts, type OptSpec, values } from "./getopts";

/** File names a unified diff touches (`--- a/x`, `+++ b/x`), with and without the first segment. */
export function patchPaths(text: string): string[] {
  const out = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const m = /^(?:\+\+\+|---|\*\*\*) ([^\t\n]+)/.exec(line);
    if (!m) continue;
    const p = (m[1] as string).trim().replace(/^"(.*)"$/, "$1");
    if (p === "/dev/null" || p === "") continue;
    out.add(p);
    const cut = p.split("/").slice(1).join("/");
    if (cut !== "") out.add(cut);
  }
  return [...out];
}

const PATCH: OptSpec = {
  short: "iodpBrDFVYzg",
  long: [
    "input",
    "output",
    "directory",
    "strip",
    "prefix",
    "reject-file",
    "ifdef",
    "fuzz",
    "version-control",
    "basename-prefix",
    "suffix",
    "get",
    "quoting-style",
  ],
};

export function patch(a: Analyzer, _name: string, args: Arg[], st: State, ctx: ExecContext): State {
  const p = getopts(args, PATCH);
  let s = st;
  for (const d of values(p, "d", "directory")) s = cd([d], s);
  for (const o of values(p, "o", "output", "r", "reject-file")) a.writeArg(o, "write", "patch output", s);
  const [original, patchFile] = p.operands;
  if (original !== undefined) a.writeArg(original, "write", "patch", s);
  const input = values(p, "i", "input")[0] ?? patchFile;
  const text = input !== undefined && !input.opaque ? a.readAt(input.text, s) : ctx.stdin;
  if (text !== undefined && original === undefined) {
    for (const f of patchPaths(text)) a.writeArg(textArg(f), "write", "patch file header", s);
  } else if (original === undefined) {
    a.area("patch", s);
    if (input) a.mention(argText(input), "patch input", s);
  }
  return st;
}
