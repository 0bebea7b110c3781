// Attaches the artifact path to an AxiomError raised by a shared helper (CAS, pre-image reader).
import { AxiomError, isAxiomError } from "@codai/axiom-schema";

export async function withPath<T>(path: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isAxiomError(err) && err.path === undefined) {
      throw new AxiomError(err.code, { message: err.message, path, details: err.details, cause: err });
    }
    throw err;
  }
}
