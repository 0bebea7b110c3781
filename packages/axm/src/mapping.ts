// The Plan input of axm.md §6 built from the resolved file, and the span map of §7.5 that sends
// a schema issue path back to the source range that produced it.
import type { Source } from "./ast";
import type { Span } from "./diagnostics";
import type { ResolvedArtifact, ResolvedPlan } from "./semantic";

export interface Mapped {
  input: Record<string, unknown>;
  spans: Map<string, Span>;
}

export function buildPlanInput(plan: ResolvedPlan): Mapped {
  const spans = new Map<string, Span>();
  const input: Record<string, unknown> = { apiVersion: "axiom.dev/v2", kind: "Plan", name: plan.decl.name.value };
  spans.set("name", plan.decl.name);
  input.intent = plan.intent.value;
  spans.set("intent", plan.intent);
  if (plan.profile) {
    input.profile = plan.profile.value;
    spans.set("profile", plan.profile);
  }
  if (plan.capabilities) {
    input.capabilities = plan.capabilities.caps.map((c) => c.value);
    for (const [i, c] of plan.capabilities.caps.entries()) spans.set(`capabilities.${i}`, c);
  }
  if (plan.counter) {
    input.counter = Number(plan.counter.value);
    spans.set("counter", plan.counter);
  }
  spans.set("artifacts", plan.decl);
  input.artifacts = plan.artifacts.map((a, i) => artifactInput(a, `artifacts.${i}`, spans));
  input.checks = plan.checks.map(({ item, params }, j) => {
    const key = `checks.${j}`;
    spans.set(key, item);
    spans.set(`${key}.id`, item.id);
    spans.set(`${key}.predicate`, item.predicate);
    spans.set(`${key}.params`, item.params ?? item.id);
    return { id: item.id.value, predicate: item.predicate.value, params: item.params ? params : {}, severity: "error" };
  });
  if (plan.meta) {
    input.metadata = plan.meta.value;
    spans.set("metadata", plan.meta.block);
  }
  return { input, spans };
}

function artifactInput(a: ResolvedArtifact, key: string, spans: Map<string, Span>): Record<string, unknown> {
  const out: Record<string, unknown> = { path: a.decl.path.value };
  spans.set(key, a.decl);
  spans.set(`${key}.path`, a.decl.path);
  if (a.mode) {
    out.mode = a.mode.value;
    spans.set(`${key}.mode`, a.mode);
  }
  if (a.op) {
    out.op = a.op.value;
    spans.set(`${key}.op`, a.op);
  }
  if (a.source) {
    spans.set(`${key}.source`, a.source);
    out.source = sourceInput(a.source, a.params, `${key}.source`, spans);
  } else {
    spans.set(`${key}.source`, a.decl.body);
  }
  return out;
}

function sourceInput(s: Source, params: unknown, key: string, spans: Map<string, Span>): Record<string, unknown> {
  switch (s.type) {
    case "inline":
      spans.set(`${key}.content`, s.heredoc);
      return { type: "inline", encoding: "utf8", content: s.heredoc.content };
    case "cas":
      spans.set(`${key}.digest`, s.digest);
      return { type: "cas", digest: s.digest.value };
    case "ref":
      spans.set(`${key}.uri`, s.uri);
      spans.set(`${key}.digest`, s.digest);
      return { type: "ref", uri: s.uri.value, digest: s.digest.value };
    case "template":
      spans.set(`${key}.emitter`, s.emitter);
      spans.set(`${key}.template`, s.template);
      spans.set(`${key}.params`, s.params ?? s.template);
      return { type: "template", emitter: s.emitter.value, template: s.template.value, params: s.params ? params : {} };
    case "patch":
      spans.set(`${key}.format`, s.format);
      spans.set(`${key}.preImage`, s.preImage);
      spans.set(`${key}.body`, s.body);
      return { type: "patch", format: s.format.value, preImage: s.preImage.value, body: `${s.body.content}\n` };
  }
}

/** Longest present prefix of the dotted issue path (§7.5); undefined when none is present. */
export function spanForPath(spans: Map<string, Span>, path: string): Span | undefined {
  const parts = path === "" ? [] : path.split(".");
  for (let n = parts.length; n > 0; n--) {
    const hit = spans.get(parts.slice(0, n).join("."));
    if (hit) return hit;
  }
  return undefined;
}
