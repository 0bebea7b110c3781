// `--tools core|full` as a usage error (cli.md §7.1); parseToolset itself throws ERR_INTERNAL
// (mcp.md §4.2) and lives in server.ts, which this SDK-free module must not import.
import { UsageError } from "./verb";

export function parseToolsetFlag(value: string | undefined): "core" | "full" {
  if (value === undefined) return "core";
  if (value === "core" || value === "full") return value;
  throw new UsageError("--tools must be one of core|full");
}
