// expectCode: the one assertion for "this fails with that code" (tests branch on codes, never on
// messages). It awaits a promise, or calls a function, and fails the test unless the outcome is a
// throw or rejection of an AxiomError (schema's isAxiomError: the class, or its name with a known
// code) carrying `code` (and, when given, `details` as a subset). Returns the error so a test can go
// on to assert `path` or other details. The one copy: the packages' own test helpers had two more.
import { type ErrorCode, isAxiomError } from "@codai/axiom-schema";
import { expect } from "vitest";

export interface CodedError {
  code: ErrorCode;
  message: string;
  path?: string;
  details?: Record<string, unknown>;
}

async function outcome(subject: Promise<unknown> | (() => unknown)): Promise<{ threw: boolean; value: unknown }> {
  try {
    return { threw: false, value: await (typeof subject === "function" ? subject() : subject) };
  } catch (err) {
    return { threw: true, value: err };
  }
}

export async function expectCode(
  subject: Promise<unknown> | (() => unknown),
  code: ErrorCode,
  details?: Record<string, unknown>,
): Promise<CodedError> {
  const { threw, value } = await outcome(subject);
  if (!threw) expect.fail(`expected a failure with ${code}, but it succeeded with ${JSON.stringify(value)}`);
  const err = value as Partial<CodedError> | null;
  if (typeof err?.code !== "string") expect.fail(`expected ${code}, got a throw without a code: ${String(value)}`);
  expect(err.code, err.message).toBe(code);
  if (!isAxiomError(value))
    expect.fail(`expected an AxiomError with ${code}, got another throw with that code: ${String(value)}`);
  if (details !== undefined) expect(err.details).toMatchObject(details);
  return err as CodedError;
}
