// `-o / --out <file>` (cli.md §3): pretty JSON + LF, written atomically — a temp file in the same
// directory, then rename — so a reader never sees a half-written document; an existing file is replaced.
import { randomBytes } from "node:crypto";
import { rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { axiomError, isAxiomError } from "@codai/axiom-schema";

/** The bytes of a result document: 2-space JSON + LF, as on stdout. */
export function prettyJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** Writes `text` to `file` (resolved against `cwd`) atomically; returns the absolute path. */
export async function writeFileAtomic(file: string, cwd: string, text: string | Uint8Array): Promise<string> {
  const target = resolve(cwd, file);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    await writeFile(tmp, text, { flag: "wx" });
    await rename(tmp, target);
  } catch (err) {
    await rm(tmp, { force: true }).catch(() => undefined);
    if (isAxiomError(err)) throw err;
    const reason = (err as NodeJS.ErrnoException).code ?? "write failed";
    throw axiomError("ERR_INTERNAL", { message: `cannot write ${file} (${reason})` });
  }
  return target;
}

export function writeJsonAtomic(file: string, cwd: string, value: unknown): Promise<string> {
  return writeFileAtomic(file, cwd, prettyJson(value));
}
