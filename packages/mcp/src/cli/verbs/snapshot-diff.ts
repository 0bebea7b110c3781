// `axiom snapshot-diff <a.json> <b.json>` (cli.md §7.21, apply.md §17.5): both files must be
// RepoSnapshots (else ERR_INVALID_MANIFEST `details.issues`); stdout `{added, removed, changed}`.
import { diffSnapshots } from "@codai/axiom-workflow";
import { readJsonInput } from "../input";
import { printJson, setExit } from "../output";
import type { VerbContext } from "../verb";

export async function run({ positionals: args, cwd }: VerbContext): Promise<void> {
  const [fa, fb] = args as [string, string];
  const a = { value: await readJsonInput(fa, cwd, "snapshot"), name: fa };
  const b = { value: await readJsonInput(fb, cwd, "snapshot"), name: fb };
  printJson(diffSnapshots(a, b));
  setExit(0);
}
