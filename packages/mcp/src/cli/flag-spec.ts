// The shape of one entry of the verb registry (./verbs.ts): what a verb does, how it is called, its
// flags with their meanings, and examples. The parser (./parse.ts), the help (./help.ts) and the
// generated CLI reference (docs/cli.md) all read these entries; nothing else lists a verb's flags.
import type { VerbModule } from "./verb";

export interface FlagSpec {
  type: "string" | "boolean";
  /** One-letter alias (`-o` for `--out`). */
  short?: string;
  /** Repeatable: the values arrive as an array, in command-line order. */
  multiple?: boolean;
  /** What the value is, shown as `--root <dir>`; string flags only. */
  value?: string;
  /** The flag's meaning, one sentence, for people. */
  help: string;
  /** The value used when the flag is absent, as a person would type it. */
  default?: string;
  /** A closed set of values; anything else is a usage error (with a did-you-mean). */
  choices?: readonly string[];
  /** An integer flag: digits only, within [min, max] (cli.md §2). */
  integer?: { min: number; max: number };
}

export interface VerbExample {
  command: string;
  /** What the example does, when the command alone does not say it. */
  note?: string;
}

export interface VerbSpec {
  /** One line: what the verb does. */
  summary: string;
  /** Where the global help lists the verb. */
  group: VerbGroup;
  /** Usage forms without the `usage:` prefix, each a short line (`[options]` stands for the rest). */
  usage: readonly string[];
  /** Allowed positional count, inclusive. */
  positionals: { min: number; max: number };
  flags: Readonly<Record<string, FlagSpec>>;
  examples: readonly VerbExample[];
  /** False for `gate`: a hook call never asks for help, so only a lone `axiom gate --help` does. */
  help?: boolean;
  load(): Promise<VerbModule>;
}

export const VERB_GROUPS = ["set up", "change files", "history", "inspect", "signing", "maintenance"] as const;
export type VerbGroup = (typeof VERB_GROUPS)[number];

/** Flags every verb (but `gate`) accepts; not repeated in each entry. */
export const GLOBAL_FLAGS: Readonly<Record<string, FlagSpec>> = {
  help: { type: "boolean", short: "h", help: "show this help" },
  version: { type: "boolean", short: "V", help: "print the version" },
};
