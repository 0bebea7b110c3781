// The user-facing limits, each against the number the spec writes (formats.md §9.4, checks.md §4.2,
// §4.4, §6.2, §8.6, apply.md §4.1, §17.2): a limit that drifts from the spec fails here, whichever
// module enforces it.
import { describe, expect, it } from "vitest";
import * as limits from "../src/limits";

describe("limits (written once, ARCH-R3)", () => {
  it.each([
    ["RELPATH_MAX", 1024],
    ["ARTIFACTS_MAX", 2000],
    ["TOTAL_BYTES_MAX", 64 * 1024 * 1024],
    ["INTENT_MAX", 2000],
    ["INLINE_CONTENT_MAX_UNITS", 256 * 1024],
    ["INLINE_BYTES_MAX", 256 * 1024],
    ["INLINE_BASE64_CONTENT_MAX_UNITS", 349_528],
    ["BUNDLE_INLINE_MAX", 4 * 1024 * 1024],
    ["MAX_ISSUES", 20],
    ["EXPR_MESSAGE_MAX", 2000],
    ["SECRET_SCAN_MAX_BYTES", 4_194_304],
    ["LOCK_TIMEOUT_DEFAULT_MS", 30_000],
    ["LOCK_TIMEOUT_MAX_MS", 600_000],
    ["KEEP_BACKUPS_DEFAULT", 3],
    ["KEEP_BACKUPS_MAX", 1000],
    ["MANIFESTS_UNREFERENCED_KEEP", 100],
    ["MANIFESTS_UNREFERENCED_MIN_AGE_MS", 86_400_000],
    ["SNAPSHOT_DEFAULT_MAX_FILES", 20_000],
    ["SNAPSHOT_MAX_FILES_CAP", 50_000],
    ["SNAPSHOT_DEFAULT_MAX_BYTES", 67_108_864],
  ])("%s = %i", (name, value) => {
    expect((limits as Record<string, number>)[name]).toBe(value);
  });
  it("every exported limit is listed above", () => {
    expect(Object.keys(limits).length).toBe(20);
  });
});
