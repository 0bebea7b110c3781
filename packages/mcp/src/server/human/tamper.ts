// Tamper evidence for the human step (issue 20 High 2, decisions SEC-8): a shell parser can still
// be walked around by a script file, so before every confirm the server runs the elicitation /
// auto-approve audit again (auditElicitationHooks, hooks-doctor.md §4.4) and compares it with the
// audit `axiom mcp` ran at start-up. A finding that was not there then (a harness setting that
// answers or skips the confirmation, or a settings file that can no longer be audited) refuses the
// write: ERR_CONFIRM_DIGEST_MISMATCH {reason: "harness-setting-appeared", audit, appeared}.
import { homedir } from "node:os";
import { auditElicitationHooks, type DoctorCheck } from "../../harness/elicit-audit";

/** One entry per finding: the audit joins a check's findings with "; " (hooks-doctor.md §4.4). */
function findingsOf(checks: readonly DoctorCheck[]): Set<string> {
  const out = new Set<string>();
  for (const c of checks) for (const part of c.message.split("; ")) out.add(`${c.id}\u0000${part}`);
  return out;
}

export interface AppearedSettings {
  /** The audit check id of the first new finding (`elicitation.autoAnswer` | `elicitation.autoApprove`). */
  audit: string;
  /** The new findings in the audit's words (`.claude/settings.json: hooks.Elicitation`, …). */
  appeared: string[];
}

/**
 * Per root (realpath): the audit's findings at start-up, as `<check id>\u0000<part>`. One object per
 * process (start-up records it; every server instance, one per HTTP session, compares with it).
 */
export class AuditBaselines {
  readonly #byRoot = new Map<string, Set<string>>();

  /** Start-up (transports/startup.ts): the audit of one allowlisted root becomes its baseline. */
  record(root: string, checks: readonly DoctorCheck[]): void {
    this.#byRoot.set(root, findingsOf(checks));
  }

  /**
   * The findings of a fresh audit that the start-up audit did not have, or undefined. A root with no
   * recorded baseline (an embedder that built the server without `axiom mcp`'s start-up) takes this
   * first audit as its baseline.
   */
  async appeared(root: string, home: string = homedir()): Promise<AppearedSettings | undefined> {
    const now = findingsOf(await auditElicitationHooks(root, home));
    const before = this.#byRoot.get(root);
    if (before === undefined) {
      this.#byRoot.set(root, now);
      return undefined;
    }
    const appeared = [...now].filter((f) => !before.has(f));
    if (appeared.length === 0) return undefined;
    const split = appeared.map((f) => f.split("\u0000") as [string, string]);
    return { audit: (split[0] as [string, string])[0], appeared: split.map(([, part]) => part) };
  }
}
