// Which crash state does each fsync rule out? (issue 23; docs/benchmarks.md's fsync table.) For each
// fsync class of a small scenario's run, the run is replayed with that fsync never issued and the
// crash explorer names the first state that then fails. Long (minutes): runs only with
// AXIOM_EXPLORER_ABLATION=1 (AXIOM_EXPLORER_ABLATION_SCENARIOS=overwrite,create-first,rollback).
import { describe, expect, it } from "vitest";
import { fsyncClasses, whatItRulesOut } from "./explorer/ablation";
import { recorded } from "./explorer/regression";

const ON = process.env.AXIOM_EXPLORER_ABLATION === "1";
const SCENARIOS = (process.env.AXIOM_EXPLORER_ABLATION_SCENARIOS ?? "overwrite,create-first,rollback").split(",");

describe.skipIf(!ON)("crash explorer ablation: each fsync of a run, never issued", () => {
  it("removing the journal's or the tree directories' fsync makes the explorer find the state it was for; the lock's and the intent mutex's temps have none to remove (SPEED-22)", async () => {
    const lines: string[] = [];
    for (const name of SCENARIOS) {
      const { s, log } = await recorded(name);
      for (const cls of fsyncClasses(log)) {
        const f = await whatItRulesOut(s, log, cls);
        lines.push(`${name} | ${cls} | ${f ? `${f.state} [${f.models}] → ${f.violations[0]}` : "nothing fails"}`);
      }
    }
    console.log(lines.join("\n"));
    const of = (cls: string) => lines.find((l) => l.includes(`| ${cls} |`));
    for (const cls of ["file .axiom/journal/<hex>.json.tmp-<pid>", "dir .axiom/journal", "dir ."]) {
      expect(of(cls), `${cls} is fsynced in the run`).toBeDefined();
      expect(of(cls), cls).not.toContain("nothing fails");
    }
    expect(of("file .axiom/lock.<8hex>.tmp-<pid>"), "the lock's temp is not fsynced").toBeUndefined();
    expect(of("file .axiom/intents/.mutex.<8hex>.tmp-<pid>"), "the mutex's temp is not fsynced").toBeUndefined();
  }, 3_600_000);
});
