// The verb table: name → synopsis (the global help lists these lines, cli.md §7.0) and a lazy
// loader, so a verb's code is imported only when it runs.
import type { VerbModule } from "./verb";

export interface VerbEntry {
  synopsis: string;
  load(): Promise<VerbModule>;
}

// Each verb module registers here with its synopsis line from cli.md §7.0, in that table's order.
export const VERBS: Record<string, VerbEntry> = {};
