// threats.md §3 invariants of the apply engine as fast-check properties over random plans:
// I05 pre-image binding, I11 journal first (O1–O7 on fs traces), I12 recovery before write,
// I14 scoped rollback, I23 journal containment. (I06 is invariants-crash.test.ts; I13, I22 are
// concurrency.test.ts and chain.test.ts.) numRuns are small so the file stays near 30 s on a
// 2-core machine; AXIOM_PROP_RUNS raises them all.
import * as fs from "node:fs";
import * as path from "node:path";
import { isDeepStrictEqual } from "node:util";
import { listJournals, rollback } from "@codai/axiom-apply";
import { sha256Hex } from "@codai/axiom-canon";
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { buryFrozen, runFrozen } from "./crash-sim";
import { axiomPath, cleanupRoots, exists, hexOf, type Json, runApply, snapshot, tmpRoot } from "./engine-helpers";
import { type FsCall, harness } from "./fault-harness";
import { buildPlan, isUnder, pathsState, planArb, plant, UNRELATED } from "./invariant-plans";
import { durabilityViolations } from "./trace-rules";

afterEach(cleanupRoots);
const RUNS = (n: number) => Number(process.env.AXIOM_PROP_RUNS ?? n);

/** A byte-level picture of a whole directory (tree and `.axiom/`), for "nothing changed". */
function fullSnapshot(dir: string): Record<string, string> {
  return snapshot(dir, false);
}

const inTree = (root: string, p: string | undefined) =>
  p !== undefined && isUnder(p, root) && !isUnder(p, path.join(root, ".axiom"));

describe("I11 journal first: O1–O7 on fs traces", () => {
  it("I11 random applies (applied, rolled back by a failing target rename) and manual rollbacks → every trace satisfies O1–O7", async () => {
    await fc.assert(
      fc.asyncProperty(
        planArb,
        fc.constantFrom("applied", "rolled-back", "manual"),
        fc.nat(6),
        async (items, kind, pick) => {
          const plan = buildPlan(items);
          const { root } = tmpRoot();
          plant(root, plan);
          const hex = hexOf(plan.bundle);
          const targetRenames = plan.items.filter((i) => i.op === "create" || i.op === "overwrite").length;
          const fail = kind === "rolled-back" && targetRenames > 0;
          const h = harness(
            fail
              ? [
                  {
                    op: "rename",
                    nth: 1 + (pick % targetRenames),
                    errno: "EIO",
                    pathMatch: (_p, c) => inTree(root, c.to),
                  },
                ]
              : [],
            { keepText: true, fastFsync: true },
          );
          let status: string;
          try {
            status = (await runApply(plan.bundle, root)).status;
          } finally {
            h.restore();
          }
          expect(status).toBe(fail ? "rolled-back" : "applied");
          expect(durabilityViolations(h.calls, root, hex), kind).toEqual([]);
          if (kind !== "manual") return;
          const r = harness([], { keepText: true, fastFsync: true });
          try {
            await rollback(root, plan.bundle.manifestDigest);
          } finally {
            r.restore();
          }
          expect(durabilityViolations(r.calls, root, hex), "manual rollback").toEqual([]);
        },
      ),
      { numRuns: RUNS(25) },
    );
  }, 300_000);

  it("I11 the checker itself: a trace with the committed journal's directory fsync removed → O5 reported; without the lock temp's write → O7", async () => {
    const plan = buildPlan([{ path: "a.txt", op: "create", pre: "", post: "x", exec: false }]);
    const { root } = tmpRoot();
    const h = harness([], { keepText: true, fastFsync: true });
    try {
      expect((await runApply(plan.bundle, root)).status).toBe("applied");
    } finally {
      h.restore();
    }
    const hex = hexOf(plan.bundle);
    const journalDir = axiomPath(root, "journal");
    const calls = h.calls;
    expect(durabilityViolations(calls, root, hex)).toEqual([]);
    const dropped = calls.filter((c) => !(c.op === "fsync" && c.path === journalDir));
    expect(durabilityViolations(dropped, root, hex).some((v) => v.startsWith("O2") || v.startsWith("O5"))).toBe(true);
    // the lock's record is written in its temp `lock.<8hex>.tmp-<pid>` before the link (APL-22, SPEED-22)
    const noLockRecord = calls.filter((c) => !(c.op === "write" && c.path.startsWith(`${axiomPath(root, "lock")}.`)));
    expect(durabilityViolations(noLockRecord, root, hex)).toContain("O7 lock named before its record was written");
  });
});

