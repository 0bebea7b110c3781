// manifest.maxArtifacts, manifest.maxTotalBytes, manifest.noDeletes (checks.md §4.5).
import { z } from "zod";
import type { PredicateDef } from "../types";

const MaxParams = z.strictObject({ max: z.number().int().min(0) });
type Max = z.output<typeof MaxParams>;

export const manifestMaxArtifacts: PredicateDef<Max> = {
  id: "manifest.maxArtifacts",
  requires: ["manifest"],
  params: MaxParams,
  run({ params, facts }) {
    const { artifactCount } = facts.manifestFacts;
    if (artifactCount <= params.max) return [];
    return [
      {
        id: "manifest.maxArtifacts",
        message: `${artifactCount} artifacts (max ${params.max})`,
        facts: { artifactCount, max: params.max },
      },
    ];
  },
};

export const manifestMaxTotalBytes: PredicateDef<Max> = {
  id: "manifest.maxTotalBytes",
  requires: ["manifest"],
  params: MaxParams,
  run({ params, facts }) {
    const { totalBytes } = facts.manifestFacts;
    if (totalBytes <= params.max) return [];
    return [
      {
        id: "manifest.maxTotalBytes",
        message: `${totalBytes} bytes in total (max ${params.max})`,
        facts: { totalBytes, max: params.max },
      },
    ];
  },
};

export const manifestNoDeletes: PredicateDef<Record<string, never>> = {
  id: "manifest.noDeletes",
  requires: ["manifest"],
  params: z.strictObject({}) as unknown as z.ZodType<Record<string, never>>,
  run({ facts }) {
    return facts.manifest.artifacts
      .filter((a) => a.op === "delete")
      .map((a) => ({ id: "manifest.noDeletes", path: a.path, message: "the manifest deletes a file" }));
  },
};
