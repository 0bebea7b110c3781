// The shape every CLI verb module exports (one module per verb under ./verbs/).
import type { ParseArgsConfig } from "node:util";

export type FlagTable = NonNullable<ParseArgsConfig["options"]>;

export interface VerbContext {
  /** Parsed flag values (util.parseArgs `values`). */
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  /** The process cwd; path arguments resolve against it. */
  cwd: string;
}

export interface VerbModule {
  /** One flag table per verb: an unknown flag is a usage error even if another verb knows it. */
  options: FlagTable;
  /** Allowed positional count, inclusive. */
  positionals: { min: number; max: number };
  /** Single-value flags that must be integers in [min, max] (cli.md §2). */
  integers?: Record<string, { min: number; max: number }>;
  /** False for `gate`, which has no `--help` (cli.md §2); default true. */
  help?: boolean;
  run(ctx: VerbContext): Promise<void>;
}

/** A usage error: `error: <message>`, a blank line, the global help, exit 2. */
export class UsageError extends Error {
  override readonly name = "UsageError";
}
