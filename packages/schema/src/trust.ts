// Trust store, trust state and RootId (signing.md §2.1, §8.1). Shapes only: the key-material rules
// (32-byte point, keyid = sha256 of the key) need canon and are checked by the store parser in
// @codai/axiom-checks (signature-verify.ts), which both the predicate and the CLI/MCP layer use.
import { z } from "zod";
import { DigestRefSchema } from "./common";
import { Base64Schema } from "./manifest";

export const ROOT_ID_RE = /^[A-Za-z0-9][A-Za-z0-9._:/@-]*$/;
export const TRUST_STORE_MAX_BYTES = 262_144;

export const RootIdSchema = z.string().min(1).max(200).regex(ROOT_ID_RE, "RootId: [A-Za-z0-9][A-Za-z0-9._:/@-]*");

export const TrustedKeySchema = z.strictObject({
  keyid: z.string().regex(/^[0-9a-f]{64}$/, "64 lowercase hex"),
  alg: z.literal("ed25519"),
  publicKey: Base64Schema,
  name: z.string().min(1).max(200).optional(),
  notBefore: z.number().int().min(0).optional(),
});

export const TrustStoreSchema = z
  .strictObject({
    version: z.literal(1),
    keys: z.array(TrustedKeySchema),
    minCounter: z.number().int().min(0).optional(),
    rootId: RootIdSchema.optional(),
  })
  .superRefine((store, ctx) => {
    const seen = new Set<string>();
    store.keys.forEach((key, i) => {
      if (seen.has(key.keyid)) ctx.addIssue({ code: "custom", message: "duplicate keyid", path: ["keys", i, "keyid"] });
      seen.add(key.keyid);
    });
  });

export const TrustStateSchema = z.strictObject({
  version: z.literal(1),
  lastCounter: z.number().int().min(0),
  manifestDigest: DigestRefSchema.optional(),
  mac: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "64 lowercase hex")
    .optional(),
});

export type RootId = z.output<typeof RootIdSchema>;
export type TrustedKey = z.output<typeof TrustedKeySchema>;
export type TrustStore = z.output<typeof TrustStoreSchema>;
export type TrustState = z.output<typeof TrustStateSchema>;
