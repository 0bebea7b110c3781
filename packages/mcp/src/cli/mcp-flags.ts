// `--tools core|full` as a usage error (cli.md §7.1); parseToolset itself throws ERR_INTERNAL
// (mcp.md §4.2) and lives in server.ts, which this SDK-free module must not import.
import { UsageError } from "./verb";

export function parseToolsetFlag(value: string | undefined): "core" | "full" {
  if (value === undefined) return "core";
  if (value === "core" || value === "full") return value;
  throw new UsageError("--tools must be one of core|full");
}

/**
 * `--http <spec>` and `--http-token-env <NAME>` (cli.md §7.1): the token variable without --http is a
 * usage error, so an operator never believes a stdio server is token-protected. The spec itself is
 * validated at transport start-up (ERR_INTERNAL, mcp.md §11.2).
 */
export function httpFlags(
  http: string | undefined,
  tokenEnv: string | undefined,
): { http: string; tokenEnv: string } | undefined {
  if (http === undefined) {
    if (tokenEnv !== undefined) throw new UsageError("--http-token-env is only valid with --http");
    return undefined;
  }
  if (tokenEnv !== undefined && tokenEnv.trim() === "")
    throw new UsageError("--http-token-env expects a variable name");
  return { http, tokenEnv: tokenEnv ?? "AXIOM_HTTP_TOKEN" };
}
