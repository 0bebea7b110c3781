// An error line for a person (CLI-O13): `error <CODE>: <message>`, the path, the candidates of an
// ambiguous ref, and a hint. Printed only when stderr is a terminal; scripts get the D16 JSON line.
import type { AxiomErrorObject } from "@codai/axiom-schema";
import { hintFor } from "./hints";
import { printable } from "./words";

export function errorText(e: AxiomErrorObject): string {
  const lines = [`error ${e.code}: ${printable(e.message)}`];
  if (e.path !== undefined) lines.push(`  path: ${printable(e.path)}`);
  const candidates = e.details?.candidates;
  if (Array.isArray(candidates)) for (const c of candidates) lines.push(`  ${printable(String(c))}`);
  const hint = e.code === "ERR_PREIMAGE_CHANGED" ? undefined : hintFor(e.code, e.details);
  if (hint) lines.push(`  hint: ${hint}`);
  return `${lines.join("\n")}\n`;
}
