// `gate` in the verb table, for the global help line (cli.md §7.0). dist/cli.cjs routes `axiom gate`
// straight to dist/gate.cjs (cli.md §1.1, SPEED-9); this module is reached only when that file is
// absent (e.g. running from source) and hands the raw arguments to the same gate code.
import { GATE_FLAGS } from "../../harness/gate/args";
import { runGate } from "../../harness/gate/run";

export async function run(): Promise<void> {
  const at = process.argv.indexOf("gate");
  await runGate(at === -1 ? [] : process.argv.slice(at + 1));
}
