// `axiom compile <plan> [-o <file>] [--store inline|cas] [--root <dir>] [--allow-net [--net-allow
// <h[,h]>]…] [--allow-file] [--emitter <spec>]…` (cli.md §7.6, formats.md §3.3): Plan → ManifestBundle.
// With a root the manifest carries preImage and the bundle is stored under <root>/.axiom/manifests/.
import { compilePlan, parsePlanText } from "@codai/axiom-workflow";
import { booleanFlag, commaListFlag, enumFlag, listFlag, requireWith, stringFlag } from "../args";
import { planFormatOf, readInputText } from "../input";
import { loadEmitters } from "../load-emitters";
import { writeJsonAtomic } from "../out-file";
import { outputMode, printResult } from "../output";
import { renderCompile } from "../render/results";
import { makeStyle } from "../render/style";
import { resolveOptionalRoot } from "../roots";
import type { VerbContext } from "../verb";

export async function run({ values, positionals: args, cwd }: VerbContext): Promise<void> {
  requireWith(values, "net-allow", "allow-net");
  const store = enumFlag(values, "store", ["inline", "cas"] as const) ?? "inline";
  const allowNet = booleanFlag(values, "allow-net");
  const allowFile = booleanFlag(values, "allow-file");
  // Given at all, the allowlist applies even when only blanks remain (fail closed: nothing allowed).
  const netAllow = values["net-allow"] === undefined ? undefined : commaListFlag(values, "net-allow");
  const file = args[0] as string;

  // `--store cas`, `--allow-net` and `--allow-file` need a root: `.` is implied (cli.md §7.6).
  const root = await resolveOptionalRoot(stringFlag(values, "root"), cwd, store === "cas" || allowNet || allowFile);
  const emitters = await loadEmitters(listFlag(values, "emitter"), cwd);

  const text = await readInputText(file, cwd, "plan");
  const format = planFormatOf(file);
  // .axm loads its parser chunk only here (dist/axm-lazy.js); JSON / YAML go through the plan library.
  const plan =
    format === "axm"
      ? (await import("../../entries/axm")).planFromAxmText(text, file)
      : await parsePlanText(text, format);

  // formats.md §3.3, and with a root the store (the same function as axiom_plan_compile).
  const bundle = await compilePlan({ plan, store, root, emitters, net: { allowNet, allowFile, allowlist: netAllow } });

  const out = stringFlag(values, "out");
  const mode = outputMode(values);
  const facts = {
    name: bundle.manifest.name,
    manifestDigest: bundle.manifestDigest,
    artifacts: bundle.manifest.artifacts.length,
    stored: root !== undefined,
    rootArg: stringFlag(values, "root"),
  };
  if (out === undefined) return printResult(mode, bundle, () => renderCompile(facts, makeStyle(mode.colour)));
  const written = await writeJsonAtomic(out, cwd, bundle);
  const summary = { manifestDigest: bundle.manifestDigest, artifacts: bundle.manifest.artifacts.length, out: written };
  printResult(mode, summary, () => renderCompile({ ...facts, out }, makeStyle(mode.colour)));
}
