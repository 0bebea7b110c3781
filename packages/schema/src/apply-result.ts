// ApplyResult (apply.md §10). Strict: `failed` needs `error`, `rolled-back` carries the cause,
// `applied`/`noop` carry none.
import { z } from "zod";
import { DigestRefSchema, DigestSchema, OpSchema, RelPathSchema } from "./common";
import { ERROR_CODES } from "./errors";

export const ApplyModeSchema = z.enum(["dry-run", "fs", "pr"]);
export const ApplyStatusSchema = z.enum(["applied", "noop", "rolled-back", "failed"]);
export const FileStatusSchema = z.enum(["written", "deleted", "unchanged", "skipped"]);

export const ApplyFileResultSchema = z.strictObject({
  path: RelPathSchema,
  op: OpSchema,
  digest: DigestSchema.optional(),
  status: FileStatusSchema,
});

export const ApplyErrorObjectSchema = z.strictObject({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  path: z.string().optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

export const ApplyResultSchema = z
  .strictObject({
    apiVersion: z.literal("axiom.dev/v2"),
    kind: z.literal("ApplyResult"),
    manifestDigest: DigestRefSchema,
    mode: ApplyModeSchema,
    status: ApplyStatusSchema,
    root: z.string().min(1),
    files: z.array(ApplyFileResultSchema),
    diff: z.string().optional(),
    journal: z.string().min(1).optional(),
    git: z
      .strictObject({
        branch: z.string().min(1),
        commit: z
          .string()
          .regex(/^[a-f0-9]{40}$/)
          .optional(),
        compareUrl: z.url().optional(),
      })
      .optional(),
    drifted: z.array(RelPathSchema).optional(),
    error: ApplyErrorObjectSchema.optional(),
  })
  .superRefine((r, ctx) => {
    if ((r.status === "failed" || r.status === "rolled-back") && r.error === undefined) {
      ctx.addIssue({ code: "custom", message: `status ${r.status} requires error`, path: ["error"] });
    }
    if ((r.status === "applied" || r.status === "noop") && r.error !== undefined) {
      ctx.addIssue({ code: "custom", message: `status ${r.status} carries no error`, path: ["error"] });
    }
    if (r.diff !== undefined && r.mode !== "dry-run") {
      ctx.addIssue({ code: "custom", message: "diff is dry-run only", path: ["diff"] });
    }
  });

export type ApplyMode = z.output<typeof ApplyModeSchema>;
export type ApplyStatus = z.output<typeof ApplyStatusSchema>;
export type ApplyFileResult = z.output<typeof ApplyFileResultSchema>;
export type ApplyResult = z.output<typeof ApplyResultSchema>;
export type ApplyErrorObject = z.output<typeof ApplyErrorObjectSchema>;
