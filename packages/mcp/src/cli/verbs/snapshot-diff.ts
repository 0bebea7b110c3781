// `axiom snapshot-diff <a.json> <b.json>` (cli.md §7.21, apply.md §17.5): both files must be
// RepoSnapshots (else ERR_INVALID_MANIFEST `details.issues`); stdout `{added, removed, changed}`
// piped or with --json, on a terminal a summary line and the paths (bounded).
import { diffSnapshots } from "@codai/axiom-workflow";
import { readJsonInput } from "../input";
import { outputMode, printResult, setExit } from "../output";
import { renderSnapshotDiff } from "../render/maintenance";
import { makeStyle } from "../render/style";
import type { VerbContext } from "../verb";

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  const [fa, fb] = args as [string, string];
  const a = { value: await readJsonInput(fa, cwd, "snapshot"), name: fa };
  const b = { value: await readJsonInput(fb, cwd, "snapshot"), name: fb };
  const diff = diffSnapshots(a, b);
  const mode = outputMode(values);
  printResult(mode, diff, () => renderSnapshotDiff(diff, { a: fa, b: fb }, makeStyle(mode.colour)));
  setExit(0);
}
