// `axiom doctor [--root <dir>] [--json]` / `axiom setup doctor` (cli.md §7.3, hooks-doctor.md §4).
// Exit 0 when no check fails, 1 otherwise (a result object, D16).
import * as path from "node:path";
import { RELEASE_VERSION } from "../../common/version";
import { spawnProbe } from "../../harness/doctor/latency";
import { formatDoctorText, runDoctor } from "../../harness/doctor/run";
import { stringFlag } from "../args";
import { outputMode, printResult, setExit } from "../output";
import type { VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  // The probe runs this very CLI (its entry script), never whatever `axiom` is on PATH.
  const entry = process.argv[1] ? path.resolve(process.argv[1]) : undefined;
  const report = await runDoctor(path.resolve(cwd, stringFlag(values, "root") ?? "."), {
    version: RELEASE_VERSION,
    probe: entry ? spawnProbe(entry) : undefined,
    ...(entry !== undefined ? { entry } : {}),
  });
  printResult(outputMode(values), report, () => formatDoctorText(report));
  setExit(report.ok ? 0 : 1);
}
