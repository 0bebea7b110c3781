// The per-apply two-phase-commit journal `journal/<hex>.json` (apply.md §5.6). Strict.
import { z } from "zod";
import { DigestRefSchema, OpSchema, RelPathSchema, Sha256HexSchema } from "./common";

export const JOURNAL_PHASES = ["staged", "committing", "committed", "rolling-back", "rolled-back"] as const;
export const JournalPhaseSchema = z.enum(JOURNAL_PHASES);

export const JournalStepSchema = z.strictObject({
  path: RelPathSchema,
  op: OpSchema,
  backup: z.string().min(1).optional(),
  done: z.boolean(),
  /** sha256 hex of the captured pre-image (a regular file): a backup is re-hashed against it before restore (SEC-37). */
  pre: Sha256HexSchema.optional(),
});

export const JournalSchema = z.strictObject({
  manifestDigest: DigestRefSchema,
  phase: JournalPhaseSchema,
  steps: z.array(JournalStepSchema),
  startedAt: z.iso.datetime({ offset: true }),
  pid: z.number().int().positive(),
  /**
   * Directories absent at prepare that this apply's creates need, deepest first (SEC-35): a
   * rollback removes each one it finds empty. Absent when there are none.
   */
  dirs: z.array(RelPathSchema).optional(),
});

export type JournalPhase = z.output<typeof JournalPhaseSchema>;
export type JournalStep = z.output<typeof JournalStepSchema>;
export type Journal = z.output<typeof JournalSchema>;
