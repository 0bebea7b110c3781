// Check findings placed where a person looks for them (issue 22): on the file they name, and a
// secret finding on the first line of the new content its detector matches (a finding names the
// pattern only, never the text, checks.md §4.4). A report is read for display: a malformed one
// shows no findings.
import { detect, SECRET_PATTERN_NAMES, type SecretPatternName } from "@codai/axiom-rules";
import { layout } from "@codai/axiom-store";
import { readJsonDoc } from "@codai/axiom-workflow";

export interface ShownFinding {
  id: string;
  severity: string;
  predicate: string;
  message: string;
  path?: string;
  /** The secret detector a content.noSecrets finding names. */
  pattern?: string;
  /** 1-based line of the new content. */
  line?: number;
}

export interface ShownReport {
  verdict: string;
  profile: string;
  findings: ShownFinding[];
}

function asFinding(v: unknown): ShownFinding | undefined {
  if (typeof v !== "object" || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if (typeof o.id !== "string" || typeof o.message !== "string") return undefined;
  const f: ShownFinding = {
    id: o.id,
    severity: typeof o.severity === "string" ? o.severity : "error",
    predicate: typeof o.predicate === "string" ? o.predicate : "",
    message: o.message,
  };
  if (typeof o.path === "string") f.path = o.path;
  const pattern = (o.facts as { pattern?: unknown } | undefined)?.pattern;
  if (typeof pattern === "string") f.pattern = pattern;
  return f;
}

/** The stored report of a digest (`reports/<hex>.json`), or undefined. */
export async function readReport(root: string, hex: string): Promise<ShownReport | undefined> {
  const doc = await readJsonDoc(layout.report(root, hex));
  if (doc === undefined || !Array.isArray(doc.findings)) return undefined;
  return {
    verdict: typeof doc.verdict === "string" ? doc.verdict : "unknown",
    profile: typeof doc.profile === "string" ? doc.profile : "",
    findings: doc.findings.map(asFinding).filter((f): f is ShownFinding => f !== undefined),
  };
}

const PATTERNS = new Set<string>(SECRET_PATTERN_NAMES);

/** The first line of `text` the secret detector `pattern` matches, or undefined. */
export function secretLine(pattern: string, text: string): number | undefined {
  if (!PATTERNS.has(pattern)) return undefined;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) if (detect(pattern as SecretPatternName, lines[i] ?? "")) return i + 1;
  return undefined;
}
