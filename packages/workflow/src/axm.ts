// axiom_axm_parse (mcp.md §5.3, axm.md): `.axm` source → Plan; `plan` only when no diagnostic is an
// error. The CLI's `compile <file>.axm` reaches the parser through its own lazy chunk instead.
import { type Diagnostic, parseAxm as parse } from "@codai/axiom-axm";
import type { Plan } from "@codai/axiom-schema";

export interface AxmParse {
  plan?: Plan;
  diagnostics: Diagnostic[];
}

export function parseAxm(source: string): AxmParse {
  const r = parse(source);
  return r.plan === undefined ? { diagnostics: r.diagnostics } : { plan: r.plan, diagnostics: r.diagnostics };
}
