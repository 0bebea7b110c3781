// Request pieces several use cases share. The front ends own where each value comes from: the CLI
// from its flags, the MCP server from its start-up flags and the call's arguments.

/** `--allow-guards` / `--guard-allowlist` (checks.md §7.1): process flags, never a tool argument. */
export interface GuardOptions {
  allowGuards: boolean;
  guardAllowlist: readonly string[];
}
