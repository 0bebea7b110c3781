// content.noSecrets, content.maxBytes, content.encodingUtf8 (checks.md §4.4).
import { decodeUtf8Strict } from "@codai/axiom-canon";
import { activePatterns, compileGlobs, detect, optionalGlobs, SECRET_SCAN_MAX_BYTES } from "@codai/axiom-rules";
import { z } from "zod";
import type { PredicateDef, RawFinding } from "../types";

const NoSecretsParams = z.strictObject({
  disable: z.array(z.string()).default([]),
  allowPaths: z.array(z.string()).default([]),
  pii: z.boolean().default(false),
});

const lenient = new TextDecoder("utf-8", { fatal: false });

export const contentNoSecrets: PredicateDef<z.output<typeof NoSecretsParams>> = {
  id: "content.noSecrets",
  requires: ["manifest", "content"],
  params: NoSecretsParams,
  async run({ params, facts }) {
    const allowed = params.allowPaths.length > 0 ? compileGlobs(params.allowPaths) : () => false;
    const patterns = activePatterns(params);
    const out: RawFinding[] = [];
    for (const a of facts.manifest.artifacts) {
      if (a.op === "delete" || allowed(a.path)) continue;
      const bytes = await facts.content(a);
      if (bytes === undefined) continue;
      const text = lenient.decode(bytes.subarray(0, SECRET_SCAN_MAX_BYTES));
      for (const pattern of patterns) {
        // The message and facts name the pattern only, never the matched text.
        if (detect(pattern, text)) {
          out.push({
            id: `content.noSecrets.${pattern}`,
            path: a.path,
            message: `content matches secret pattern ${pattern}`,
            facts: { pattern },
          });
        }
      }
    }
    return out;
  },
};

const MaxBytesParams = z.strictObject({ max: z.number().int().min(0), globs: z.array(z.string()).optional() });

export const contentMaxBytes: PredicateDef<z.output<typeof MaxBytesParams>> = {
  id: "content.maxBytes",
  requires: ["manifest"],
  params: MaxBytesParams,
  async run({ params, facts }) {
    const match = optionalGlobs(params.globs);
    const out: RawFinding[] = [];
    for (const a of facts.manifest.artifacts) {
      if (a.op === "delete" || !match(a.path)) continue;
      const bytes = a.bytes ?? (await facts.content(a))?.length;
      if (bytes === undefined || bytes <= params.max) continue;
      out.push({
        id: "content.maxBytes",
        path: a.path,
        message: `${bytes} bytes (max ${params.max})`,
        facts: { bytes, max: params.max },
      });
    }
    return out;
  },
};

const EncodingParams = z.strictObject({ globs: z.array(z.string()).optional() });

export const contentEncodingUtf8: PredicateDef<z.output<typeof EncodingParams>> = {
  id: "content.encodingUtf8",
  requires: ["manifest", "content"],
  params: EncodingParams,
  async run({ params, facts }) {
    const match = optionalGlobs(params.globs);
    const out: RawFinding[] = [];
    for (const a of facts.manifest.artifacts) {
      if (a.op === "delete" || !match(a.path)) continue;
      const bytes = await facts.content(a);
      if (bytes !== undefined && decodeUtf8Strict(bytes) === undefined) {
        out.push({ id: "content.encodingUtf8", path: a.path, message: "content is not valid UTF-8" });
      }
    }
    return out;
  },
};
