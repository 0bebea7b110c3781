// `axiom mcp` (cli.md §7.1, mcp.md §1): flag checks happen here (usage errors, exit 2); the server
// itself lives in lazy chunks (stdio: stdio-front, which loads mcp-lazy; --http: http-lazy), so the
// SDK never loads for any other verb.
import { isAbsolute } from "node:path";
import { booleanFlag, enumFlag, listFlag, stringFlag } from "../args";
import { httpFlags, parseToolsetFlag } from "../mcp-flags";
import { serverRootArgs } from "../roots";
import { UsageError, type VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  // Start-up order (mcp.md §1): --log-level → --wire → --tools → roots → guards → emitters.
  const logLevel = enumFlag(values, "log-level", ["error", "warn", "info", "debug"] as const) ?? "warn";
  const wire = enumFlag(values, "wire", ["2026", "2025", "2026-only"] as const) ?? "2026";
  const toolset = parseToolsetFlag(stringFlag(values, "tools"));
  const guardAllowlist = listFlag(values, "guard-allowlist");
  for (const entry of guardAllowlist) {
    if (!isAbsolute(entry)) throw new UsageError(`--guard-allowlist expects an absolute path, got "${entry}"`);
  }
  const http = httpFlags(stringFlag(values, "http"), stringFlag(values, "http-token-env"));
  const config = {
    roots: serverRootArgs(listFlag(values, "root"), cwd),
    toolset,
    wire,
    logLevel,
    profile: stringFlag(values, "profile"),
    allowProfiles: listFlag(values, "allow-profile"),
    allowGuards: booleanFlag(values, "allow-guards"),
    guardAllowlist,
    requireHuman: booleanFlag(values, "require-human"),
    loadEmitters: async () => {
      const specs = listFlag(values, "emitter");
      if (specs.length === 0) return undefined;
      // The emitter loader brings the plan package: loaded only when --emitter is given (SHIP-8).
      const { loadEmitters } = await import("../load-emitters");
      return loadEmitters(specs, cwd);
    },
  };
  if (http) {
    // node:http and the transport load only here (mcp.md §2 lazy chunks).
    const { runMcpHttp } = await import("../../entries/http");
    await runMcpHttp({ ...config, ...http });
    return;
  }
  // The stdio front answers the opening before the SDK has loaded (decisions SHIP-9).
  const { runMcpStdio } = await import("../../transports/stdio/front");
  await runMcpStdio(config);
}
