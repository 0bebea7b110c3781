// Check wire types (checks.md §1): CheckRef, Finding, ProviderStatus, CheckReport. All strict.
import { z } from "zod";
import {
  CheckRefIdSchema,
  DigestRefSchema,
  JsonValueSchema,
  PredicateNameSchema,
  RelPathSchema,
  SeveritySchema,
} from "./common";
import { isErrorCode } from "./errors";

export type Severity = z.output<typeof SeveritySchema>;

/** Rank of a severity: error (0) < warn (1) < info (2); "less severe" = higher rank (§1.1). */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warn: 1, info: 2 };

/** A CheckRef as profiles and the runner see it: `severity` defaults to "error" (§1.2). */
export const CheckRefSchema = z.strictObject({
  id: CheckRefIdSchema,
  predicate: PredicateNameSchema,
  params: JsonValueSchema,
  severity: SeveritySchema.default("error"),
});
export type CheckRef = z.output<typeof CheckRefSchema>;
export type CheckRefInput = z.input<typeof CheckRefSchema>;

export const FindingSchema = z.strictObject({
  id: z
    .string()
    .min(1)
    .refine((id) => !isErrorCode(id), "a finding id is never an ERR_* code"),
  severity: SeveritySchema,
  predicate: z.string().min(1),
  message: z.string(),
  path: RelPathSchema.optional(),
  facts: z.record(z.string(), JsonValueSchema).default({}),
});
export type Finding = z.output<typeof FindingSchema>;

export const PROVIDER_NAMES = ["manifest", "content", "repo", "guard"] as const;
export type ProviderName = (typeof PROVIDER_NAMES)[number];

export const ProviderStatusSchema = z.strictObject({
  name: z.enum(PROVIDER_NAMES),
  status: z.enum(["ok", "skipped", "error"]),
  ms: z.number().int().min(0),
});
export type ProviderStatus = z.output<typeof ProviderStatusSchema>;

export const VerdictSchema = z.enum(["pass", "fail", "error"]);
export type Verdict = z.output<typeof VerdictSchema>;

export const PreImageStateSchema = z.enum(["verified", "drifted", "unverified"]);
export type PreImageState = z.output<typeof PreImageStateSchema>;

export const CheckReportSchema = z.strictObject({
  apiVersion: z.literal("axiom.dev/v2"),
  kind: z.literal("CheckReport"),
  manifestDigest: DigestRefSchema,
  profile: z.string().min(1),
  verdict: VerdictSchema,
  findings: z.array(FindingSchema),
  factsDigest: DigestRefSchema,
  durationMs: z.number().int().min(0),
  providers: z
    .array(ProviderStatusSchema)
    .length(4)
    .refine(
      (list) => list.every((p, i) => p.name === PROVIDER_NAMES[i]),
      "providers must be manifest, content, repo, guard",
    ),
  preImage: PreImageStateSchema.optional(),
});
export type CheckReport = z.output<typeof CheckReportSchema>;
