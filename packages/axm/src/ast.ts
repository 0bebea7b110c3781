// The syntax tree the parser produces: every node keeps its source span for diagnostics (axm.md §7.2).
import type { Span } from "./diagnostics";

/** A bare Name or a string literal: `value` is the decoded text. */
export interface Word extends Span {
  value: string;
  quoted: boolean;
}

export interface Str extends Span {
  value: string;
  digest: boolean;
}

export interface JsonBlock extends Span {
  text: string;
}

export interface HereDoc extends Span {
  content: string;
}

export type Source =
  | (Span & { type: "inline"; heredoc: HereDoc })
  | (Span & { type: "template"; emitter: Word; template: Str; params?: JsonBlock })
  | (Span & { type: "cas"; digest: Str })
  | (Span & { type: "ref"; uri: Str; digest: Str })
  | (Span & { type: "patch"; format: Word; preImage: Word; body: HereDoc });

export type ArtifactItem =
  | (Span & { kind: "mode"; value: Word })
  | (Span & { kind: "op"; value: Word })
  | (Span & { kind: "source"; source: Source });

export interface ArtifactDecl extends Span {
  kind: "artifact";
  path: Str;
  /** From `{` to `}`. */
  body: Span;
  items: ArtifactItem[];
}

export type PlanItem =
  | (Span & { kind: "intent"; value: Str })
  | (Span & { kind: "profile"; value: Word })
  | (Span & { kind: "capabilities"; caps: Word[] })
  | (Span & { kind: "counter"; value: Word })
  | ArtifactDecl
  | (Span & { kind: "check"; id: Word; predicate: Word; params?: JsonBlock })
  | (Span & { kind: "meta"; json: JsonBlock });

export interface PlanDecl extends Span {
  name: Word;
  items: PlanItem[];
}

export interface AxmFile {
  /** From `axiom` to the end of its string. */
  header: Span;
  version: Str;
  plans: PlanDecl[];
}
