// `axiom diff <a> <b> [--root <dir>] [--json]` (cli.md §7.12, formats.md §10.2, issue 21): each side
// is a bundle file or, when no such file exists, a ref (`#2`, a 7+ hex prefix, the digest) to a
// bundle stored under the root (default `.`). JSON: `{ added, removed, changed }` as before. Text:
// the paths with what happened to each and the content diff from a to b. Exit 0 either way.
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { diffContents, storedBundleByRef } from "@codai/axiom-workflow";
import { resolveCliRoot } from "../../common/roots";
import { stringFlag } from "../args";
import { readBundleFile } from "../input";
import { outputMode, printResult, setExit } from "../output";
import { renderDiff } from "../render/diff";
import { makeStyle } from "../render/style";
import { printable } from "../render/words";
import type { VerbContext } from "../verb";

const REF_RE = /^(?:#[1-9][0-9]*|(?:sha256:)?[0-9a-f]{7,64})$/;

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  let root: string | undefined;
  const rootArg = stringFlag(values, "root");
  if (rootArg !== undefined) root = await resolveCliRoot(rootArg, cwd);
  const side = async (arg: string): Promise<unknown> => {
    if (!REF_RE.test(arg) || (await isFile(resolve(cwd, arg)))) return readBundleFile(arg, cwd);
    root ??= await resolveCliRoot(".", cwd);
    return storedBundleByRef(root, arg);
  };
  const a = await side(args[0] as string);
  const b = await side(args[1] as string);
  const { doc, diff } = await diffContents(a, b, root);
  const mode = outputMode(values);
  printResult(mode, doc, () => {
    const style = makeStyle(mode.colour);
    const lines = [
      ...doc.removed.map((p) => `  only in a   ${printable(p)}`),
      ...doc.changed.map(
        (c) =>
          `  ${(c.to === null ? "deleted" : c.from === null ? "created" : "changed").padEnd(11)} ${printable(c.path)}`,
      ),
      ...doc.added.map((p) => `  only in b   ${printable(p)}`),
    ];
    const head = lines.length === 0 ? "no differences" : `${lines.length} path${lines.length === 1 ? "" : "s"} differ:`;
    return `${[head, ...lines].join("\n")}\n${diff ? `\n${renderDiff(diff, style)}\n` : ""}`;
  });
  setExit(0);
}
