// Guard command resolution (checks.md §7.3). Every failure is a reason string the predicate turns
// into an ERR_PREDICATE_PARAMS provider failure with `facts.command`.
import { realpath } from "node:fs/promises";
import { extname, isAbsolute, join, sep } from "node:path";

export interface ResolvedCommand {
  /** argv[0] */
  file: string;
  args: string[];
}

const NODE_EXTS = new Set([".mjs", ".js", ".cjs"]);

async function realpathOrUndefined(path: string): Promise<string | undefined> {
  try {
    return await realpath(path);
  } catch {
    return undefined;
  }
}

function stripTrailingSeparators(p: string): string {
  return p.length > 1 ? p.replace(/[\\/]+$/, "") : p;
}

function samePath(a: string, b: string): boolean {
  return process.platform === "win32" ? a.toLowerCase() === b.toLowerCase() : a === b;
}

export async function resolveGuardCommand(
  command: string,
  args: readonly string[],
  opts: { root: string; allowlist: readonly string[] },
): Promise<ResolvedCommand | { error: string }> {
  const segments = command.split(/[\\/]/);
  if (segments.includes("..")) return { error: `guard command contains a ".." segment: ${command}` };
  const ext = extname(command).toLowerCase();
  const absolute = isAbsolute(command) || /^[A-Za-z]:[\\/]/.test(command);
  let file: string | undefined;
  if (absolute) {
    file = await realpathOrUndefined(command);
    if (file === undefined) return { error: `guard command not found: ${command}` };
    let allowed = false;
    for (const entry of opts.allowlist) {
      const real = await realpathOrUndefined(stripTrailingSeparators(entry));
      if (real !== undefined && samePath(stripTrailingSeparators(real), file)) allowed = true;
    }
    if (!allowed) return { error: `guard command is not in --guard-allowlist: ${command}` };
  } else {
    if (!NODE_EXTS.has(ext) && ext !== ".ps1")
      return { error: `a relative guard must be a .mjs, .js, .cjs or .ps1 file: ${command}` };
    const scriptsDir = await realpathOrUndefined(join(opts.root, "scripts"));
    if (scriptsDir === undefined) return { error: `no scripts directory under the root for guard ${command}` };
    const candidate = segments[0] === "scripts" ? join(opts.root, command) : join(opts.root, "scripts", command);
    file = await realpathOrUndefined(candidate);
    if (file === undefined) return { error: `guard command not found: ${command}` };
    if (!file.startsWith(scriptsDir + sep))
      return { error: `guard command resolves outside <root>/scripts: ${command}` };
  }
  if (NODE_EXTS.has(ext)) return { file: process.execPath, args: [file, ...args] };
  if (ext === ".ps1")
    return { file: "pwsh", args: ["-NoProfile", "-ExecutionPolicy", "Bypass", "-File", file, ...args] };
  return { file, args: [...args] };
}
