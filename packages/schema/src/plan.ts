// Plan: the input document an agent submits (formats.md §2).
import {
  ARTIFACTS_MAX,
  INLINE_BASE64_CONTENT_MAX_UNITS,
  INLINE_CONTENT_MAX_UNITS,
  INTENT_MAX,
} from "@codai/axiom-rules";
import { z } from "zod";
import {
  CheckRefIdSchema,
  codedIssue,
  DigestRefSchema,
  JsonValueSchema,
  ModeSchema,
  OpSchema,
  PlanNameSchema,
  PredicateNameSchema,
  RelPathSchema,
  SeveritySchema,
} from "./common";

// The string cap follows the encoding (SEC-31): utf8 text up to INLINE_CONTENT_MAX_UNITS units,
// base64 up to the encoding of INLINE_BYTES_MAX bytes, so both carry 256 KiB of bytes.
export const InlineSourceSchema = z
  .strictObject({
    type: z.literal("inline"),
    content: z.string().max(INLINE_BASE64_CONTENT_MAX_UNITS),
    encoding: z.enum(["utf8", "base64"]).default("utf8"),
  })
  .superRefine((s, ctx) => {
    if (s.encoding === "utf8" && s.content.length > INLINE_CONTENT_MAX_UNITS) {
      ctx.addIssue({
        code: "too_big",
        origin: "string",
        maximum: INLINE_CONTENT_MAX_UNITS,
        inclusive: true,
        path: ["content"],
        message: `utf8 content over ${INLINE_CONTENT_MAX_UNITS} UTF-16 units`,
      });
    }
  });

export const CasSourceSchema = z.strictObject({
  type: z.literal("cas"),
  digest: DigestRefSchema,
});

export const RefSourceSchema = z.strictObject({
  type: z.literal("ref"),
  uri: z.string().superRefine((s, ctx) => {
    let protocol: string | undefined;
    try {
      protocol = new URL(s).protocol;
    } catch {
      ctx.addIssue({ code: "custom", message: "not a URL" });
      return;
    }
    if (protocol !== "https:" && protocol !== "file:") {
      ctx.addIssue({ code: "custom", message: `protocol ${protocol} is not https: or file:` });
    }
  }),
  digest: DigestRefSchema,
});

export const TemplateSourceSchema = z.strictObject({
  type: z.literal("template"),
  emitter: z.string().min(1),
  template: z.string().min(1),
  params: z.record(z.string(), JsonValueSchema).default({}),
});

export const PatchSourceSchema = z.strictObject({
  type: z.literal("patch"),
  format: z.enum(["unified", "v4a", "search-replace"]),
  preImage: z.union([z.literal("absent"), DigestRefSchema]),
  body: z.string().max(INLINE_CONTENT_MAX_UNITS),
});

export const PlanArtifactSourceSchema = z.discriminatedUnion("type", [
  InlineSourceSchema,
  CasSourceSchema,
  RefSourceSchema,
  TemplateSourceSchema,
  PatchSourceSchema,
]);

export const PlanArtifactSchema = z
  .strictObject({
    path: RelPathSchema,
    mode: ModeSchema.default("0644"),
    op: OpSchema.default("create"),
    source: PlanArtifactSourceSchema.optional(),
  })
  .superRefine((a, ctx) => {
    if (a.op === "delete" && a.source !== undefined) {
      codedIssue(ctx, "ERR_INVALID_PLAN", "a delete artifact must not have a source", { path: ["source"] });
    } else if (a.op !== "delete" && a.source === undefined) {
      codedIssue(ctx, "ERR_INVALID_PLAN", `an ${a.op} artifact needs a source`, { path: ["source"] });
    }
  });

/** CheckRef in a Plan: `severity` defaults to "error" (formats.md §2.4). */
export const PlanCheckRefSchema = z.strictObject({
  id: CheckRefIdSchema,
  predicate: PredicateNameSchema,
  params: JsonValueSchema,
  severity: SeveritySchema.default("error"),
});

export const CapabilitySchema = z.enum(["fs", "net", "secret", "ai", "compute", "git"]);

/** Every Plan field except `apiVersion`, `kind` and `artifacts`: the chunked-session header. */
export const PlanHeaderShape = {
  name: PlanNameSchema,
  intent: z.string().max(INTENT_MAX),
  profile: z.string().min(1).default("default"),
  capabilities: z.array(CapabilitySchema).default([]),
  checks: z.array(PlanCheckRefSchema).default([]),
  counter: z.number().int().min(0).optional(),
  metadata: z.record(z.string(), JsonValueSchema).default({}),
};

export const PlanHeaderSchema = z.strictObject(PlanHeaderShape);

export const PlanSchema = z.strictObject({
  apiVersion: z.literal("axiom.dev/v2"),
  kind: z.literal("Plan"),
  ...PlanHeaderShape,
  artifacts: z.array(PlanArtifactSchema).min(1).max(ARTIFACTS_MAX),
});

export type Plan = z.output<typeof PlanSchema>;
export type PlanInput = z.input<typeof PlanSchema>;
export type PlanHeader = z.output<typeof PlanHeaderSchema>;
export type PlanArtifact = z.output<typeof PlanArtifactSchema>;
export type PlanArtifactInput = z.input<typeof PlanArtifactSchema>;
export type PlanArtifactSource = z.output<typeof PlanArtifactSourceSchema>;
export type InlineSource = z.output<typeof InlineSourceSchema>;
export type CasSource = z.output<typeof CasSourceSchema>;
export type RefSource = z.output<typeof RefSourceSchema>;
export type TemplateSource = z.output<typeof TemplateSourceSchema>;
export type PatchSource = z.output<typeof PatchSourceSchema>;
export type PlanCheckRef = z.output<typeof PlanCheckRefSchema>;
export type Capability = z.output<typeof CapabilitySchema>;
