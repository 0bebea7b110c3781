// `axiom verify` (cli.md §7.7): structural verify of a bundle (formats.md §10.1), with `--root` also
// its signatures against the root's trust store (signing.md §6); `--journal --root` verifies the
// journal hash chain instead (apply.md §12.3); `--tree` compares a tree with the manifest (signing.md §9,
// lazy chunk dist/verify-tree-lazy.js). Exit 0 when ok, 1 otherwise; an unreadable,
// non-UTF-8 or non-JSON file is an error line (exit 2), not a result.
import { verifyBundle } from "@codai/axiom-workflow";
import { readBundleFile } from "../input";
import { outputMode, printResult, setExit } from "../output";
import { renderVerify } from "../render/results";
import { makeStyle } from "../render/style";
import { resolveCliRoot } from "../roots";
import { UsageError, type VerbContext } from "../verb";
import { runVerifyJournal } from "../verify-journal";
import { verifyDocument } from "../verify-signatures";

export async function run(ctx: VerbContext): Promise<void> {
  if (ctx.values.journal === true) return runVerifyJournal(ctx);
  const [file] = ctx.positionals;
  if (file === undefined) throw new UsageError("verify needs <bundle.json> (or --journal --root <dir>)");
  const treeArg = ctx.values.tree;
  for (const flag of ["pre", "attest"]) {
    if (ctx.values[flag] !== undefined && treeArg === undefined)
      throw new UsageError(`--${flag} requires --tree <dir>`);
  }
  const rootArg = ctx.values.root;
  if (typeof treeArg === "string") {
    // signing.md §9.2: a tree check is never mistaken for a signature check.
    if (rootArg !== undefined) throw new UsageError("--root cannot be combined with --tree");
    const input = await readBundleFile(file, ctx.cwd);
    const { runVerifyTree } = await import("../../entries/verify-tree");
    const attest = ctx.values.attest;
    return runVerifyTree({
      input,
      treeArg,
      pre: ctx.values.pre === true,
      attest: typeof attest === "string" ? attest : undefined,
      cwd: ctx.cwd,
      env: process.env,
      json: ctx.values.json === true,
    });
  }
  const root = typeof rootArg === "string" ? await resolveCliRoot(rootArg, ctx.cwd) : undefined;
  const input = await readBundleFile(file, ctx.cwd);
  const result = verifyDocument(await verifyBundle({ bundle: input, root }));
  const mode = outputMode(ctx.values);
  printResult(mode, result, () => renderVerify(result, makeStyle(mode.colour)));
  setExit(result.ok ? 0 : 1);
}
