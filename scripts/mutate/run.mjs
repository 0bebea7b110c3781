// `npm run mutate [target…] [--all-mutants] [--force] [--concurrency=N]` (issue 25): StrykerJS over each named target
// of scripts/mutate/targets.mjs (default: every "ready" one), one after the other, then a per-file
// score table on stdout and in reports/mutation/<target>/summary.{json,md}. Not part of `npm test`:
// a run takes minutes on 2 cores. Options are in scripts/mutate/stryker.config.mjs.
//   --all-mutants  also score error-message text (the ignorer off; its own incremental file)
//   --force        ignore the incremental file and re-test every mutant
//   --concurrency=N  test runners at once (default 2, one per core); 1 on a machine others share
//   --ignore-static  leave static mutants (module-level code, which runs every test) out: Ignored
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { pathToFileURL } from "node:url";
import { reportDir, strykerOptions } from "./stryker.config.mjs";
import { TARGETS, targetNamed } from "./targets.mjs";

const UNDETECTED = new Set(["Survived", "NoCoverage"]);

/** The test worker thread's heap (stryker.config.mjs header: why it goes through NODE_OPTIONS). */
export const TEST_HEAP = "--max-old-space-size=8192";

/** NODE_OPTIONS with TEST_HEAP added, unless a heap size is already set. */
export function withTestHeap(nodeOptions = "") {
  return nodeOptions.includes("--max-old-space-size") ? nodeOptions : `${nodeOptions} ${TEST_HEAP}`.trim();
}

/** Per-file counts and score (detected / (detected + undetected), Stryker's definition), sorted by file. */
export function summarize(results, cwd = process.cwd()) {
  const byFile = new Map();
  for (const r of results) {
    const file = relative(cwd, r.fileName);
    const row = byFile.get(file) ?? {
      file,
      killed: 0,
      timeout: 0,
      survived: 0,
      noCoverage: 0,
      ignored: 0,
      errors: 0,
      survivedNoTestRun: 0,
      survivors: [],
    };
    if (r.status === "Killed") row.killed++;
    else if (r.status === "Timeout") row.timeout++;
    else if (r.status === "Survived") {
      row.survived++;
      // A run that completed no test proves nothing (stryker-js#6213): counted, and shown apart.
      if (r.testsCompleted === 0) row.survivedNoTestRun++;
    } else if (r.status === "NoCoverage") row.noCoverage++;
    else if (r.status === "Ignored") row.ignored++;
    else row.errors++;
    if (UNDETECTED.has(r.status)) {
      row.survivors.push({
        status: r.status,
        mutator: r.mutatorName,
        line: r.location.start.line,
        column: r.location.start.column + 1,
        replacement: r.replacement,
        testsCompleted: r.testsCompleted,
      });
    }
    byFile.set(file, row);
  }
  return [...byFile.values()]
    .map((row) => {
      const detected = row.killed + row.timeout;
      const valid = detected + row.survived + row.noCoverage;
      const score = valid === 0 ? 100 : Math.round((1000 * detected) / valid) / 10;
      row.survivors.sort((a, b) => a.line - b.line || a.column - b.column);
      return { ...row, score };
    })
    .sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}

export function markdownTable(rows) {
  const lines = [
    "| File | Score | Killed | Timeout | Survived (ran no test) | No coverage | Ignored (message) | Errors |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.file} | ${r.score} % | ${r.killed} | ${r.timeout} | ${r.survived} (${r.survivedNoTestRun}) | ${r.noCoverage} | ${r.ignored} | ${r.errors} |`,
    );
  }
  return lines.join("\n");
}

const CONCURRENCY = /^--concurrency=([1-9]\d*)$/;

export function parseArgs(argv) {
  const flags = new Set(argv.filter((a) => a.startsWith("--")));
  let concurrency;
  for (const f of flags) {
    const n = CONCURRENCY.exec(f)?.[1];
    if (n !== undefined) concurrency = Number(n);
    else if (f !== "--all-mutants" && f !== "--force" && f !== "--ignore-static")
      throw new Error(`unknown option ${f}`);
  }
  const names = argv.filter((a) => !a.startsWith("--"));
  const targets = names.length > 0 ? names.map(targetNamed) : TARGETS.filter((t) => t.status === "ready");
  for (const t of targets) {
    if (t.status === "pending" && !existsSync(t.waitsFor))
      throw new Error(`target "${t.name}" waits for ${t.waitsFor}`);
  }
  return {
    targets,
    allMutants: flags.has("--all-mutants"),
    force: flags.has("--force"),
    ignoreStatic: flags.has("--ignore-static"),
    concurrency,
  };
}

async function main(argv) {
  const { targets, allMutants, force, ignoreStatic, concurrency } = parseArgs(argv);
  const { Stryker } = await import("@stryker-mutator/core");
  process.env.NODE_OPTIONS = withTestHeap(process.env.NODE_OPTIONS);
  for (const target of targets) {
    process.env.AXIOM_MUTATE_TARGET = target.name;
    const started = Date.now();
    const results = await new Stryker(
      strykerOptions(target.name, { allMutants, force, ignoreStatic, concurrency }),
    ).runMutationTest();
    const rows = summarize(results);
    const dir = reportDir(target.name);
    const suffix = allMutants ? "-all" : "";
    mkdirSync(dir, { recursive: true });
    const seconds = Math.round((Date.now() - started) / 1000);
    const summary = { target: target.name, allMutants, date: new Date().toISOString(), seconds, rows };
    writeFileSync(`${dir}/summary${suffix}.json`, `${JSON.stringify(summary, null, 2)}\n`);
    const table = markdownTable(rows);
    writeFileSync(`${dir}/summary${suffix}.md`, `${table}\n`);
    process.stdout.write(`\n## ${target.name}${allMutants ? " (all mutants)" : ""}, ${seconds} s\n\n${table}\n`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((err) => {
    process.stderr.write(`mutate: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  });
}