describe("I05 pre-image binding under concurrent writers", () => {
  type Writer = "edit" | "replace-same-bytes" | "delete" | "create" | "symlink" | "hardlink";
  const writerArb = fc.constantFrom<Writer>("edit", "replace-same-bytes", "delete", "create", "symlink", "hardlink");

  it("I05 a random writer between prepare and commit → every target the engine replaced or deleted matched its prepared bytes and (dev, ino) at its re-check; a changed target re-checked after the writer is refused, never replaced", async () => {
    await fc.assert(
      fc.asyncProperty(
        planArb,
        writerArb,
        fc.nat(),
        fc.integer({ min: 1, max: 60 }),
        async (items, writer, which, at) => {
          const plan = buildPlan(items);
          const { root, out } = tmpRoot();
          plant(root, plan);
          const hex = hexOf(plan.bundle);
          const journal = axiomPath(root, "journal", `${hex}.json`);
          // identity of every plan path as prepare will capture it (nothing touches them before)
          const ident = new Map<string, string>();
          const idOf = (abs: string) => {
            try {
              const st = fs.lstatSync(abs, { bigint: true });
              if (!st.isFile()) return `non-file:${st.isSymbolicLink() ? "symlink" : "other"}`;
              return `${st.dev}:${st.ino}:${sha256Hex(fs.readFileSync(abs))}`;
            } catch {
              return "absent";
            }
          };
          for (const p of plan.paths) ident.set(p, idOf(path.join(root, p)));
          const target = plan.paths[which % plan.paths.length] as string;
          const T = path.join(root, target);
          let armed = false;
          let seen = 0;
          let actedAt = -1;
          let changed = false;
          let writerBytes: string | undefined;
          const act = (call: FsCall) => {
            actedAt = call.n;
            const had = fs.existsSync(T);
            if (writer === "create" && had) return;
            if (writer !== "create" && !had) return;
            changed = true;
            fs.mkdirSync(path.dirname(T), { recursive: true });
            if (writer === "edit") fs.appendFileSync(T, "+edit");
            else if (writer === "replace-same-bytes") {
              fs.writeFileSync(`${T}.w`, fs.readFileSync(T));
              fs.renameSync(`${T}.w`, T);
            } else if (writer === "delete") fs.unlinkSync(T);
            else if (writer === "create") fs.writeFileSync(T, "writer's own file");
            else if (writer === "symlink") {
              fs.writeFileSync(path.join(out, "victim"), "outside");
              fs.rmSync(T);
              fs.symlinkSync(path.join(out, "victim"), T);
            } else fs.linkSync(T, path.join(out, "alias"));
            writerBytes = fs.existsSync(T) ? idOf(T) : "absent";
          };
          // every forward mutation of a plan path: its identity just before, and when it was last re-read
          const forward: { rel: string; n: number; before: string; lastRead: number }[] = [];
          const lastRead = new Map<string, number>();
          const readsOfT: number[] = [];
          const h = harness([
            {
              times: "always",
              pathMatch: (p, c) => {
                if (c.op === "rename" && c.to === journal) armed = true;
                if (inTree(root, p) && (c.op === "open" || c.op === "lstat")) {
                  lastRead.set(p, c.n);
                  if (p === T) readsOfT.push(c.n);
                }
                return armed;
              },
              before: (c) => {
                if (++seen === at && writerBytes === undefined && actedAt < 0) act(c);
                const dest = c.op === "rename" ? c.to : c.op === "unlink" ? c.path : undefined;
                const fromStaging = c.op === "rename" && isUnder(c.path, axiomPath(root, "staging"));
                if (dest && inTree(root, dest) && (fromStaging || c.op === "unlink")) {
                  const rel = path.relative(root, dest).split(path.sep).join("/");
                  const op = plan.items.find((i) => i.path === rel)?.op;
                  if (c.op === "unlink" && op !== "delete") return; // a rollback's unlink of a created file
                  forward.push({ rel, n: c.n, before: idOf(dest), lastRead: lastRead.get(dest) ?? 0 });
                }
              },
            },
          ]);
          let r: Awaited<ReturnType<typeof runApply>>;
          try {
            r = await runApply(plan.bundle, root);
          } finally {
            h.restore();
          }
          for (const f of forward) {
            // the writer acted after the engine's last re-read of this path: the unguarded window
            // between re-check and rename (apply.md §9 "not covered"); every other replace must match
            const raced = f.rel === target && actedAt > f.lastRead && actedAt <= f.n;
            if (!raced) expect(f.before, `${f.rel} replaced in state ${f.before}`).toBe(ident.get(f.rel));
          }
          const touched = changed && !forward.some((f) => f.rel === target) && readsOfT.some((n) => n > actedAt);
          if (touched) {
            // the engine re-checked the path after the writer and never replaced the writer's version:
            // the apply refused, and the writer's version is still there
            expect(r.status).not.toBe("applied");
            expect(["ERR_PREIMAGE_CHANGED", "ERR_TARGET_TYPE", "ERR_SYMLINK_IN_PATH"]).toContain(r.error?.code);
            // (a writer's delete is the exception: §6 counts an absent delete target as performed
            // and puts the backup back, so the pre-image reappears — spec behaviour, not I05's)
            if (writer !== "hardlink" && writer !== "delete") expect(idOf(T)).toBe(writerBytes);
          }
          if (writer === "symlink" && touched)
            expect(fs.readFileSync(path.join(out, "victim"), "utf8")).toBe("outside");
        },
      ),
      { numRuns: RUNS(40) },
    );
  }, 300_000);
});

