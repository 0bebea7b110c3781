// The Plan name of an axiom_write (issue 21): the caller's intent as a kebab name, so history
// says what each MCP write was ("fix-readme-typo") instead of one `agent-write` for all of them.
// The same intent always gives the same name: the preview and the confirm compile the same Plan.

/** PlanNameSchema's length limit (lowercase kebab, 1–64 characters). */
const NAME_MAX = 64;
const FALLBACK = "agent-write";

export function writePlanName(intent: string): string {
  const kebab = intent
    .normalize("NFKD")
    // The accents NFKD split off: "déjà" → "deja", not "de-ja".
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+/, "")
    .slice(0, NAME_MAX)
    .replace(/-+$/, "");
  return kebab === "" ? FALLBACK : kebab;
}
