// Test helpers: catch an AxiomError (sync or async) and hand it back for code/details assertions.
import { type AxiomError, isAxiomError } from "@codai/axiom-schema";
import { expect } from "vitest";

export async function catchAxiom(run: () => unknown): Promise<AxiomError> {
  try {
    await run();
  } catch (err) {
    expect(isAxiomError(err), `expected an AxiomError, got ${String(err)}`).toBe(true);
    return err as AxiomError;
  }
  throw new Error("expected an AxiomError, nothing was thrown");
}

export async function expectCode(run: () => unknown, code: string): Promise<AxiomError> {
  const err = await catchAxiom(run);
  expect(err.code, JSON.stringify(err.toJSON?.() ?? err)).toBe(code);
  return err;
}
