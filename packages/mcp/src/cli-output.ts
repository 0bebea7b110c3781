// The only writer to stdout/stderr for CLI verbs (cli.md §3, §5). Nothing else in the CLI calls
// console.* or process.stdout.write. Exit codes are set, never forced: process.exit() is not called
// so a large document piped to another process arrives whole.
import { toErrorObject } from "@codai/axiom-schema";

let stdoutBroken = false;
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  // EPIPE: the reader went away; end silently with the exit code already determined.
  if (err.code === "EPIPE") stdoutBroken = true;
  else throw err;
});

export function writeStdout(text: string): void {
  if (!stdoutBroken) process.stdout.write(text);
}

export function writeStderr(text: string): void {
  process.stderr.write(text);
}

/** A result document: 2-space JSON + LF on stdout. */
export function printJson(value: unknown): void {
  writeStdout(`${JSON.stringify(value, null, 2)}\n`);
}

/** Plain text on stdout (text forms of check, status, log, …). */
export function printText(text: string): void {
  writeStdout(text.endsWith("\n") ? text : `${text}\n`);
}

/** An error outside a result document: one compact JSON line on stderr, exit 2 (D16). */
export function printError(err: unknown): void {
  writeStderr(`${JSON.stringify(toErrorObject(err))}\n`);
  process.exitCode = 2;
}

export function setExit(code: 0 | 1 | 2): void {
  process.exitCode = code;
}

/** True when colour may be used on stdout (cli.md §9.2). */
export function colourEnabled(): boolean {
  return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
}
