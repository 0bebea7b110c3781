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
  /**
   * Legacy copies of the registry's flag facts, no longer read: the registry (./verbs.ts) is the one
   * source; test/cli-registry.test.ts fails while a copy disagrees with it.
   */
  options?: FlagTable;
  positionals?: { min: number; max: number };
  integers?: Record<string, { min: number; max: number }>;
  help?: boolean;
  run(ctx: VerbContext): Promise<void>;
}

/**
 * A usage error (cli.md §2): ERR_USAGE, exit 2, printed by the dispatcher with the verb's usage line
 * and `see: axiom help <verb>`. `details` carries what a script may need (the flag, suggestions).
 */
export class UsageError extends Error {
  override readonly name = "UsageError";
  constructor(
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}
