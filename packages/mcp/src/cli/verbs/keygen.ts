// `axiom keygen [--out <dir>] [--name <label>]` (signing.md §3.1, cli.md §7.15): a new Ed25519 key
// file (base64 PKCS#8 + LF, mode 0600, exclusive create). stdout carries only the public entry and
// the key file's path: JSON piped or with --json, on a terminal the same in words with the next steps.
import { resolve } from "node:path";
import { stringFlag } from "../args";
import { keygenToDir } from "../keys";
import { outputMode, printResult } from "../output";
import { renderKeygen } from "../render/signing";
import { makeStyle } from "../render/style";
import { UsageError, type VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const name = stringFlag(values, "name");
  if (name !== undefined && (name.length < 1 || name.length > 200)) {
    throw new UsageError("--name expects 1 to 200 characters");
  }
  const dir = resolve(cwd, stringFlag(values, "out") ?? ".");
  const result = await keygenToDir(dir, name === undefined ? {} : { name });
  const mode = outputMode(values);
  printResult(mode, result, () => renderKeygen(result, makeStyle(mode.colour)));
}
