// The CLI's view of parseAxm (cli.md §5, axm.md §7.6): bytes or text in, a Plan out, or one
// AxiomError ERR_INVALID_PLAN carrying `details: { file, diagnostics }` / `{ file, reason: "not-utf8" }`.
import { AxiomError, type Plan } from "@codai/axiom-schema";
import { parseAxm } from "./parse";

export function planFromAxm(source: string | Uint8Array, file: string): Plan {
  let text: string;
  if (typeof source === "string") {
    text = source;
  } else {
    try {
      // fatal decoder; a leading BOM is dropped (cli.md input files)
      text = new TextDecoder("utf-8", { fatal: true }).decode(source);
    } catch {
      throw new AxiomError("ERR_INVALID_PLAN", {
        message: `${file} is not valid UTF-8`,
        details: { file, reason: "not-utf8" },
      });
    }
  }
  const { plan, diagnostics } = parseAxm(text);
  if (plan) return plan;
  const first = diagnostics[0];
  const where = first ? `${first.range.start.line}:${first.range.start.column}: ${first.message}` : "invalid";
  throw new AxiomError("ERR_INVALID_PLAN", {
    message: `${file}: ${diagnostics.length} .axm diagnostic(s); first at ${where}`,
    details: { file, diagnostics },
  });
}
