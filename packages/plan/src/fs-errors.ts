// Mapping of Node fs failures to AXIOM errors: only the "not there" family is expected; anything
// else is an invariant violation at this layer (ERR_INTERNAL, fail-closed).
import { type AxiomError, axiomError, isAxiomError } from "@codai/axiom-schema";

export function isMissing(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

export function errnoCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : undefined;
}

export function internal(err: unknown, what: string): AxiomError {
  if (isAxiomError(err)) return err;
  const message = err instanceof Error ? err.message : String(err);
  return axiomError("ERR_INTERNAL", {
    message: `${what}: ${message}`,
    details: { errno: errnoCode(err) ?? null },
    cause: err,
  });
}
