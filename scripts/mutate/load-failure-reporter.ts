// A vitest reporter for mutation runs only (scripts/mutate/vitest.config.ts): a test file that fails
// to load gets one failed test carrying the load error. Why: @stryker-mutator/vitest-runner 9.6.1
// builds a mutant's result from the tests it collects (collectTestsFromSuite walks `file.tasks`),
// and a file whose import throws collects none, so a mutant that stops a module from loading — a
// static mutant such as `new TextDecoder("")` or a helper emptied while a module-level constant
// calls it — was reported Survived although every test of that file fails (upstream:
// stryker-js#6150; the same logic in 10.0.0). With this reporter such a mutant is Killed. A file
// that loaded is left as it is, whether its tests passed or failed; the everyday suite never
// loads this reporter.
import type { File, Test } from "@vitest/runner";
import type { Reporter, Vitest } from "vitest/node";

/** Adds a failed "loads its imports" test to each file that failed with no test collected. */
export function markUnloadableFiles(files: readonly File[]): number {
  let marked = 0;
  for (const file of files) {
    if (file.result?.state !== "fail" || file.tasks.length > 0) continue;
    const test = {
      type: "test",
      id: `${file.id}_load`,
      name: "loads its imports",
      mode: "run",
      file,
      suite: file,
      meta: {},
      timeout: 0,
      annotations: [],
      artifacts: [],
      result: { state: "fail", errors: file.result.errors ?? [{ message: "test file failed to load" }] },
    } as unknown as Test; // a test object only vitest can build; nothing reads it after the run but Stryker
    file.tasks.push(test);
    marked++;
  }
  return marked;
}

export default class LoadFailureAsFailedTest implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    if (this.vitest) markUnloadableFiles(this.vitest.state.getFiles());
  }
}
