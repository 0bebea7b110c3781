// axiom_axm_parse (mcp.md §5.3, axm.md): `.axm` source → Plan; `plan` only when no diagnostic is an
// error. The parser is its own lazy chunk, loaded by the first parse (README principle 7): neither
// the workflow chunk nor a CLI verb that reaches the workflow carries it. The CLI's
// `compile <file>.axm` reaches the parser through the mcp package's axm-lazy entry instead.
import type { Diagnostic } from "@codai/axiom-axm";
import type { Plan } from "@codai/axiom-schema";

export interface AxmParse {
  plan?: Plan;
  diagnostics: Diagnostic[];
}

export async function parseAxm(source: string): Promise<AxmParse> {
  const { parseAxm: parse } = await import("./axm-parser");
  const r = parse(source);
  return r.plan === undefined ? { diagnostics: r.diagnostics } : { plan: r.plan, diagnostics: r.diagnostics };
}
