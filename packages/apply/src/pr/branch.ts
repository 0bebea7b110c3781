// Branch-name rules of PR mode (apply.md §15 step 2), checked without any process so a hostile
// name (leading dash, `$()`, newline) is refused before git ever runs (threats.md T25).
import { axiomError } from "@codai/axiom-schema";

const SHAPE = /^[A-Za-z0-9._/-]{1,120}$/;

/** The reason a branch name breaks the syntax rules, or undefined when it passes them. */
export function branchSyntaxProblem(name: string): string | undefined {
  if (!SHAPE.test(name)) return "only A-Z a-z 0-9 . _ / - allowed, 1..120 characters";
  if (name.includes("..")) return "contains ..";
  if (name.includes("//")) return "contains //";
  if (name.includes("@{")) return "contains @{";
  if (name.startsWith("-") || name.startsWith("/")) return "starts with - or /";
  if (name.endsWith("/") || name.endsWith(".") || name.endsWith(".lock")) return "ends with /, . or .lock";
  for (const seg of name.split("/")) {
    if (seg === "") return "empty segment";
    if (seg.startsWith(".")) return "a segment starts with .";
    if (seg.endsWith(".lock")) return "a segment ends with .lock";
  }
  return undefined;
}

export function assertBranchSyntax(name: string): void {
  const problem = branchSyntaxProblem(name);
  if (problem !== undefined) {
    throw axiomError("ERR_GIT_BRANCH_INVALID", {
      message: `invalid branch name: ${problem}`,
      details: { branch: name },
    });
  }
}

/** `axiom/<manifest.name>/<hex12>` (always valid: plan names are kebab-case). */
export function defaultBranch(name: string, hex: string): string {
  return `axiom/${name}/${hex.slice(0, 12)}`;
}

/** Line 1 `axiom: apply <name> (<hex12>)`, a blank line, the Manifest/Plan trailers, LF. */
export function defaultCommitMessage(name: string, manifestDigest: string, planDigest: string): string {
  return `axiom: apply ${name} (${manifestDigest.slice(7, 19)})\n\nManifest: ${manifestDigest}\nPlan: ${planDigest}\n`;
}
