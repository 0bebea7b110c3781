// GuardOutput parsing (checks.md §7.4, §7.5): strict JSON first, then the legacy text form.
import { isErrorCode, SeveritySchema } from "@codai/axiom-schema";
import { z } from "zod";

export const GuardFindingSchema = z.strictObject({
  // A finding id is never an AXIOM error code (checks.md §1.3): such output is invalid.
  id: z
    .string()
    .min(1)
    .refine((id) => !isErrorCode(id), "a finding id is never an ERR_* code"),
  severity: SeveritySchema.optional(),
  message: z.string(),
  path: z.string().optional(),
  facts: z.record(z.string(), z.unknown()).optional(),
});

export const GuardOutputSchema = z.strictObject({
  ok: z.boolean(),
  findings: z.array(GuardFindingSchema).optional(),
});

export type GuardOutput = z.output<typeof GuardOutputSchema>;

function parseJson(text: string): GuardOutput | undefined {
  if (!text.startsWith("{") && !text.startsWith("[")) return undefined;
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = GuardOutputSchema.safeParse(doc);
  return parsed.success ? parsed.data : undefined;
}

/** `FAIL<ws>name[: reason]` → a finding; `OK<ws>x` → seen. No OK/FAIL line at all → invalid. */
function parseLegacy(text: string): GuardOutput | undefined {
  const findings: NonNullable<GuardOutput["findings"]> = [];
  let seen = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const fail = /^FAIL\s+(.+)$/.exec(line);
    if (fail) {
      seen = true;
      const rest = fail[1] as string;
      const colon = rest.indexOf(":");
      const id = (colon < 0 ? rest : rest.slice(0, colon)).trim();
      const reason = colon < 0 ? "" : rest.slice(colon + 1).trim();
      findings.push({ id: id || "guard.external", message: reason || "guard failed" });
    } else if (/^OK\s+\S/.test(line)) seen = true;
  }
  if (!seen) return undefined;
  const parsed = GuardOutputSchema.safeParse({ ok: findings.length === 0, findings });
  return parsed.success ? parsed.data : undefined;
}

export function parseGuardOutput(stdout: string, legacyText: boolean): GuardOutput | undefined {
  const text = stdout.trim();
  return parseJson(text) ?? (legacyText ? parseLegacy(text) : undefined);
}
