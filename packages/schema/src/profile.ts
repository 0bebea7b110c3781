// Profile (checks.md §6.1): a named set of checks, strict.
import { z } from "zod";
import { CheckRefSchema } from "./check-report";
import { PROFILE_NAME_RE } from "./kinds";
export const ProfileNameSchema = z.string().regex(PROFILE_NAME_RE, "profile name: ^[a-z0-9][a-z0-9._-]{0,63}$");

export const ProfileLimitsSchema = z.strictObject({
  maxArtifacts: z.number().int().positive().optional(),
  maxTotalBytes: z.number().int().positive().optional(),
  maxBlobBytes: z.number().int().positive().optional(),
});

export const ProfileFactsSchema = z.strictObject({
  allowRepo: z.boolean().default(true),
  allowGuards: z.boolean().default(false),
});

export const ProfileSchema = z.strictObject({
  apiVersion: z.literal("axiom.dev/v2"),
  kind: z.literal("Profile"),
  name: ProfileNameSchema,
  extends: ProfileNameSchema.optional(),
  checks: z.array(CheckRefSchema),
  limits: ProfileLimitsSchema.default({}),
  // prefault: the inner defaults apply even when `facts` is omitted (§6.1).
  facts: ProfileFactsSchema.prefault({}),
});

export type Profile = z.output<typeof ProfileSchema>;
export type ProfileInput = z.input<typeof ProfileSchema>;
export type ProfileLimits = z.output<typeof ProfileLimitsSchema>;
export type ProfileFacts = z.output<typeof ProfileFactsSchema>;
/** A resolved profile: `extends` walked and merged away (§6.3). */
export type ResolvedProfile = Omit<Profile, "extends">;
