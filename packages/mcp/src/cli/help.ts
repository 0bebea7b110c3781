// Help text from the verb registry: the global help (`axiom help`, `axiom --help`), a verb's help
// (`axiom help <verb>`, `axiom <verb> --help`) and the Markdown reference spliced into docs/cli.md.
// Terminal text fits HELP_WIDTH columns.
import { type FlagSpec, GLOBAL_FLAGS, VERB_GROUPS, type VerbSpec } from "./flag-spec";
import { VERBS } from "./verbs";

export const HELP_WIDTH = 100;

const EXIT_CODES: readonly [string, string][] = [
  ["0", "success, or a positive result"],
  ["1", 'a negative result: the printed document says "no" (a failed check, a broken chain, …)'],
  ["2", "usage error, an error outside a result document, .axm diagnostics, or a gate deny"],
];

/** Greedy word wrap; the first line has `first` columns, the rest `rest`. */
function wrap(text: string, first: number, rest: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    const width = lines.length === 0 ? first : rest;
    if (line !== "" && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === "" ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines;
}

/** `label` in a column of `col` characters (after a 2-space indent), `text` wrapped beside it. */
function row(label: string, col: number, text: string): string[] {
  const indent = " ".repeat(2 + col);
  const room = HELP_WIDTH - indent.length;
  const body = wrap(text, room, room);
  if (label.length >= col) return [`  ${label}`, ...body.map((l) => `${indent}${l}`)];
  return [`  ${label.padEnd(col)}${body[0]}`, ...body.slice(1).map((l) => `${indent}${l}`)];
}

export function flagLabel(name: string, flag: FlagSpec): string {
  const long = `--${name}${flag.type === "string" ? ` <${flag.value ?? "value"}>` : ""}${flag.multiple ? "…" : ""}`;
  return flag.short ? `-${flag.short}, ${long}` : `    ${long}`;
}

/** The meaning with the allowed values and the default, as one sentence-ish line. */
export function flagMeaning(flag: FlagSpec): string {
  const parts = [flag.help];
  if (flag.choices) parts.push(`one of: ${flag.choices.join(", ")}`);
  if (flag.integer)
    parts.push(`${flag.integer.min} to ${flag.integer.max === Number.MAX_SAFE_INTEGER ? "any" : flag.integer.max}`);
  let text = parts.join("; ");
  if (flag.default !== undefined) text += ` (default: ${flag.default})`;
  return text;
}

function verbHeader(name: string, spec: VerbSpec): string {
  return `axiom ${name}: ${spec.summary}`;
}

/** `usage: …` then `       …` for each further form. */
export function usageLines(spec: VerbSpec): string[] {
  return spec.usage.map((u, i) => `${i === 0 ? "usage: " : "       "}${u}`);
}

export function verbHelp(name: string): string {
  const spec = VERBS[name] as VerbSpec;
  const flags: [string, FlagSpec][] = Object.entries(spec.flags);
  if (spec.help !== false) flags.push(...Object.entries(GLOBAL_FLAGS));
  const col = Math.min(30, Math.max(...flags.map(([n, f]) => flagLabel(n, f).length)) + 2);
  const out = [...wrap(verbHeader(name, spec), HELP_WIDTH, HELP_WIDTH), "", ...usageLines(spec), ""];
  if (flags.length > 0) out.push("flags:", ...flags.flatMap(([n, f]) => row(flagLabel(n, f), col, flagMeaning(f))), "");
  out.push("examples:");
  for (const ex of spec.examples) {
    out.push(`  ${ex.command}`);
    if (ex.note) out.push(...wrap(ex.note, HELP_WIDTH - 6, HELP_WIDTH - 6).map((l) => `      ${l}`));
  }
  return `${out.join("\n")}\n`;
}

export function globalHelp(version: string): string {
  const names = Object.keys(VERBS);
  const col = Math.max(...names.map((n) => n.length)) + 2;
  const out = [
    `axiom ${version}: a transactional write gate for AI coding agents`,
    "",
    "usage: axiom <verb> [options]",
    "       axiom help <verb>     a verb's flags and examples (or: axiom <verb> --help)",
    "       axiom --version",
  ];
  for (const group of VERB_GROUPS) {
    const inGroup = names.filter((n) => VERBS[n]?.group === group);
    if (inGroup.length === 0) continue;
    out.push("", `${group}:`, ...inGroup.flatMap((n) => row(n, col, (VERBS[n] as VerbSpec).summary)));
  }
  out.push("", "exit codes:", ...EXIT_CODES.map(([c, m]) => `  ${c}  ${m}`));
  return `${out.join("\n")}\n`;
}

const cell = (s: string) => s.replace(/\|/g, "\\|");

/** The CLI reference spliced into docs/cli.md between its markers (scripts/gen-cli-doc.mjs). */
export function renderCliReference(): string {
  const names = Object.keys(VERBS);
  const out = ["| Verb | What it does |", "|---|---|"];
  for (const n of names) out.push(`| [\`${n}\`](#axiom-${n}) | ${cell((VERBS[n] as VerbSpec).summary)} |`);
  for (const n of names) {
    const spec = VERBS[n] as VerbSpec;
    out.push("", `### axiom ${n}`, "", `${spec.summary[0]?.toUpperCase()}${spec.summary.slice(1)}.`, "", "```");
    out.push(...spec.usage, "```");
    const flags = Object.entries(spec.flags);
    if (flags.length > 0) {
      out.push("", "| Flag | Meaning |", "|---|---|");
      for (const [fn, f] of flags) out.push(`| \`${cell(flagLabel(fn, f).trim())}\` | ${cell(flagMeaning(f))} |`);
    }
    out.push("", "Examples:", "", ...spec.examples.map((e) => `- \`${e.command}\`${e.note ? ` — ${e.note}` : ""}`));
  }
  return out.join("\n");
}
