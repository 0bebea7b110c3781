// Recursive-descent parser for the grammar of axm.md §4. It stops at the first error (StageOneError)
// and tells the scanner where a JSON block may start (§2.5).
import type {
  ArtifactDecl,
  ArtifactItem,
  AxmFile,
  HereDoc,
  JsonBlock,
  PlanDecl,
  PlanItem,
  Source,
  Str,
  Word,
} from "./ast";
import { StageOneError } from "./diagnostics";
import { Scanner } from "./lexer";
import { describeToken, type Token } from "./tokens";

const OPS = new Set(["create", "overwrite", "delete"]);

export function parseFile(source: string): AxmFile {
  return new Parser(new Scanner(source)).file();
}

class Parser {
  private current: Token | undefined;

  constructor(private readonly scanner: Scanner) {}

  // --- token plumbing -------------------------------------------------------------------------

  private peek(): Token {
    this.current ??= this.scanner.next(false);
    return this.current;
  }

  /** Lookahead at a JSON position: a `{` or `[` there starts a JSON block. */
  private peekJsonPosition(): Token {
    this.current ??= this.scanner.next(true);
    return this.current;
  }

  private take(): Token {
    const t = this.peek();
    this.current = undefined;
    return t;
  }

  private fail(t: Token, expected: string): never {
    if (t.kind === "eof") throw new StageOneError(t, `expected ${expected} (at end of input)`);
    throw new StageOneError(t, `expected ${expected}, found ${describeToken(t)}`);
  }

  private isKeyword(t: Token, word: string): boolean {
    return t.kind === "ident" && t.text === word;
  }

  private keyword(word: string): Token {
    const t = this.peek();
    if (!this.isKeyword(t, word)) this.fail(t, word);
    return this.take();
  }

  private punct(p: string): Token {
    const t = this.peek();
    if (t.kind !== "punct" || t.text !== p) this.fail(t, `"${p}"`);
    return this.take();
  }

  private isPunct(t: Token, p: string): boolean {
    return t.kind === "punct" && t.text === p;
  }

  private name(what = "a name"): Word {
    const t = this.peek();
    if (t.kind !== "ident") this.fail(t, what);
    this.take();
    return { value: t.text, quoted: false, start: t.start, end: t.end };
  }

  private string(what = "a string"): Str {
    const t = this.peek();
    if (t.kind !== "string") this.fail(t, what);
    this.take();
    return { value: t.value, digest: t.digest, start: t.start, end: t.end };
  }

  private digest(): Str {
    const t = this.peek();
    if (t.kind !== "string" || !t.digest) this.fail(t, 'a digest "sha256:<64 lowercase hex>"');
    return this.string();
  }

  private quotedDigest(): Word {
    const d = this.digest();
    return { value: d.value, quoted: true, start: d.start, end: d.end };
  }

  private nameOrString(what: string): Word {
    const t = this.peek();
    if (t.kind === "string") {
      this.take();
      return { value: t.value, quoted: true, start: t.start, end: t.end };
    }
    return this.name(what);
  }

  private heredoc(): HereDoc {
    const t = this.peek();
    if (t.kind !== "heredoc") this.fail(t, "a heredoc <<TERM");
    this.take();
    return { content: t.content, start: t.start, end: t.end };
  }

  /** Optional JSON block at a JSON position (§2.5 b, c). */
  private optionalJson(): JsonBlock | undefined {
    const t = this.peekJsonPosition();
    if (t.kind !== "json") return undefined;
    this.take();
    return { text: t.text, start: t.start, end: t.end };
  }

  /** QualIdent = Name { "." Name }; `jsonAfter` when a JSON block may follow its last Name. */
  private qualIdent(what: string, jsonAfter: boolean): Word {
    const first = this.name(what);
    let value = first.value;
    let end = first.end;
    for (;;) {
      const t = jsonAfter ? this.peekJsonPosition() : this.peek();
      if (!this.isPunct(t, ".")) break;
      this.take();
      const part = this.name('a name after "."');
      value += `.${part.value}`;
      end = part.end;
    }
    return { value, quoted: false, start: first.start, end };
  }

  // --- grammar ---------------------------------------------------------------------------------

  file(): AxmFile {
    const axiom = this.keyword("axiom");
    const version = this.string();
    const plans: PlanDecl[] = [];
    for (;;) {
      const t = this.peek();
      if (t.kind === "eof") break;
      if (!this.isKeyword(t, "plan")) this.fail(t, "plan or end of input");
      plans.push(this.plan());
    }
    return { header: { start: axiom.start, end: version.end }, version, plans };
  }