describe("I12 recovery before write", () => {
  it("I12 an interrupted journal (random plan killed at a random call) → the next fs apply finishes recovery before its first staging write, or, when recovery fails, refuses without staging", async () => {
    await fc.assert(
      fc.asyncProperty(
        planArb,
        fc.integer({ min: 1, max: 120 }),
        fc.option(fc.nat(30), { nil: undefined }),
        async (items, k, failAt) => {
          const plan = buildPlan(items, "first");
          const { root } = tmpRoot();
          plant(root, plan);
          const f = await runFrozen(k, "after", () => runApply(plan.bundle, root), { fastFsync: true });
          if (!f.froze) return;
          buryFrozen(root);
          const pending = (await listJournals(root)).filter(
            (e) => e.journal && ["staged", "committing", "rolling-back"].includes(e.journal.phase),
          );
          const second = buildPlan(
            [{ path: "z/new.txt", op: "create", pre: "", post: "second", exec: false }],
            "second",
          );
          const hex2 = hexOf(second.bundle);
          const staging2 = axiomPath(root, "staging", hex2);
          const journal1 = axiomPath(root, "journal", `${hexOf(plan.bundle)}.json`);
          // optionally make one mutating call of the recovery fail (EIO, not retried): only calls
          // on the interrupted digest's journal, staging, backups or the tree, before the new
          // digest's first staging call
          const hex1 = hexOf(plan.bundle);
          const ownedByFirst = (p: string) =>
            isUnder(p, axiomPath(root, "staging", hex1)) ||
            isUnder(p, axiomPath(root, "backup", hex1)) ||
            p.startsWith(journal1) ||
            inTree(root, p);
          let recovering = true;
          const h = harness(
            failAt === undefined || pending.length === 0
              ? []
              : [
                  {
                    nth: failAt + 1,
                    errno: "EIO",
                    pathMatch: (p, c) => {
                      if (isUnder(p, staging2)) recovering = false;
                      return recovering && c.mutating && ownedByFirst(p);
                    },
                  },
                ],
            { keepText: true, fastFsync: true },
          );
          let r: Awaited<ReturnType<typeof runApply>>;
          try {
            r = await runApply(second.bundle, root, { lockTimeoutMs: 15_000 });
          } finally {
            h.restore();
          }
          const calls = h.calls;
          const firstStage = calls.findIndex((c) => c.mutating && isUnder(c.path, staging2));
          // the interrupted journal's last change (its terminal write, or its removal for `staged`)
          const lastRecovery = calls
            .map((c) => c.mutating && (c.to === journal1 || c.path === journal1))
            .lastIndexOf(true);
          const stillPending = (await listJournals(root)).some(
            (e) => e.journal && ["staged", "committing", "rolling-back"].includes(e.journal.phase),
          );
          if (stillPending) expect(r.status).toBe("failed");
          if (r.status === "failed") {
            // recovery could not finish: refused, and nothing was staged or written for the new digest
            expect(h.injected).toBe(1);
            expect(firstStage).toBe(-1);
            expect(exists(path.join(root, "z", "new.txt"))).toBe(false);
          } else {
            expect(r.status, JSON.stringify(r.error)).toBe("applied");
            expect(stillPending).toBe(false);
            if (pending.length > 0) expect(lastRecovery).toBeLessThan(firstStage);
          }
        },
      ),
      { numRuns: RUNS(30) },
    );
  }, 300_000);

  it("I12 a corrupt journal present (random corruption) → left byte-for-byte untouched, the fs apply refused with ERR_JOURNAL_CORRUPT, nothing staged or written", async () => {
    const corruptions = fc.constantFrom(
      "truncate",
      "garbage",
      "wrong-digest",
      "foreign-backup",
      "bad-phase",
      "bad-path",
    );
    await fc.assert(
      fc.asyncProperty(planArb, corruptions, fc.integer({ min: 1, max: 200 }), async (items, how, cut) => {
        const plan = buildPlan(items, "first");
        const { root } = tmpRoot();
        plant(root, plan);
        const hex = hexOf(plan.bundle);
        const f = await runFrozen(200, "after", () => runApply(plan.bundle, root), { fastFsync: true });
        if (f.froze) buryFrozen(root);
        const file = axiomPath(root, "journal", `${hex}.json`);
        const j: Json = {
          manifestDigest: plan.bundle.manifestDigest,
          phase: "committing",
          steps: plan.paths.map((p) => ({ path: p, op: "overwrite", done: true })),
          startedAt: new Date().toISOString(),
          pid: 4194305,
        };
        let text = JSON.stringify(j);
        if (how === "truncate") text = text.slice(0, Math.min(cut, text.length - 1));
        else if (how === "garbage") text = `\u0000${"{".repeat(cut % 7)}not json`;
        else if (how === "wrong-digest") text = JSON.stringify({ ...j, manifestDigest: `sha256:${"e".repeat(64)}` });
        else if (how === "foreign-backup")
          text = JSON.stringify({ ...j, steps: [{ ...j.steps[0], backup: "../out/x" }, ...j.steps.slice(1)] });
        else if (how === "bad-phase") text = JSON.stringify({ ...j, phase: "half-done" });
        else text = JSON.stringify({ ...j, steps: [{ path: "../escape", op: "delete", done: false }] });
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, text);
        const before = fullSnapshot(root);
        const second = buildPlan([{ path: "z/new.txt", op: "create", pre: "", post: "second", exec: false }], "second");
        const r = await runApply(second.bundle, root, { lockTimeoutMs: 15_000 });
        expect(r.status).toBe("failed");
        expect(r.error?.code).toBe("ERR_JOURNAL_CORRUPT");
        expect(fs.readFileSync(file, "utf8")).toBe(text);
        const after = fullSnapshot(root);
        for (const [p, v] of Object.entries(before)) if (!p.startsWith(".axiom/")) expect(after[p], p).toBe(v);
        expect(exists(path.join(root, "z", "new.txt"))).toBe(false);
        expect(exists(axiomPath(root, "staging", hexOf(second.bundle)))).toBe(false);
      }),
      { numRuns: RUNS(20) },
    );
  }, 300_000);
});

