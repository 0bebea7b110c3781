// The predicate registry (checks.md §4.1). Duplicate or malformed ids are an internal error.
import { axiomError, PredicateNameSchema } from "@codai/axiom-schema";
import type { PredicateDef } from "./types";

export class PredicateRegistry {
  private readonly defs = new Map<string, PredicateDef<unknown>>();

  register<P>(def: PredicateDef<P>): this {
    if (!PredicateNameSchema.safeParse(def.id).success) {
      throw axiomError("ERR_INTERNAL", { message: `invalid predicate id: ${def.id}`, details: { predicate: def.id } });
    }
    if (this.defs.has(def.id)) {
      throw axiomError("ERR_INTERNAL", {
        message: `predicate already registered: ${def.id}`,
        details: { predicate: def.id },
      });
    }
    this.defs.set(def.id, def as PredicateDef<unknown>);
    return this;
  }

  get(id: string): PredicateDef<unknown> | undefined {
    return this.defs.get(id);
  }

  has(id: string): boolean {
    return this.defs.has(id);
  }

  /** Registered ids in registration order. */
  ids(): string[] {
    return [...this.defs.keys()];
  }
}
