// `axiom emitters [--emitter <spec>]… [--json]` (cli.md §7.14, sources.md §4.6): the catalogue of
// the emitters loaded with --emitter. None are built in (D3): without --emitter, `[]` / no text.

import { listFlag } from "../args";
import { emitterCatalogue, loadEmitters } from "../load-emitters";
import { outputMode, printJson, printText } from "../output";
import type { VerbContext } from "../verb";

export async function run({ values, cwd }: VerbContext): Promise<void> {
  const rows = emitterCatalogue(await loadEmitters(listFlag(values, "emitter"), cwd));
  if (outputMode(values).json) return printJson(rows);
  const text = rows.map((r) => `${r.emitter}@${r.version}: ${r.template} — ${r.description}\n`).join("");
  if (text !== "") printText(text);
}
