// `axiom snapshot --root <dir> [-o <file>] [--include <glob>]… [--exclude <glob>]… [--max-files <n>]
// [--max-bytes <n>] [--no-gitignore] [--no-digest]` (cli.md §7.20, apply.md §17). Never writes
// under the root, never spawns a process; progress on a TTY stderr only (§9.3).

import { SNAPSHOT_DEFAULT_MAX_FILES, SNAPSHOT_MAX_FILES_CAP } from "@codai/axiom-rules";
import type { RepoSnapshot } from "@codai/axiom-schema";
import { snapshot } from "@codai/axiom-workflow";
import { resolveCliRoot } from "../../common/roots";
import { booleanFlag, integerFlag, listFlag, stringFlag } from "../args";
import { writeJsonAtomic } from "../out-file";
import { outputMode, printResult, setExit } from "../output";
import { renderSnapshot } from "../render/results";
import { makeStyle } from "../render/style";
import { bytes as humanBytes } from "../render/words";
import { createProgress } from "../snapshot-progress";
import { UsageError, type VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const rootArg = stringFlag(values, "root");
  if (rootArg === undefined) throw new UsageError("snapshot requires --root <dir>");
  const root = await resolveCliRoot(rootArg, cwd);
  const progress = createProgress();
  let snap: RepoSnapshot;
  try {
    snap = await snapshot(root, {
      include: listFlag(values, "include"),
      exclude: listFlag(values, "exclude"),
      maxFiles: integerFlag(values, "max-files"),
      maxBytes: integerFlag(values, "max-bytes"),
      respectGitignore: !booleanFlag(values, "no-gitignore"),
      withContentDigest: !booleanFlag(values, "no-digest"),
      onProgress: progress.update,
    });
  } finally {
    progress.stop();
  }
  const out = stringFlag(values, "out");
  const mode = outputMode(values);
  const maxFiles = Math.min(integerFlag(values, "max-files") ?? SNAPSHOT_DEFAULT_MAX_FILES, SNAPSHOT_MAX_FILES_CAP);
  const facts = {
    snapshotDigest: snap.snapshotDigest,
    files: snap.body.counts.files,
    bytes: snap.body.counts.bytes,
    truncated: snap.body.truncated,
    // Which limit stopped the walk: the file count when it reached --max-files, else the bytes.
    limits:
      snap.body.counts.files >= maxFiles
        ? `stopped at --max-files ${maxFiles}`
        : `stopped at --max-bytes (${humanBytes(snap.body.counts.bytes)} read)`,
  };
  const text = (file?: string) => () => renderSnapshot({ ...facts, out: file }, makeStyle(mode.colour));
  if (out === undefined) {
    printResult(mode, snap, text());
  } else {
    const file = await writeJsonAtomic(out, cwd, snap);
    const { limits: _limits, ...summary } = facts;
    printResult(mode, { ...summary, out: file }, text(out));
  }
  setExit(0);
}
