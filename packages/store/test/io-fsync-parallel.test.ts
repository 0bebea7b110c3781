// APL-19: the staged-file and same-step directory fsyncs run one per libuv pool thread. The pool is
// 4 threads unless the process was started with a bigger UV_THREADPOOL_SIZE; a smaller or invalid
// value keeps 4 (libuv's own default), a huge one is capped at 64.
import { describe, expect, it } from "vitest";
import { fsyncParallel } from "../src/io";

describe("fsyncs in flight follow the pool size (APL-19)", () => {
  it.each([
    [undefined, 4],
    ["", 4],
    ["abc", 4],
    ["2", 4],
    ["4", 4],
    ["16", 16],
    ["64", 64],
    ["1024", 64],
    ["8.5", 4],
  ])("UV_THREADPOOL_SIZE=%s → %i", (pool, want) => {
    expect(fsyncParallel(pool)).toBe(want);
  });
});
