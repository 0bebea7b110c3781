// The shell judgement's walk (decisions SEC-2, SEC-3): every statement of a parsed command line,
// nested shell text (`sh -c`, `eval`, scripts) parsed and walked again, and each command handed to
// the command table with the shell's state. The statement kinds are walked in statements.ts and
// its siblings; this class holds what they share: the findings, the functions defined so far and
// the nesting depth that keeps `eval "$(…)"`-style recursion finite.
import { runCommand } from "../commands/dispatch";
import type { SyntaxNode } from "../parser";
import { commandName, joinCwd } from "../paths";
import { type Arg, resolveWord, visitSubstitutions } from "../words";
import { FindingRecorder } from "./findings";
import { hasError, STATEMENT_TYPES } from "./nodes";
import { copy, type ExecContext, type State } from "./state";
import { walkStatement } from "./statements";

export interface AnalyzerHost {
  /** Text of a script or patch file the line runs or applies (undefined: unreadable, outside, too big). */
  readFile(raw: string): string | undefined;
  /** Parses nested shell text (`sh -c`, `eval`, heredocs, scripts). */
  parse(text: string): SyntaxNode;
}

const MAX_DEPTH = 8;

export class Analyzer extends FindingRecorder {
  private depth = 0;
  private readonly functions = new Map<string, SyntaxNode>();

  constructor(readonly host: AnalyzerHost) {
    super();
  }

  /** A word's arguments; its `$(…)` bodies are walked (on a copy of the state) as they are met. */
  words(node: SyntaxNode, st: State): Arg[] {
    return resolveWord(node, { vars: st.vars, substitution: (body) => this.substatements(body, copy(st)) });
  }

  /** The statements of a substitution body, in order. */
  substatements(body: SyntaxNode[], st: State): void {
    let s = st;
    for (const n of body) s = this.statement(n, s);
  }

  run(root: SyntaxNode, st: State): State {
    return this.sequence(root.children, st);
  }

  /** Nested shell text (sh -c, eval, heredoc scripts): parsed and walked; too deep → opaque. */
  script(text: string, via: string, st: State): State {
    if (this.depth >= MAX_DEPTH) {
      this.mention(text, via, st);
      return st;
    }
    this.depth++;
    try {
      const tree = this.host.parse(text);
      if (hasError(tree)) this.mention(text, `${via} (unparsed part)`, st);
      return this.sequence(tree.children, st);
    } finally {
      this.depth--;
    }
  }

  sequence(nodes: SyntaxNode[], st: State): State {
    let s = st;
    for (const n of nodes) if (n.named) s = this.statement(n, s);
    return s;
  }

  statement(node: SyntaxNode, st: State, ctx: ExecContext = {}): State {
    return walkStatement(this, node, st, ctx);
  }

  /** Any other node: statements inside run in order; substitutions anywhere else run too. */
  generic(node: SyntaxNode, st: State): State {
    let s = st;
    for (const c of node.children) {
      if (STATEMENT_TYPES.has(c.type)) s = this.statement(c, s);
      else visitSubstitutions(c, { vars: s.vars, substitution: (body) => this.substatements(body, copy(s)) });
    }
    return s;
  }

  /** A function definition: its body runs again at each call (exec). */
  defineFunction(name: string, body: SyntaxNode): void {
    this.functions.set(name, body);
  }

  /** A file the line reads as a script or patch, relative to the (single, known) cwd. */
  readAt(raw: string, st: State): string | undefined {
    const cwd = st.cwds.length === 1 ? st.cwds[0] : null;
    if (cwd === null || cwd === undefined) return undefined;
    return this.host.readFile(joinCwd(cwd, raw));
  }

  /** Runs argv[0] with the rest (after wrappers are peeled); returns the shell's state after it. */
  exec(argv: Arg[], st: State, ctx: ExecContext): State {
    const [head, ...args] = argv;
    if (head === undefined) return st;
    if (head.opaque || head.glob) {
      this.opaque(argv, "command name not known", st, ctx);
      return st;
    }
    const fn = this.functions.get(head.text);
    if (fn !== undefined && this.depth < MAX_DEPTH) {
      this.depth++;
      try {
        this.statement(fn, copy(st));
      } finally {
        this.depth--;
      }
      this.opaque(args, `function ${head.text}`, { ...st, cwds: [] }, ctx);
      return st;
    }
    return runCommand(this, commandName(head.text), args, st, ctx);
  }
}
