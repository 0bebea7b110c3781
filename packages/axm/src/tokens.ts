// Token kinds and the keyword list of axm.md §2.3.
import type { Span } from "./diagnostics";

export const KEYWORDS: ReadonlySet<string> = new Set([
  "axiom",
  "plan",
  "intent",
  "profile",
  "capabilities",
  "counter",
  "artifact",
  "mode",
  "op",
  "inline",
  "template",
  "patch",
  "cas",
  "ref",
  "check",
  "using",
  "meta",
  "create",
  "overwrite",
  "delete",
  "fs",
  "net",
  "secret",
  "ai",
  "compute",
  "git",
]);

export type Token =
  | (Span & { kind: "ident"; text: string })
  | (Span & { kind: "string"; value: string; digest: boolean })
  | (Span & { kind: "heredoc"; content: string })
  | (Span & { kind: "json"; text: string })
  | (Span & { kind: "punct"; text: "{" | "}" | "[" | "]" | "," | "." })
  | (Span & { kind: "eof" });

export const IDENT_RE = /^[A-Za-z0-9_][A-Za-z0-9_-]*$/;

/** How a token reads in a syntax error message. */
export function describeToken(t: Token): string {
  switch (t.kind) {
    case "ident":
      return KEYWORDS.has(t.text) ? `keyword ${t.text}` : `name ${t.text}`;
    case "string":
      return t.digest ? "a digest string" : "a string";
    case "heredoc":
      return "a heredoc";
    case "json":
      return "a JSON block";
    case "punct":
      return `"${t.text}"`;
    case "eof":
      return "end of input";
  }
}
