// RepoSnapshot (apply.md §17.1). Strict; no timestamps, no absolute paths, the root never recorded.
import { z } from "zod";
import { DigestRefSchema, ModeSchema, RelPathSchema, Sha256HexSchema } from "./common";

export const SnapshotEntrySchema = z.strictObject({
  path: RelPathSchema,
  bytes: z.number().int().nonnegative(),
  sha256: Sha256HexSchema.optional(),
  mode: ModeSchema,
  kind: z.enum(["file", "symlink"]),
});

export const SnapshotBodySchema = z.strictObject({
  files: z.array(SnapshotEntrySchema),
  truncated: z.boolean(),
  counts: z.strictObject({ files: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
});

export const RepoSnapshotSchema = z.strictObject({
  apiVersion: z.literal("axiom.dev/v2"),
  kind: z.literal("RepoSnapshot"),
  root: z.strictObject({ kind: z.literal("relative") }),
  snapshotDigest: DigestRefSchema,
  body: SnapshotBodySchema,
});

export type SnapshotEntry = z.output<typeof SnapshotEntrySchema>;
export type SnapshotBody = z.output<typeof SnapshotBodySchema>;
export type RepoSnapshot = z.output<typeof RepoSnapshotSchema>;
