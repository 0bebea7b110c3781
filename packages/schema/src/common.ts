// Common scalars (formats.md §1). Schema issues that map to an AXIOM code carry it in
// `params.axiomCode`; `issuesFromZod` reads it back.
import { relPathIssues } from "@codai/axiom-rules";
import { z } from "zod";
import type { ErrorCode } from "./errors";

export const SHA256_HEX_RE = /^[a-f0-9]{64}$/;
export const DIGEST_REF_RE = /^sha256:[a-f0-9]{64}$/;

/** Adds a custom issue that carries an AXIOM code. */
export function codedIssue(
  ctx: { addIssue(issue: never): void },
  code: ErrorCode,
  message: string,
  extra: { path?: PropertyKey[]; params?: Record<string, unknown> } = {},
): void {
  const issue = {
    code: "custom",
    message,
    ...(extra.path ? { path: extra.path } : {}),
    params: { axiomCode: code, ...extra.params },
  };
  (ctx.addIssue as (i: unknown) => void)(issue);
}

function codedString(re: RegExp, code: ErrorCode, message: string) {
  return z.string().superRefine((s, ctx) => {
    if (!re.test(s)) codedIssue(ctx, code, message);
  });
}

export const Sha256HexSchema = codedString(SHA256_HEX_RE, "ERR_DIGEST_FORMAT", "expected 64 lowercase hex characters");
export const DigestRefSchema = codedString(DIGEST_REF_RE, "ERR_DIGEST_FORMAT", 'expected "sha256:" + 64 lowercase hex');
export const DigestSchema = z.strictObject({ sha256: Sha256HexSchema });
export const SeveritySchema = z.enum(["error", "warn", "info"]);
export const PlanNameSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, "lowercase kebab name, 1-64 chars");
export const ModeSchema = z.enum(["0644", "0755"]);
export const OpSchema = z.enum(["create", "overwrite", "delete"]);
export const OriginSchema = z.enum(["inline", "template", "cas", "ref", "patch"]);

/** The RelPath rules of @codai/axiom-rules as a schema; `codedIssue` typing proves each rules code is an ErrorCode. */
export const RelPathSchema = z.string().superRefine((s, ctx) => {
  for (const code of relPathIssues(s)) codedIssue(ctx, code, code);
});

/**
 * A JSON value (formats.md §1): null, boolean, finite number, string, array, object. Lone
 * surrogates are caught for the whole document by `wellFormedIssues`, so this stays structural.
 */
export const JsonValueSchema: z.ZodType<JsonValue> = z.lazy(() =>
  z.union([
    z.null(),
    z.boolean(),
    z.number().refine(Number.isFinite, "number must be finite"),
    z.string(),
    z.array(JsonValueSchema),
    z.record(z.string(), JsonValueSchema),
  ]),
);
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

export const CheckRefIdSchema = z.string().min(1).max(128);
export const PredicateNameSchema = z.string().regex(/^[a-z][a-zA-Z0-9]*\.[a-zA-Z][a-zA-Z0-9]*$/, "group.name");
