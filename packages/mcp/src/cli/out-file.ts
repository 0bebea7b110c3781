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
    throw outFileError(file, target, (err as NodeJS.ErrnoException).code);
  }
  return target;
}

/**
 * Why `-o <file>` could not be written, as the user's error (CLI-H-7): a missing directory is not
 * created (a typo in the path must not make a directory), it is ERR_NOT_FOUND naming it; a
 * directory in the file's place is ERR_TARGET_TYPE. Anything else (permissions, a full disk) is
 * ERR_INTERNAL with the errno.
 */
function outFileError(file: string, target: string, errno: string | undefined): Error {
  const dir = dirname(target);
  if (errno === "ENOENT" || errno === "ENOTDIR") {
    return axiomError("ERR_NOT_FOUND", {
      message: `cannot write ${file}: the directory ${dir} does not exist (create it first, or pick another -o path)`,
      details: { file, dir, reason: "no-such-directory" },
    });
  }
  if (errno === "EISDIR") {
    return axiomError("ERR_TARGET_TYPE", {
      message: `cannot write ${file}: it is a directory (name a file)`,
      details: { file, kind: "directory" },
    });
  }
  return axiomError("ERR_INTERNAL", {
    message: `cannot write ${file} (${errno ?? "write failed"})`,
    details: { file },
  });
}

export function writeJsonAtomic(file: string, cwd: string, value: unknown): Promise<string> {
  return writeFileAtomic(file, cwd, prettyJson(value));
}
