// formatAxm: the canonical text of axm.md §8. Validates first, refuses Plans without an .axm form.
import { AxiomError, collectIssues, type Plan, type PlanArtifact, PlanSchema, wireIssues } from "@codai/axiom-schema";
import { assertExpressible } from "./expressible";
import { IDENT_RE } from "./tokens";

/** `EOF` unless a content line equals it; then the first free `EOF_<n>` (§8.3). */
export function hereDocTerminator(content: string): string {
  const lines = new Set(content.split("\n"));
  if (!lines.has("EOF")) return "EOF";
  for (let n = 1; ; n++) {
    if (!lines.has(`EOF_${n}`)) return `EOF_${n}`;
  }
}

export function formatAxm(plan: Plan): string {
  try {
    return formatChecked(plan);
  } catch (err) {
    if (err instanceof AxiomError) throw err;
    // e.g. a cyclic or absurdly deep object: still a refusal with a code, never a bare exception
    const reason = err instanceof Error ? err.message : String(err);
    throw new AxiomError("ERR_INVALID_PLAN", { message: `plan cannot be formatted: ${reason}`, cause: err });
  }
}

function formatChecked(plan: Plan): string {
  const checked = collectIssues(PlanSchema, plan);
  if (!checked.ok) {
    throw new AxiomError("ERR_INVALID_PLAN", {
      message: "plan does not match its schema",
      details: { issues: wireIssues(checked.issues) },
    });
  }
  const p = checked.value;
  assertExpressible(p);
  const out: string[] = ['axiom "2"', "", `plan ${p.name} {`];
  out.push(`  intent ${str(p.intent)}`);
  out.push(`  profile ${word(p.profile)}`);
  out.push(`  capabilities [${p.capabilities.join(", ")}]`);
  if (p.counter !== undefined) out.push(`  counter ${String(p.counter)}`);
  for (const a of p.artifacts) out.push("", ...artifactLines(a));
  if (p.checks.length > 0) out.push("");
  for (const c of p.checks) out.push(`  check ${word(c.id)} using ${c.predicate} ${json(c.params)}`);
  out.push("", `  meta ${json(p.metadata)}`, "}");
  return `${out.join("\n")}\n`;
}

function artifactLines(a: PlanArtifact): string[] {
  const lines = [`  artifact ${str(a.path)} {`, `    mode ${a.mode}`, `    op ${a.op}`];
  const s = a.source;
  if (a.op !== "delete" && s) {
    switch (s.type) {
      case "inline":
        lines.push(...heredoc("    inline", s.content));
        break;
      case "cas":
        lines.push(`    cas ${str(s.digest)}`);
        break;
      case "ref":
        lines.push(`    ref ${str(s.uri)} ${str(s.digest)}`);
        break;
      case "template":
        lines.push(`    template ${s.emitter} ${str(s.template)} ${json(s.params)}`);
        break;
      case "patch": {
        const pre = s.preImage === "absent" ? "absent" : str(s.preImage);
        lines.push(...heredoc(`    patch ${s.format} ${pre}`, s.body.slice(0, -1)));
        break;
      }
    }
  }
  lines.push("  }");
  return lines;
}

/** Opener, the content (plus the LF that precedes the terminator when non-empty), terminator. */
function heredoc(prefix: string, content: string): string[] {
  const term = hereDocTerminator(content);
  return content === "" ? [`${prefix} <<${term}`, term] : [`${prefix} <<${term}`, content, term];
}

function str(s: string): string {
  return JSON.stringify(s);
}

function word(s: string): string {
  return IDENT_RE.test(s) ? s : str(s);
}

function json(value: unknown): string {
  return JSON.stringify(value);
}
