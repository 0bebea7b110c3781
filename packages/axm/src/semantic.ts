// Stage 2 (axm.md §5): the semantic rules, reported in rule order, plus the "resolved" view of the
// file (the items that count: the first of each repeatable item) that the Plan mapping reads.
import type { ArtifactDecl, AxmFile, JsonBlock, PlanDecl, PlanItem, Source, Str, Word } from "./ast";
import type { Span, SpanDiagnostic } from "./diagnostics";

export type CheckItem = Extract<PlanItem, { kind: "check" }>;
export type CapabilitiesItem = Extract<PlanItem, { kind: "capabilities" }>;

export interface ResolvedArtifact {
  decl: ArtifactDecl;
  mode?: Word;
  op?: Word;
  source?: Source;
  /** Parsed template params, when the source is a template with a JSON block. */
  params?: unknown;
}

export interface ResolvedCheck {
  item: CheckItem;
  params?: unknown;
}

export interface ResolvedPlan {
  decl: PlanDecl;
  intent: Str;
  profile?: Word;
  capabilities?: CapabilitiesItem;
  counter?: Word;
  meta?: { block: JsonBlock; value: unknown };
  artifacts: ResolvedArtifact[];
  checks: ResolvedCheck[];
}

const CAPABILITIES = new Set(["fs", "net", "secret", "ai", "compute", "git"]);
const SINGLE_ITEMS = ["intent", "profile", "capabilities", "counter", "meta"] as const;
const COUNTER_RE = /^(0|[1-9][0-9]*)$/;

export type SemanticResult = { ok: true; plan: ResolvedPlan } | { ok: false; diagnostics: SpanDiagnostic[] };

/** Runs every rule of §5 on the file; the diagnostics come out grouped in rule order. */
export function checkSemantics(file: AxmFile): SemanticResult {
  const rules: SpanDiagnostic[][] = Array.from({ length: 17 }, () => []);
  const report = (rule: number, span: Span, message: string) =>
    (rules[rule] as SpanDiagnostic[]).push({ code: "ERR_INVALID_PLAN", message, span });

  if (file.version.value !== "2")
    report(1, file.version, `unsupported axm version ${JSON.stringify(file.version.value)}; expected "2"`);
  const [decl, ...extra] = file.plans;
  if (!decl) report(2, file.header, "file declares no plan");
  for (const p of extra) report(3, p, "only one plan per file is allowed");

  let plan: ResolvedPlan | undefined;
  if (decl) plan = checkPlan(decl, report);
  const diagnostics = rules.flat();
  if (diagnostics.length > 0 || !plan) return { ok: false, diagnostics };
  return { ok: true, plan };
}

type Report = (rule: number, span: Span, message: string) => void;

function checkPlan(decl: PlanDecl, report: Report): ResolvedPlan | undefined {
  const first = new Map<string, PlanItem>();
  const artifacts: ResolvedArtifact[] = [];
  const checks: ResolvedCheck[] = [];
  for (const item of decl.items) {
    if ((SINGLE_ITEMS as readonly string[]).includes(item.kind)) {
      if (first.has(item.kind)) report(4, item, `duplicate ${item.kind}`);
      else first.set(item.kind, item);
    } else if (item.kind === "artifact") {
      artifacts.push(resolveArtifact(item, report));
    } else if (item.kind === "check") {
      checks.push({ item });
    }
  }
  const intent = first.get("intent") as Extract<PlanItem, { kind: "intent" }> | undefined;
  if (!intent) report(5, decl.name, "plan has no intent");

  const caps = first.get("capabilities") as CapabilitiesItem | undefined;
  if (caps) {
    for (const c of caps.caps) {
      if (!CAPABILITIES.has(c.value)) {
        report(6, c, `unknown capability ${JSON.stringify(c.value)} (expected fs, net, secret, ai, compute or git)`);
      }
    }
    const seen = new Set<string>();
    for (const c of caps.caps) {
      if (seen.has(c.value)) report(7, c, `duplicate capability ${JSON.stringify(c.value)}`);
      seen.add(c.value);
    }
  }

  const counter = first.get("counter") as Extract<PlanItem, { kind: "counter" }> | undefined;
  if (counter && !isCounter(counter.value.value)) report(8, counter.value, "counter must be a non-negative integer");

  const paths = new Set<string>();
  for (const a of artifacts) {
    const p = a.decl.path.value;
    if (paths.has(p)) report(9, a.decl.path, `duplicate artifact path ${JSON.stringify(p)}`);
    paths.add(p);
  }
  // Rules 10–13 ran inside resolveArtifact (they are per artifact).
  const ids = new Set<string>();
  for (const c of checks) {
    const id = c.item.id.value;
    if (ids.has(id)) report(14, c.item.id, `duplicate check id ${JSON.stringify(id)}`);
    ids.add(id);
  }

  const metaItem = first.get("meta") as Extract<PlanItem, { kind: "meta" }> | undefined;
  let meta: ResolvedPlan["meta"];
  if (metaItem) {
    const parsed = parseJson(metaItem.json, "meta", report);
    if (parsed.ok) {
      const v = parsed.value;
      if (v === null || typeof v !== "object" || Array.isArray(v))
        report(16, metaItem.json, "meta must be a JSON object");
      meta = { block: metaItem.json, value: v };
    }
  }
  for (const c of checks) {
    if (c.item.params) {
      const parsed = parseJson(c.item.params, "check params", report);
      if (parsed.ok) c.params = parsed.value;
    }
  }
  for (const a of artifacts) {
    if (a.source?.type === "template" && a.source.params) {
      const parsed = parseJson(a.source.params, "template params", report);
      if (parsed.ok) a.params = parsed.value;
    }
  }

  if (!intent) return undefined;
  const profile = first.get("profile") as Extract<PlanItem, { kind: "profile" }> | undefined;
  return {
    decl,
    intent: intent.value,
    ...(profile ? { profile: profile.value } : {}),
    ...(caps ? { capabilities: caps } : {}),
    ...(counter ? { counter: counter.value } : {}),
    ...(meta ? { meta } : {}),
    artifacts,
    checks,
  };
}

/** Rules 10–13 for one artifact; the first mode, op and source count. */
function resolveArtifact(decl: ArtifactDecl, report: Report): ResolvedArtifact {
  const out: ResolvedArtifact = { decl };
  for (const item of decl.items) {
    if (item.kind === "mode" || item.kind === "op") {
      if (out[item.kind]) report(10, item, `duplicate ${item.kind}`);
      else out[item.kind] = item.value;
    } else if (out.source) {
      report(12, item, "an artifact has exactly one source");
    } else {
      out.source = item.source;
    }
  }
  if (out.mode && out.mode.value !== "0644" && out.mode.value !== "0755") {
    report(11, out.mode, `mode must be 0644 or 0755, got ${out.mode.value}`);
  }
  const s = out.source;
  if (s?.type === "patch" && !s.preImage.quoted && s.preImage.value !== "absent") {
    report(13, s.preImage, 'patch pre-image must be a "sha256:…" digest or the word absent');
  }
  return out;
}

function isCounter(text: string): boolean {
  return COUNTER_RE.test(text) && Number(text) <= Number.MAX_SAFE_INTEGER;
}

function parseJson(block: JsonBlock, what: string, report: Report): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(block.text) };
  } catch (err) {
    if (err instanceof SyntaxError) {
      report(15, block, `${what}: ${err.message}`);
      return { ok: false };
    }
    throw err;
  }
}
