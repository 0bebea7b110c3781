// Shell variables the line assigns (decisions SEC-3): `f=.env; echo x > $f` writes .env, so the
// walk keeps each variable's value while it is known (a literal, `+=` of literals) and otherwise
// keeps every text it may hold as the hint the fail-closed mention rule reads.
import type { SyntaxNode } from "../parser";
import { argText, known, unknown } from "../words";
import type { Analyzer } from "./analyzer";
import type { State } from "./state";

export function assign(a: Analyzer, node: SyntaxNode, st: State): void {
  const name = node.children.find((c) => c.field === "name");
  const value = node.children.find((c) => c.field === "value");
  if (!name) return;
  const append = node.children.some((c) => c.type === "+=");
  if (!value) {
    st.vars.set(name.text, append ? (st.vars.get(name.text) ?? unknown()) : known(""));
    return;
  }
  const args = a.words(value, st);
  const v = args.length === 1 && !args[0]?.opaque && value.type !== "array" ? (args[0] as { text: string }).text : null;
  const hint = v ?? args.map(argText).join(" ");
  if (append) {
    const prev = st.vars.get(name.text);
    if (prev !== undefined && prev.value !== null && v !== null) st.vars.set(name.text, known(prev.value + v));
    else st.vars.set(name.text, unknown(`${prev?.hint ?? ""}${hint}`));
  } else st.vars.set(name.text, v === null ? unknown(hint) : known(v));
}

/** `declare`/`export`/`local`/`readonly`: assignments, and other words walked for substitutions. */
export function declaration(a: Analyzer, node: SyntaxNode, st: State): State {
  for (const c of node.children) {
    if (c.type === "variable_assignment") assign(a, c, st);
    else if (c.named) a.words(c, st);
  }
  return st;
}

export function unset(node: SyntaxNode, st: State): State {
  for (const c of node.children) if (c.named) st.vars.set(c.text, unknown());
  return st;
}
