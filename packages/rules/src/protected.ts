// Protected paths (checks.md §6.2 "H", decision D24; hooks-doctor.md §2.9): the files an agent could
// edit to approve itself. One list: the default check profile's harnessConfig.* checks and the
// gate's built-in deny list both derive from it, so the gate (no zod, §2.14) needs no copy kept
// equal by a test. Match it with nocase: true (checks.md §3), as both consumers do.
import { AXIOM_GLOB } from "./axiom-dir";

/** D24: harness and AXIOM configuration, in the spec's order. */
export const PROTECTED_HARNESS_PATHS = [
  ".claude/settings.json",
  ".claude/settings.local.json",
  ".vscode/settings.json",
  ".vscode/mcp.json",
  ".mcp.json",
  ".cursor/**",
  ".github/hooks/**",
  AXIOM_GLOB,
] as const;