describe("I14 scoped rollback", () => {
  type Drift = "none" | "edit" | "delete" | "create";
  it("I14 random rollbacks with random drift → drift on a journal path refuses with ERR_PREIMAGE_CHANGED and changes nothing; otherwise only the journal's paths change (back to pre)", async () => {
    await fc.assert(
      fc.asyncProperty(
        planArb,
        fc.array(fc.record({ at: fc.nat(), how: fc.constantFrom<Drift>("none", "edit", "delete", "create") }), {
          maxLength: 3,
        }),
        fc.array(fc.constantFrom(...Object.keys(UNRELATED), "new/other.txt"), { maxLength: 3 }),
        async (items, drifts, unrelatedEdits) => {
          const plan = buildPlan(items);
          const { root, out } = tmpRoot();
          plant(root, plan);
          const pre = pathsState(root, plan.paths);
          expect((await runApply(plan.bundle, root)).status).toBe("applied");
          const post = pathsState(root, plan.paths);
          for (const d of drifts) {
            const rel = plan.paths[d.at % plan.paths.length] as string;
            const T = path.join(root, rel);
            if (d.how === "edit" && fs.existsSync(T)) fs.appendFileSync(T, "drift");
            else if (d.how === "delete" && fs.existsSync(T)) fs.unlinkSync(T);
            else if (d.how === "create" && !fs.existsSync(T)) {
              fs.mkdirSync(path.dirname(T), { recursive: true });
              fs.writeFileSync(T, "appeared");
            }
          }
          // Drift is a difference from the post-state: "create" then "delete" of one path is none.
          const drifted = !isDeepStrictEqual(pathsState(root, plan.paths), post);
          for (const u of unrelatedEdits) {
            fs.mkdirSync(path.dirname(path.join(root, u)), { recursive: true });
            fs.appendFileSync(path.join(root, u), "later edit");
          }
          fs.writeFileSync(path.join(out, "sibling"), "outside");
          const before = fullSnapshot(path.dirname(root));
          const h = harness([], { fastFsync: true });
          let err: { code?: string } | undefined;
          try {
            await rollback(root, plan.bundle.manifestDigest);
          } catch (e) {
            err = e as { code?: string };
          } finally {
            h.restore();
          }
          const after = fullSnapshot(path.dirname(root));
          if (drifted) {
            expect(err?.code).toBe("ERR_PREIMAGE_CHANGED");
            for (const [p, v] of Object.entries(before)) if (!p.startsWith("R/.axiom/")) expect(after[p], p).toBe(v);
            expect(h.calls.filter((c) => c.mutating && inTree(root, c.to ?? c.path))).toEqual([]);
            return;
          }
          expect(err).toBeUndefined();
          expect(pathsState(root, plan.paths)).toEqual(pre);
          // nothing outside the journal's paths (and their directories) changed
          const allowed = (rel: string) => plan.paths.some((p) => rel === `R/${p}`) || rel.startsWith("R/.axiom/");
          for (const p of new Set([...Object.keys(before), ...Object.keys(after)]))
            if (!allowed(p)) expect(after[p], p).toBe(before[p]);
          for (const c of h.calls.filter((x) => x.mutating && x.op !== "fsync" && x.op !== "mkdir")) {
            for (const p of [c.path, c.to]) {
              if (!inTree(root, p)) continue;
              const rel = path
                .relative(root, p as string)
                .split(path.sep)
                .join("/");
              // SEC-35: a rollback removes (when empty) only directories above a journal path
              if (c.op === "rmdir")
                expect(
                  plan.paths.some((q) => q.startsWith(`${rel}/`)),
                  `rmdir ${rel}`,
                ).toBe(true);
              else expect(plan.paths, `${c.op} ${rel}`).toContain(rel);
            }
          }
        },
      ),
      { numRuns: RUNS(25) },
    );
  }, 300_000);
});

