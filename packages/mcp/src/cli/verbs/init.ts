// `axiom init` / `axiom setup init` (cli.md §7.2, hooks-doctor.md §3). Exit 0 on completion (skips
// are not failures); errors propagate to the dispatcher's D16 line, exit 2.
import * as path from "node:path";
import { printJson, printText, setExit } from "../output";
import { formatInitText, HARNESSES, type Harness, runInit } from "../../harness/init/run";
import { RELEASE_VERSION } from "../../common/version";
import { booleanFlag, enumFlag, stringFlag } from "../args";
import type { FlagTable, VerbContext } from "../verb";

export const options: FlagTable = {
  root: { type: "string" },
  harness: { type: "string" },
  "profile-name": { type: "string" },
  force: { type: "boolean" },
  json: { type: "boolean" },
};

export const positionals = { min: 0, max: 0 };

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const harness = enumFlag(values, "harness", ["auto", ...HARNESSES] as const) ?? "auto";
  const profileName = stringFlag(values, "profile-name");
  const result = await runInit({
    root: path.resolve(cwd, stringFlag(values, "root") ?? "."),
    harness: harness as Harness | "auto",
    ...(profileName !== undefined ? { profileName } : {}),
    force: booleanFlag(values, "force"),
    version: RELEASE_VERSION,
  });
  if (booleanFlag(values, "json")) printJson(result);
  else printText(formatInitText(result));
  setExit(0);
}
