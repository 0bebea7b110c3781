// The only writer to stdout/stderr for CLI verbs (cli.md §3, §5, §9). Nothing else in the CLI calls
// console.* or process.stdout.write. Exit codes are set, never forced: process.exit() is not called
// so a large document piped to another process arrives whole.
import { toErrorObject } from "@codai/axiom-schema";
import { errorText } from "./render/error";

let stdoutBroken = false;
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  // EPIPE: the reader went away; end silently with the exit code already determined.
  if (err.code === "EPIPE") stdoutBroken = true;
  else throw err;
});

export function writeStdout(text: string): void {
  clearProgress();
  if (!stdoutBroken) process.stdout.write(text);
}

export function writeStderr(text: string): void {
  clearProgress();
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

/**
 * An error outside a result document, exit 2: one compact JSON line on stderr (D16), or — when
 * stderr is a terminal — the same error in words, with the candidates of an ambiguous ref and a
 * hint of what to do (CLI-O13). Never coloured.
 */
export function printError(err: unknown): void {
  const error = toErrorObject(err);
  writeStderr(process.stderr.isTTY ? errorText(error) : `${JSON.stringify(error)}\n`);
  process.exitCode = 2;
}

export function setExit(code: 0 | 1 | 2): void {
  process.exitCode = code;
}

/** True when colour may be used on stdout (cli.md §9.2). */
export function colourEnabled(): boolean {
  return Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
}

/**
 * How a verb prints its result (issue 21): text for a person on a terminal, the JSON document with
 * `--json` or whenever stdout is not a TTY, so a script or a pipe always gets the same document.
 */
export interface OutputMode {
  json: boolean;
  colour: boolean;
}

export function outputMode(values: { json?: unknown }): OutputMode {
  const json = values.json === true || !process.stdout.isTTY;
  return { json, colour: !json && colourEnabled() };
}

/** The JSON document, or the text form for a person (`render` is only called for text). */
export function printResult(mode: OutputMode, doc: unknown, render: () => string): void {
  if (mode.json) printJson(doc);
  else printText(render());
}

// ---- Progress (cli.md §9.3): one line on a TTY stderr, first drawn after 500 ms of work, redrawn
// at most every 100 ms, erased before anything else is written and when the verb ends. It never
// touches stdout, files or the exit code, and is never coloured.

export const PROGRESS_DELAY_MS = 500;
export const PROGRESS_INTERVAL_MS = 100;
const ERASE = "\r\u001b[2K";

export interface Progress {
  /** The latest text (`compile: 3/150 artifacts resolved`); drawn when the timing rules allow. */
  update(text: string): void;
  /** Erases the line (if drawn) and stops; call it when the work ends, before printing the result. */
  done(): void;
}

let active: { drawn: boolean; timer?: NodeJS.Timeout } | undefined;

function clearProgress(): void {
  if (active?.drawn) {
    process.stderr.write(ERASE);
    active.drawn = false;
  }
}

/** A progress line for `compile`, `gc` and `snapshot`; a no-op unless stderr is a TTY. */
export function startProgress(clock: () => number = Date.now): Progress {
  if (!process.stderr.isTTY) return { update() {}, done() {} };
  const state: { drawn: boolean; timer?: NodeJS.Timeout } = { drawn: false };
  active = state;
  const started = clock();
  let text: string | undefined;
  let lastDraw = 0;
  let stopped = false;
  const draw = () => {
    if (stopped || text === undefined) return;
    process.stderr.write(`${ERASE}${text}`);
    state.drawn = true;
    lastDraw = clock();
  };
  // The first draw happens after the delay even when no update arrives at that instant.
  state.timer = setTimeout(draw, PROGRESS_DELAY_MS);
  state.timer.unref();
  return {
    update(next) {
      text = next;
      const now = clock();
      if (now - started >= PROGRESS_DELAY_MS && now - lastDraw >= PROGRESS_INTERVAL_MS) draw();
    },
    done() {
      stopped = true;
      clearTimeout(state.timer);
      if (active === state) {
        clearProgress();
        active = undefined;
      }
    },
  };
}