  private plan(): PlanDecl {
    const start = this.take().start;
    const name = this.name("a plan name");
    this.punct("{");
    const items: PlanItem[] = [];
    for (;;) {
      const t = this.peek();
      if (this.isPunct(t, "}")) {
        const close = this.take();
        return { name, items, start, end: close.end };
      }
      items.push(this.planItem(t));
    }
  }

  private planItem(t: Token): PlanItem {
    const word = t.kind === "ident" ? t.text : "";
    switch (word) {
      case "intent": {
        this.take();
        const value = this.string();
        return { kind: "intent", value, start: t.start, end: value.end };
      }
      case "profile": {
        this.take();
        const value = this.nameOrString("a profile name or string");
        return { kind: "profile", value, start: t.start, end: value.end };
      }
      case "capabilities":
        return this.capabilities();
      case "counter": {
        this.take();
        const value = this.name("a counter value");
        return { kind: "counter", value, start: t.start, end: value.end };
      }
      case "artifact":
        return this.artifact();
      case "check":
        return this.check();
      case "meta": {
        this.take();
        const j = this.peekJsonPosition();
        if (j.kind !== "json") this.fail(j, "a JSON block after meta");
        this.take();
        return { kind: "meta", json: { text: j.text, start: j.start, end: j.end }, start: t.start, end: j.end };
      }
      default:
        return this.fail(t, 'a plan item (intent, profile, capabilities, counter, artifact, check, meta) or "}"');
    }
  }

  private capabilities(): PlanItem {
    const start = this.take().start;
    this.punct("[");
    const caps: Word[] = [];
    if (!this.isPunct(this.peek(), "]")) {
      caps.push(this.name("a capability"));
      while (this.isPunct(this.peek(), ",")) {
        this.take();
        caps.push(this.name("a capability"));
      }
    }
    const close = this.punct("]");
    return { kind: "capabilities", caps, start, end: close.end };
  }

  private check(): PlanItem {
    const start = this.take().start;
    const id = this.nameOrString("a check id (name or string)");
    this.keyword("using");
    const predicate = this.qualIdent("a predicate name", true);
    const params = this.optionalJson();
    return { kind: "check", id, predicate, ...(params ? { params } : {}), start, end: (params ?? predicate).end };
  }

  private artifact(): ArtifactDecl {
    const start = this.take().start;
    const path = this.string("an artifact path string");
    const open = this.punct("{");
    const items: ArtifactItem[] = [];
    for (;;) {
      const t = this.peek();
      if (this.isPunct(t, "}")) {
        const close = this.take();
        return { kind: "artifact", path, body: { start: open.start, end: close.end }, items, start, end: close.end };
      }
      items.push(this.artifactItem(t));
    }
  }

  private artifactItem(t: Token): ArtifactItem {
    const word = t.kind === "ident" ? t.text : "";
    if (word === "mode") {
      this.take();
      const value = this.name("a mode (0644 or 0755)");
      return { kind: "mode", value, start: t.start, end: value.end };
    }
    if (word === "op") {
      this.take();
      const v = this.peek();
      if (v.kind !== "ident" || !OPS.has(v.text)) this.fail(v, "create, overwrite or delete");
      const value = this.name();
      return { kind: "op", value, start: t.start, end: value.end };
    }
    const source = this.source(t);
    return { kind: "source", source, start: source.start, end: source.end };
  }

  private source(t: Token): Source {
    const word = t.kind === "ident" ? t.text : "";
    switch (word) {
      case "inline": {
        this.take();
        const heredoc = this.heredoc();
        return { type: "inline", heredoc, start: t.start, end: heredoc.end };
      }
      case "template": {
        this.take();
        const emitter = this.qualIdent("an emitter name", false);
        const template = this.string("a template name string");
        const params = this.optionalJson();
        return {
          type: "template",
          emitter,
          template,
          ...(params ? { params } : {}),
          start: t.start,
          end: (params ?? template).end,
        };
      }
      case "cas": {
        this.take();
        const digest = this.digest();
        return { type: "cas", digest, start: t.start, end: digest.end };
      }
      case "ref": {
        this.take();
        const uri = this.string("a URI string");
        const digest = this.digest();
        return { type: "ref", uri, digest, start: t.start, end: digest.end };
      }
      case "patch": {
        this.take();
        const format = this.name("a patch format");
        const p = this.peek();
        const preImage: Word = p.kind === "ident" ? this.name() : this.quotedDigest();
        const body = this.heredoc();
        return { type: "patch", format, preImage, body, start: t.start, end: body.end };
      }
      default:
        return this.fail(t, 'an artifact item (mode, op, inline, template, cas, ref, patch) or "}"');
    }
  }
}
