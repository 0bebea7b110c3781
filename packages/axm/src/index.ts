// Public surface of @codai/axiom-axm (axm.md): parse an .axm source into a Plan, format a Plan back.

export type { Diagnostic, Position, Range } from "./diagnostics";
export { formatAxm, hereDocTerminator } from "./format";
export { type ParseAxmResult, parseAxm } from "./parse";
export { planFromAxm } from "./surface";

export const AXM_VERSION = "2" as const;
