// What a source resolver sees: the compile options that matter to it plus the artifact path
// (every source error carries `path` = the artifact path).
import type { EmitterRegistry } from "@codai/axiom-schema";
import type { NetPolicy } from "./net-policy";

export type PreImageReader = (relPath: string) => Uint8Array | undefined | Promise<Uint8Array | undefined>;

export interface SourceContext {
  /** Artifact path. */
  path: string;
  root?: string;
  readPreImage?: PreImageReader;
  emitters?: EmitterRegistry;
  net?: NetPolicy;
}

export interface ResolvedSource {
  bytes: Uint8Array;
  origin: "inline" | "cas" | "ref" | "template" | "patch";
  /** Set when a template emitter rendered the bytes. */
  emitter?: { id: string; version: string };
}
