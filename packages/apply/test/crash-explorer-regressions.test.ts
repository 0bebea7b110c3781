// Named regressions of the crash explorer (issue 23): each crash state the explorer found torn,
// lost or unreadable on the code before its fix, re-run at the boundaries where it was found
// (decisions APL-20 and after). A test fails with the state and the violation, e.g.
// "strict @69 (after #68 rename …/c.sh → src/deep/c.sh): lost mkdir .axiom/journal → journal lost".
import { describe, expect, it } from "vitest";
import { registerIntent } from "../src/intents";
import { TORN_MUTEX } from "./explorer/bookkeeping";
import {
  coveredBefore,
  eachRebootedState,
  findingsAt,
  harmsAt,
  indexOf,
  lines,
  range,
  recorded,
} from "./explorer/regression";

const T = 120_000;
/** Violations about the tree and the journal (other findings have tests of their own). */
const TREE = /^(journal|tree|the next apply (is|did)|a rollback|recovery)/;

describe("crash explorer regressions (power cuts the SIGKILL suites cannot make)", () => {
  it(
    "APL-20 power cut after a create-only first apply renamed its targets (strict POSIX): `.axiom/journal` is durable in `.axiom/` before the first rename, so no state keeps the targets and loses the journal",
    async () => {
      const { s, log } = await recorded("create-first");
      const mkJournal = indexOf(log, (l) => l === "mkdir .axiom/journal");
      const mkAxiom = indexOf(log, (l) => l === "mkdir .axiom");
      const firstRename = indexOf(log, (l) => l.startsWith("rename .axiom/staging/") && l.endsWith("→ a.txt"));
      expect(coveredBefore(log, mkJournal, firstRename), "journal/ fsynced into .axiom/ before a target changes").toBe(
        true,
      );
      expect(coveredBefore(log, mkAxiom, firstRename), ".axiom/ fsynced into the root before a target changes").toBe(
        true,
      );
      const after = range(
        firstRename + 1,
        indexOf(log, (l) => l.startsWith("rename .axiom/journal/"), firstRename) + 1,
      );
      expect(lines(await findingsAt(s, log, ["strict"], after), TREE)).toEqual([]);
    },
    T,
  );

  it(
    "APL-20 power cut after a confirm whose preview made `.axiom/` (strict POSIX): `.axiom/` is durable in the root before the first target rename, though no durable write created it",
    async () => {
      const { s, log } = await recorded("create-after-preview");
      const mkAxiom = indexOf(log, (l) => l === "mkdir .axiom");
      const firstRename = indexOf(log, (l) => l.startsWith("rename .axiom/staging/") && l.endsWith("→ src/x.txt"));
      expect(coveredBefore(log, mkAxiom, firstRename), ".axiom/ fsynced into the root before a target changes").toBe(
        true,
      );
      const after = range(
        firstRename + 1,
        indexOf(log, (l) => l.startsWith("rename .axiom/journal/"), firstRename) + 1,
      );
      expect(lines(await findingsAt(s, log, ["strict"], after), TREE)).toEqual([]);
    },
    T,
  );

  it(
    "APL-20 power cut after a mixed first apply linked its backup (strict POSIX): the journal cannot be lost while the backup link survives (the next apply would refuse the target as hard-linked)",
    async () => {
      const { s, log } = await recorded("mixed");
      const link = indexOf(log, (l) => l.startsWith("link g.txt ⇒ .axiom/backup/"));
      expect(
        coveredBefore(
          log,
          indexOf(log, (l) => l === "mkdir .axiom/journal"),
          link,
        ),
      ).toBe(true);
      expect(lines(await findingsAt(s, log, ["strict"], [link + 1, link + 2]), TREE)).toEqual([]);
    },
    T,
  );

  it(
    "APL-21 power cut after the pre-apply checks stored their report (ordered metadata: the rename persisted, the data did not) → `reports/<hex>.json` is whole or absent, and `axiom://report/<sha>` never serves an empty file",
    async () => {
      const { log } = await recorded("delete");
      const rename = indexOf(log, (l) => l.startsWith("rename .axiom/reports/"));
      expect(harmsAt(log, ["ordered", "strict"], range(rename + 1, log.ops.length + 1), /torn report/)).toEqual([]);
    },
    T,
  );

  it(
    "SPEED-22 power cut while the lock is being taken (its name on disk, its unsynced record not) → such states exist, and in each the next apply, after the reboot the cut implies, takes the lock at once instead of waiting out the 10 s corrupt-lock grace",
    async () => {
      const { s, log } = await recorded("create-first");
      const first = indexOf(log, (l) => l.includes(".axiom/lock"));
      const lockNamed = indexOf(log, (l) => l.startsWith("link ") && l.endsWith("⇒ .axiom/lock"), first);
      const window = range(lockNamed + 1, lockNamed + 4);
      expect(harmsAt(log, ["ordered", "strict"], window, /^torn lock/).length).toBeGreaterThan(0);
      expect(lines(await findingsAt(s, log, ["ordered", "strict"], window))).toEqual([]);
    },
    T,
  );

  it(
    "SPEED-22 power cut inside the intent registry (`.mutex` named, its unsynced record not on disk) → such states exist, and in each an intent registers at once after the reboot (a 1 s registry timeout, inside the 10 s reclaim)",
    async () => {
      const { log } = await recorded("create-first");
      const first = indexOf(log, (l) => l.includes("intents/.mutex"));
      const named = indexOf(log, (l) => l.startsWith("link ") && l.endsWith("⇒ .axiom/intents/.mutex"), first);
      const torn: string[] = [];
      await eachRebootedState(log, ["ordered", "strict"], range(named + 1, named + 4), async (root, label, marks) => {
        if (!marks.some((m) => m.startsWith(TORN_MUTEX))) return;
        torn.push(label);
        const h = await registerIntent(root, `sha256:${"7".repeat(64)}`, ["unrelated.txt"], { mutexTimeoutMs: 1_000 });
        await h.release();
      });
      expect(torn.length).toBeGreaterThan(0);
    },
    T,
  );

  it(
    "APL-23 power cut after the first trust advance (both models) → `trust/state.json` never survives without `trust/state.key` (ERR_TRUST_STATE_CORRUPT), and once the apply returned the advance is durable",
    async () => {
      const { s, log } = await recorded("overwrite");
      const key = indexOf(log, (l) => l.startsWith("create .axiom/trust/state.key"));
      expect(lines(await findingsAt(s, log, ["ordered", "strict"], range(key, log.ops.length + 1)), /trust/)).toEqual(
        [],
      );
    },
    T,
  );

  it(
    "APL-24 power cut while a manual rollback writes its journal (the temp file named) → the manual rollback that recovers it leaves no `journal/*.tmp-*` and no `applied/*.tmp-*`",
    async () => {
      const { s, log } = await recorded("rollback");
      const temps = log.ops.filter(
        (o) => o.kind === "dir" && o.what === "create" && /^\.axiom\/(journal|applied)\//.test(o.label),
      );
      expect(temps.length).toBeGreaterThan(0);
      const at = temps.flatMap((o) => [o.seq + 1, o.seq + 2]);
      expect(lines(await findingsAt(s, log, ["ordered", "strict"], at), /manual rollback left/)).toEqual([]);
    },
    T,
  );

  it(
    "APL-25 power cut during a chain append that crosses a 4 KiB block (the line cut at the block) → recovery truncates the torn tail, the chain verifies and the commit's entry is appended again",
    async () => {
      const { s, log } = await recorded("overwrite");
      const write = indexOf(log, (l) => l === "data write .axiom/journal/chain.jsonl");
      expect(lines(await findingsAt(s, log, ["ordered", "strict"], [write + 1]), /chain/)).toEqual([]);
    },
    T,
  );
});
