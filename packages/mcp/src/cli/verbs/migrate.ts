// `axiom migrate v1 <manifest.json> [-o <plan.json>] [--profile <name>] [--cas <root>] [--content
// <dir>] [--name <kebab>] [--overwrite]` (cli.md §7.19, sources.md §5). Exit 0 migrated, 1 migrated
// with warnings, 2 cannot migrate (nothing written). The library lives in dist/migrate-lazy.js.
import { lstat, readFile } from "node:fs/promises";
import { dirname, join, resolve } from "node:path";
import { booleanFlag, stringFlag } from "../args";
import { readInputText } from "../input";
import { writeJsonAtomic } from "../out-file";
import { outputMode, printResult, setExit } from "../output";
import { renderMigrate } from "../render/maintenance";
import { makeStyle } from "../render/style";
import { resolveCliRoot } from "../roots";
import { UsageError, type VerbContext } from "../verb";

/** `<dir>/<path>` when it is a regular file (lstat: a link is "unavailable"), else undefined. */
function contentResolver(dir: string) {
  return async (path: string): Promise<Uint8Array | undefined> => {
    const file = join(dir, ...path.split("/"));
    try {
      if (!(await lstat(file)).isFile()) return undefined;
      return await readFile(file);
    } catch {
      return undefined;
    }
  };
}

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  const [source, file] = args as [string, string];
  if (source !== "v1") throw new UsageError(`migrate supports only v1, got "${source}"`);
  const casArg = stringFlag(values, "cas");
  const casRoot = casArg === undefined ? undefined : await resolveCliRoot(casArg, cwd);
  const contentDir = resolve(cwd, stringFlag(values, "content") ?? dirname(file));
  const text = await readInputText(file, cwd, "bundle");

  const { migrateV1 } = await import("../../entries/migrate");
  const { plan, report } = await migrateV1(text, {
    version: "v1",
    profile: stringFlag(values, "profile"),
    name: stringFlag(values, "name"),
    overwrite: booleanFlag(values, "overwrite"),
    casRoot,
    resolveContent: contentResolver(contentDir),
  });

  const out = stringFlag(values, "out");
  const mode = outputMode(values);
  const render = () => renderMigrate({ source: file, name: plan.name, report, out }, makeStyle(mode.colour));
  if (out === undefined) printResult(mode, { plan, report }, render);
  else printResult(mode, { ...report, out: await writeJsonAtomic(out, cwd, plan) }, render);
  setExit(report.ok ? 0 : 1);
}
