// repo.noOverwriteOf, repo.requireCompanion (checks.md §4.7).
import { compileGlob, compileGlobs } from "@codai/axiom-rules";
import { z } from "zod";
import type { PredicateDef, RawFinding, RepoFacts } from "../types";

const NoOverwriteParams = z.strictObject({ globs: z.array(z.string()).min(1), nocase: z.boolean().default(false) });

export const repoNoOverwriteOf: PredicateDef<z.output<typeof NoOverwriteParams>> = {
  id: "repo.noOverwriteOf",
  requires: ["manifest", "repo"],
  params: NoOverwriteParams,
  async run({ params, facts }) {
    const repo = facts.repo as RepoFacts;
    const match = compileGlobs(params.globs, { nocase: params.nocase });
    const out: RawFinding[] = [];
    for (const a of facts.manifest.artifacts) {
      if (a.op === "create" || !match(a.path)) continue;
      if (await repo.exists(a.path)) {
        out.push({
          id: "repo.noOverwriteOf",
          path: a.path,
          message: `${a.op} of a protected existing file`,
          facts: { op: a.op, globs: params.globs },
        });
      }
    }
    return out;
  },
};

const CompanionParams = z.strictObject({
  rules: z
    .array(
      z.strictObject({
        when: z.string(),
        expect: z
          .array(z.strictObject({ name: z.string().min(1), match: z.string(), mustChange: z.boolean().default(false) }))
          .min(1),
      }),
    )
    .min(1),
});

export const repoRequireCompanion: PredicateDef<z.output<typeof CompanionParams>> = {
  id: "repo.requireCompanion",
  requires: ["manifest", "repo"],
  params: CompanionParams,
  async run({ params, facts }) {
    const repo = facts.repo as RepoFacts;
    const paths = facts.manifest.artifacts.map((a) => a.path);
    const out: RawFinding[] = [];
    for (const rule of params.rules) {
      const when = compileGlob(rule.when);
      const triggers = paths.filter((p) => when(p));
      if (triggers.length === 0) continue;
      for (const expect of rule.expect) {
        const match = compileGlob(expect.match);
        let satisfied = paths.some((p) => match(p));
        if (!satisfied && !expect.mustChange) satisfied = (await repo.index()).some((p) => match(p));
        if (satisfied) continue;
        out.push({
          id: `repo.requireCompanion.${expect.name}`,
          message: `changes to ${rule.when} need a companion matching ${expect.match}`,
          facts: { when: rule.when, expect: expect.match, name: expect.name, mustChange: expect.mustChange, triggers },
        });
      }
    }
    return out;
  },
};