describe("I23 journal containment", () => {
  const hostile = fc.constantFrom(
    "../out/x",
    "/etc/hostname",
    "link/x",
    "link/y.txt",
    ".axiom/lock",
    "a/../../out/x",
    "ok.txt",
    "sub/ok.txt",
    "C:/x",
    "a\\..\\..\\out\\x",
  );
  it("I23 random planted journals (hostile paths, symlinked ancestors, foreign backups, any phase) → no action outside R, no backup read outside .axiom/backup/<hex>/, the sibling out/ byte-equal", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            path: hostile,
            op: fc.constantFrom("create", "overwrite", "delete"),
            done: fc.boolean(),
            backup: fc.constantFrom("none", "own", "foreign"),
          }),
          { minLength: 1, maxLength: 4 },
        ),
        fc.constantFrom("staged", "committing", "committed", "rolling-back", "rolled-back"),
        fc.boolean(),
        fc.constantFrom("apply", "rollback"),
        async (steps, phase, plantBackups, via) => {
          const { root, out, parent } = tmpRoot();
          fs.writeFileSync(path.join(out, "x"), "outside x");
          fs.writeFileSync(path.join(out, "y.txt"), "outside y");
          fs.symlinkSync(out, path.join(root, "link"));
          fs.writeFileSync(path.join(root, "ok.txt"), "ok");
          const hex = "c".repeat(64);
          const j = {
            manifestDigest: `sha256:${hex}`,
            phase,
            steps: steps.map((s) => ({
              path: s.path,
              op: s.op,
              done: s.done,
              ...(s.backup === "own" ? { backup: `.axiom/backup/${hex}/${s.path}` } : {}),
              ...(s.backup === "foreign" ? { backup: `../out/x` } : {}),
            })),
            startedAt: new Date().toISOString(),
            pid: 4194305,
          };
          const jfile = axiomPath(root, "journal", `${hex}.json`);
          fs.mkdirSync(path.dirname(jfile), { recursive: true });
          fs.writeFileSync(jfile, JSON.stringify(j));
          if (plantBackups) {
            // a backup dir that is itself a link out of the root, and a real one
            fs.mkdirSync(axiomPath(root, "backup", hex), { recursive: true });
            fs.symlinkSync(out, axiomPath(root, "backup", hex, "link"));
            fs.writeFileSync(axiomPath(root, "backup", hex, "ok.txt"), "backup of ok");
          }
          const outBefore = fullSnapshot(out);
          const h = harness([], { fastFsync: true });
          try {
            if (via === "apply") {
              const other = buildPlan([{ path: "z.txt", op: "create", pre: "", post: "z", exec: false }], "other");
              await runApply(other.bundle, root, { lockTimeoutMs: 15_000 });
            } else await rollback(root, `sha256:${hex}`, { force: true }).catch(() => undefined);
          } finally {
            h.restore();
          }
          expect(fullSnapshot(out)).toEqual(outBefore);
          const backupDir = axiomPath(root, "backup", hex);
          for (const c of h.calls) {
            for (const p of [c.path, c.to]) {
              if (p === undefined || p.startsWith("fd:")) continue;
              if (c.mutating) expect(isUnder(p, root), `${c.op} ${p}`).toBe(true);
              // nothing is opened, read or linked through the planted link
              expect(isUnder(p, path.join(root, "link")) && c.op !== "lstat", `${c.op} ${p}`).toBe(false);
            }
            const readsBackup =
              (c.op === "open" || c.op === "readFile" || c.op === "rename" || c.op === "link") &&
              isUnder(c.path, axiomPath(root, "backup"));
            if (readsBackup && c.path !== backupDir) expect(isUnder(c.path, backupDir), `${c.op} ${c.path}`).toBe(true);
            if (readsBackup) expect(isUnder(c.path, path.join(backupDir, "link")), `${c.op} ${c.path}`).toBe(false);
          }
          expect(fs.readlinkSync(path.join(root, "link"))).toBe(out);
          expect(fs.existsSync(path.join(parent, "R", "..", "out", "x"))).toBe(true);
        },
      ),
      {
        numRuns: RUNS(60),
        // Found by this property (seed 1571429572): recovery removed out/y.txt through a link
        // planted inside the backup set; always replayed first.
        examples: [
          [
            [
              { path: "link/y.txt", op: "delete", done: false, backup: "none" },
              { path: "ok.txt", op: "create", done: false, backup: "none" },
            ],
            "committing",
            true,
            "apply",
          ],
        ],
      },
    );
  }, 300_000);
});
