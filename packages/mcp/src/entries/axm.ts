// The `.axm` front-end chunk (cli.md §1.1, axm.md §7.6), built as dist/axm-lazy.js: loaded only by
// `axiom compile <file>.axm`, so compiling a JSON or YAML plan never loads @codai/axiom-axm.
// Error diagnostics become one ERR_INVALID_PLAN `{ file, diagnostics }` (the D16 line, exit 2).
import { planFromAxm } from "@codai/axiom-axm";
import type { Plan } from "@codai/axiom-schema";

/** `text` is the file already decoded as strict UTF-8 (cli/input.ts); `file` as given on the command line. */
export function planFromAxmText(text: string, file: string): Plan {
  return planFromAxm(text, file);
}
