// The git subcommands of hooks-doctor.md §2.6 that write working-tree paths: checkout, reset,
// restore, stash and mv write their path operands, clean and rm delete them, and `clean` or
// `reset --hard` touch the whole tree. The old heuristic (shell-scan.ts) reads git with this too.
import type { Op } from "../../analyze/state";

const WORKTREE_WRITES: ReadonlyMap<string, Op> = new Map([
  ["checkout", "write"],
  ["reset", "write"],
  ["clean", "delete"],
  ["restore", "write"],
  ["rm", "delete"],
  ["mv", "write"],
  ["stash", "write"],
]);

export interface WorktreeWrite<W> {
  op: Op;
  /** The words after the subcommand that are not options (after `--`, all of them). */
  operands: W[];
  /** `git clean`, `git reset --hard`: the whole tree (`.`). */
  wholeTree: boolean;
}

/** What `git SUB REST…` writes in the working tree; undefined when SUB is not such a subcommand. */
export function worktreeWrite<W>(
  sub: string,
  rest: readonly W[],
  text: (w: W) => string | undefined,
): WorktreeWrite<W> | undefined {
  const op = WORKTREE_WRITES.get(sub);
  if (op === undefined) return undefined;
  const dd = rest.findIndex((x) => text(x) === "--");
  const operands = (dd === -1 ? rest : rest.slice(dd + 1)).filter((x) => {
    const t = text(x);
    return t === undefined || !t.startsWith("-");
  });
  const wholeTree = sub === "clean" || (sub === "reset" && rest.some((x) => text(x) === "--hard"));
  return { op, operands, wholeTree };
}
