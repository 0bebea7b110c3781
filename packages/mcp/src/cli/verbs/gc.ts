// `axiom gc --root <dir> [--dry-run] [--older-than <n>(ms|s|m|h|d)] [--keep all-manifests|journal]`
// (cli.md §7.11, sources.md §6): CAS garbage collection under the root lock. The collector lives in
// the lazy chunk dist/gc-lazy.js. Progress on a TTY stderr only (§9.3).

import { booleanFlag, enumFlag, stringFlag } from "../args";
import { outputMode, printResult, startProgress } from "../output";
import { renderGc } from "../render/results";
import { makeStyle } from "../render/style";
import { resolveCliRoot } from "../roots";
import { UsageError, type VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const rootArg = stringFlag(values, "root");
  if (rootArg === undefined) throw new UsageError("gc requires --root <dir>");
  const keep = enumFlag(values, "keep", ["all-manifests", "journal"] as const) ?? "all-manifests";
  const { collectGarbage, parseGcDuration } = await import("../../entries/gc");
  const olderThanArg = stringFlag(values, "older-than");
  const olderThanMs = olderThanArg === undefined ? undefined : parseGcDuration(olderThanArg);
  if (olderThanArg !== undefined && olderThanMs === undefined)
    throw new UsageError(`--older-than expects <n>(ms|s|m|h|d), got "${olderThanArg}"`);
  const root = await resolveCliRoot(rootArg, cwd);

  const progress = startProgress();
  try {
    const report = await collectGarbage(root, {
      keep,
      dryRun: booleanFlag(values, "dry-run"),
      olderThanMs,
      onProgress: (scanned, removable) => progress.update(`gc: ${scanned} blobs scanned, ${removable} removable`),
    });
    progress.done();
    const mode = outputMode(values);
    printResult(mode, report, () => renderGc(report, makeStyle(mode.colour)));
  } finally {
    progress.done();
  }
}
