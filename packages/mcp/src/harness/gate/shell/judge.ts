// The shell judgement (hooks-doctor.md §2.6 as amended by decisions SEC-2…SEC-5), the entry of the
// gate's lazy shell chunk (gate/evaluate.ts imports it for shell payloads only): parse the command
// line with tree-sitter-bash, walk it (analyze/), decide the findings against the gate profile's
// deny globs (decide.ts). A tree with syntax errors is also scanned by the old heuristic
// (shell-scan.ts), and its whole text goes to the fail-closed mention rule: error recovery may
// have dropped words.
import { scanShell } from "../shell-scan";
import type { Denial, RawTarget } from "../types";
import { Analyzer } from "./analyze/analyzer";
import type { Finding } from "./analyze/findings";
import { hasError } from "./analyze/nodes";
import { initialState } from "./analyze/state";
import { decide } from "./decide";
import { readScript } from "./disk";
import { loadBashParser, parseBash } from "./parser";
import type { ShellContext } from "./scope";

export interface ShellJudgement {
  /** Literal targets for the usual resolution (§2.8) and predicates (§2.10). */
  targets: RawTarget[];
  /** A denial decided on the parsed line (globs, opaque commands, directories, links). */
  denial?: Denial;
  findings: Finding[];
}

export async function judgeShell(command: string, ctx: ShellContext): Promise<ShellJudgement> {
  await loadBashParser();
  const tree = parseBash(command);
  const analyzer = new Analyzer({ readFile: (raw) => readScript(ctx, raw), parse: parseBash });
  analyzer.run(tree, initialState());
  const findings = [...analyzer.findings];
  if (hasError(tree)) {
    for (const t of scanShell(command)) findings.push({ kind: "path", raw: t.raw, op: t.op, via: "heuristic scan" });
    findings.push({ kind: "mention", text: command, cwd: "", via: "a line the parser could not fully read" });
  }
  const { targets, denial } = decide(ctx, findings);
  const seen = new Set<string>();
  const unique = targets.filter((t) => {
    const k = `${t.op}\u0000${t.raw}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
  return { targets: unique, ...(denial ? { denial } : {}), findings };
}
