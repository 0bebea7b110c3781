// cli.md §9.3 progress line (the helper `startProgress` of cli-output.ts, used by compile, gc and
// snapshot): "stderr only, and only when process.stderr.isTTY is true"; "first drawn after 500 ms
// of work; redrawn at most every 100 ms"; "erased (\r + ESC[2K) before the verb writes anything
// else to stdout or stderr and before exit"; "progress never changes stdout bytes".
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { printJson, startProgress, writeStderr } from "../src/cli/output";

const ERASE = "\r\u001b[2K";
let err: string[];
let out: string[];
let ttyDescriptor: PropertyDescriptor | undefined;

function setStderrTty(value: boolean): void {
  Object.defineProperty(process.stderr, "isTTY", { value, configurable: true });
}

beforeEach(() => {
  err = [];
  out = [];
  ttyDescriptor = Object.getOwnPropertyDescriptor(process.stderr, "isTTY");
  vi.spyOn(process.stderr, "write").mockImplementation((c: string | Uint8Array) => {
    err.push(String(c));
    return true;
  });
  vi.spyOn(process.stdout, "write").mockImplementation((c: string | Uint8Array) => {
    out.push(String(c));
    return true;
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (ttyDescriptor) Object.defineProperty(process.stderr, "isTTY", ttyDescriptor);
  else delete (process.stderr as { isTTY?: boolean }).isTTY;
});

describe("progress line (cli.md §9.3)", () => {
  it("stderr not a TTY → nothing is ever written; stdout unchanged", () => {
    setStderrTty(false);
    let now = 0;
    const p = startProgress(() => now);
    now = 2000;
    p.update("compile: 1/150 artifacts resolved");
    p.done();
    printJson({ a: 1 });
    expect(err).toEqual([]);
    expect(out.join("")).toBe('{\n  "a": 1\n}\n');
  });

  it("on a TTY: nothing before 500 ms, then one line rewritten in place at most every 100 ms, erased by done()", () => {
    setStderrTty(true);
    let now = 0;
    const p = startProgress(() => now);
    now = 499;
    p.update("compile: 1/150 artifacts resolved");
    expect(err).toEqual([]);
    now = 600;
    p.update("compile: 2/150 artifacts resolved");
    now = 650;
    p.update("compile: 3/150 artifacts resolved");
    now = 700;
    p.update("compile: 4/150 artifacts resolved");
    expect(err).toEqual([`${ERASE}compile: 2/150 artifacts resolved`, `${ERASE}compile: 4/150 artifacts resolved`]);
    p.done();
    expect(err.at(-1)).toBe(ERASE);
    expect(out).toEqual([]);
  });

  it("the first draw happens after 500 ms even without a later update (timer)", () => {
    vi.useFakeTimers();
    setStderrTty(true);
    const p = startProgress(() => 0);
    p.update("gc: 10 blobs scanned, 0 removable");
    expect(err).toEqual([]);
    vi.advanceTimersByTime(500);
    expect(err).toEqual([`${ERASE}gc: 10 blobs scanned, 0 removable`]);
    p.done();
  });

  it("the line is erased before anything else is written to stdout or stderr; stdout bytes are the same as without progress", () => {
    setStderrTty(true);
    let now = 0;
    const p = startProgress(() => now);
    now = 1000;
    p.update("snapshot: 5 files, 10 bytes");
    printJson({ ok: true });
    expect(err).toEqual([`${ERASE}snapshot: 5 files, 10 bytes`, ERASE]);
    writeStderr("x\n");
    expect(err.slice(2)).toEqual(["x\n"]);
    p.done();
    expect(err.slice(2)).toEqual(["x\n"]);
    expect(out.join("")).toBe('{\n  "ok": true\n}\n');
  });

  it("progress is never coloured: no SGR sequence, only the erase prefix", () => {
    setStderrTty(true);
    let now = 0;
    const p = startProgress(() => now);
    now = 800;
    p.update("compile: 1/100 artifacts resolved");
    p.done();
    // The only escape sequence is the erase-line prefix; no SGR (colour) sequence appears.
    expect(err.join("").replaceAll(ERASE, "")).not.toContain("\u001b");
  });
});
