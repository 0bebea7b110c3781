// `axiom keygen [--out <dir>] [--name <label>]` (signing.md §3.1, cli.md §7.15): a new Ed25519 key
// file (base64 PKCS#8 + LF, mode 0600, exclusive create). stdout carries only the public entry.
import { resolve } from "node:path";
import { stringFlag } from "../args";
import { keygenToDir } from "../keys";
import { printJson } from "../output";
import { UsageError, type VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const name = stringFlag(values, "name");
  if (name !== undefined && (name.length < 1 || name.length > 200)) {
    throw new UsageError("--name expects 1 to 200 characters");
  }
  const dir = resolve(cwd, stringFlag(values, "out") ?? ".");
  printJson(await keygenToDir(dir, name === undefined ? {} : { name }));
}
