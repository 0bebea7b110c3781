// Repository-state checks of doctor (hooks-doctor.md §4.2): lock, journal, chain, profiles, the
// gate profile and .gitignore. All read-only (statusDocument never takes the lock nor recovers).
import { readdir } from "node:fs/promises";
import { statusDocument } from "@codai/axiom-apply";
import { loadProfile } from "@codai/axiom-checks";
import { isAxiomError } from "@codai/axiom-schema";
import { AXIOM_DIR, AXIOM_REL, layout } from "@codai/axiom-store/layout";
import { readGateProfile } from "../gate/profile";
import { GITIGNORE_LINES } from "../init/content";
import { gitIgnoreJudge } from "./git-ignore";
import type { DoctorCheck } from "./types";

export async function lockJournalChainChecks(root: string): Promise<DoctorCheck[]> {
  const doc = await statusDocument(root);
  const out: DoctorCheck[] = [];
  const h = doc.lock.holder;
  if (!doc.lock.held) out.push({ id: "lock", status: "ok", message: "free" });
  else if (h && !h.stale) out.push({ id: "lock", status: "ok", message: `held by live pid ${h.pid}` });
  else
    out.push({
      id: "lock",
      status: "warn",
      message: h ? `stale holder pid ${h.pid}` : "held by an unreadable holder",
      hint: "the next apply reclaims it; see axiom status",
    });
  if (doc.interrupted.length > 0 || doc.corrupt.length > 0) {
    const parts: string[] = [];
    if (doc.interrupted.length > 0)
      parts.push(`interrupted: ${doc.interrupted.map((j) => `${j.manifestDigest} (${j.phase})`).join(", ")}`);
    if (doc.corrupt.length > 0) parts.push(`corrupt journal files: ${doc.corrupt.join(", ")}`);
    const first = doc.interrupted[0];
    out.push({
      id: "journal",
      status: "fail",
      message: parts.join("; "),
      hint: first
        ? `axiom rollback ${first.manifestDigest} --root ${root} (the next apply also recovers)`
        : "inspect or remove the corrupt files under .axiom/journal/",
    });
  } else out.push({ id: "journal", status: "ok", message: "no interrupted journal" });
  const bad = doc.chain.firstBad;
  out.push(
    bad
      ? {
          id: "chain",
          status: "fail",
          message: `ERR_JOURNAL_CHAIN at #${bad.seq} (${bad.reason})`,
          hint: `axiom verify --journal --root ${root}`,
        }
      : { id: "chain", status: "ok", message: "the journal hash chain is intact" },
  );
  return out;
}

/** The repo profile names under .axiom/profiles/, sorted. */
export async function repoProfileNames(root: string): Promise<string[]> {
  try {
    return (await readdir(layout.profilesDir(root)))
      .filter((n) => n.endsWith(".json"))
      .map((n) => n.slice(0, -5))
      .sort();
  } catch {
    return [];
  }
}

/**
 * `profile.<name>`: the file loads, and — separately — whether any server entry puts it in force
 * (passes `--profile <name>`); a profile that merely loads is not the policy of any write.
 */
export async function profileChecks(root: string, inForce: Map<string, string[]>): Promise<DoctorCheck[]> {
  const dir = layout.profilesDir(root);
  const names = await repoProfileNames(root);
  if (names.length === 0) {
    return [
      {
        id: "profile",
        status: "warn",
        message: "no repository profile: the built-in `default` applies",
        hint: "axiom init",
      },
    ];
  }
  const out: DoctorCheck[] = [];
  for (const name of names) {
    try {
      const p = await loadProfile(name, { searchDirs: [dir] });
      const users = inForce.get(name) ?? [];
      const where =
        users.length > 0
          ? `in force for ${users.join(", ")}`
          : `not in force: no server entry passes --profile ${name}`;
      out.push({ id: `profile.${name}`, status: "ok", message: `valid (${p.checks.length} checks); ${where}` });
    } catch (err) {
      const code = isAxiomError(err) ? err.code : "ERR_INVALID_PROFILE";
      const why = err instanceof Error ? err.message : String(err);
      out.push({
        id: `profile.${name}`,
        status: "fail",
        message: `${code}: ${why}`,
        hint: `fix .axiom/profiles/${name}.json`,
      });
    }
  }
  return out;
}

export async function gateProfileCheck(root: string): Promise<DoctorCheck[]> {
  const r = await readGateProfile(layout.gateProfile(root));
  if (r.kind === "absent") return [];
  if (r.kind === "ok") return [{ id: "gate.profile", status: "ok", message: `${AXIOM_REL.gateProfile} is valid` }];
  return [
    {
      id: "gate.profile",
      status: "fail",
      message: `${r.why}: the gate denies every write (fail-closed)`,
      hint: "fix .axiom/gate-profile.json or re-create it with axiom init --force",
    },
  ];
}

/** AXIOM's state that must stay out of git: the journal, the backups of overwritten files, the CAS. */
const STATE_DIRS = ["journal", "backup", "cas"].map((d) => `${AXIOM_DIR}/${d}`);

/**
 * Judges what git does (git-ignore.ts), so `.axiom/.gitignore` — written by the store on the first
 * write — counts as much as a root rule (CLI-R3).
 */
export async function gitignoreCheck(root: string): Promise<DoctorCheck> {
  const judge = await gitIgnoreJudge(root);
  const sources = new Set<string>();
  const exposed: string[] = [];
  for (const dir of STATE_DIRS) {
    const by = await judge.ignoredBy(dir, true);
    if (by === undefined) exposed.push(`${dir}/`);
    else sources.add(by);
  }
  if (exposed.length === 0)
    return { id: "gitignore", status: "ok", message: `${AXIOM_DIR}/ is ignored by git (${[...sources].join(", ")})` };
  return {
    id: "gitignore",
    status: "warn",
    message: `git does not ignore ${exposed.join(", ")}: AXIOM's journal and backups would show in git status`,
    hint: `run axiom init, or add to .gitignore: ${GITIGNORE_LINES.join(", ")}`,
  };
}
