// The shape every CLI verb module exports (one module per verb under ./verbs/).
export interface VerbContext {
  /** Parsed flag values (util.parseArgs `values`). */
  values: Record<string, string | boolean | (string | boolean)[] | undefined>;
  positionals: string[];
  /** The process cwd; path arguments resolve against it. */
  cwd: string;
}

/** A verb module: its flags, arity and help live in the registry (./verbs.ts), the one source. */
export interface VerbModule {
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
