// §2 step 5 (the case-sensitivity probe under `.axiom/tmp`) runs once per directory and process
// (issue 24: three metadata writes less on every apply and dry run), and again when the directory
// is another one (re-created: a new inode) — the answer is never carried over to a new directory.
import { mkdir, rm } from "node:fs/promises";
import * as path from "node:path";
import { fsx } from "@codai/axiom-store";
import { installFs } from "@codai/axiom-store/testing";
import { afterEach, beforeEach, expect, it } from "vitest";
import { probeCaseInsensitive } from "../src/paths";
import { tempRoot } from "./lock-helpers";

let root: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ root, cleanup } = await tempRoot("axiom-case-probe-"));
});
afterEach(() => cleanup());

/** Probe files created while `run` runs, and whether a fake case-insensitive lstat answered. */
async function probesDuring(run: () => Promise<unknown>, insensitive = false): Promise<number> {
  let probes = 0;
  const realOpen = fsx.open;
  const realLstat = fsx.lstat;
  const restore = installFs({
    open: async (p, flags, mode) => {
      if (path.basename(p).startsWith("CaseProbe-")) probes++;
      return realOpen(p, flags, mode);
    },
    lstat: async (p) =>
      insensitive && path.basename(p).startsWith("caseprobe-")
        ? realLstat(path.join(path.dirname(p), path.basename(p).replace("caseprobe", "CaseProbe")))
        : realLstat(p),
  });
  try {
    await run();
  } finally {
    restore();
  }
  return probes;
}

it("the probe runs once per .axiom/tmp directory: a second question is answered without a probe file", async () => {
  const tmp = path.join(root, ".axiom", "tmp");
  let first: boolean | undefined;
  let second: boolean | undefined;
  expect(await probesDuring(async () => (first = await probeCaseInsensitive(tmp)))).toBe(1);
  expect(await probesDuring(async () => (second = await probeCaseInsensitive(tmp)))).toBe(0);
  expect(first).toBe(false);
  expect(second).toBe(false);
});

it("a re-created directory (another inode, maybe another file system) is probed again and its own answer kept", async () => {
  const tmp = path.join(root, ".axiom", "tmp");
  await probeCaseInsensitive(tmp);
  await rm(tmp, { recursive: true });
  await mkdir(tmp, { recursive: true });
  let answer: boolean | undefined;
  expect(await probesDuring(async () => (answer = await probeCaseInsensitive(tmp)), true)).toBe(1);
  expect(answer).toBe(true);
  expect(await probesDuring(async () => (answer = await probeCaseInsensitive(tmp)))).toBe(0);
  expect(answer).toBe(true);
});
