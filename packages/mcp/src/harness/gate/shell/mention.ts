// The fail-closed rule (decisions SEC-4): text the gate cannot resolve — an opaque program's words,
// an unresolvable word, a script it cannot read — denies when one of its tokens, resolved against
// the working directory, is a denied path or a protected directory; from an unknown directory, a
// token whose file name could be the last segment of a deny glob (settings.json, .env, …) denies.
import { joinCwd } from "./paths";
import { escapePattern } from "./pattern-form";
import type { Protection } from "./protect";
import { relOf, type ShellContext } from "./scope";

const TOKEN_SPLIT = /[^\p{L}\p{N}._\-/~@+%]+/u;

/** The protected path a token of opaque text names, or undefined. */
function tokenHit(ctx: ShellContext, P: Protection, token: string, cwd: string | null): string | undefined {
  if (token.startsWith("~") || /^\.+$/.test(token)) return undefined;
  const hit = (rel: string | undefined) =>
    rel !== undefined && rel !== "" && (P.denied(rel) || P.area(rel)) ? rel : undefined;
  if (token.startsWith("/")) return hit(relOf(ctx, token));
  if (cwd !== null) return hit(relOf(ctx, joinCwd(cwd, token)));
  const clean = token.replace(/^\.\//, "");
  const last =
    clean
      .split("/")
      .filter((s) => s !== "")
      .at(-1) ?? "";
  if (P.denied(clean) || P.area(clean)) return clean;
  if (last !== "" && P.fileName(escapePattern(last))) return clean;
  return undefined;
}

/** The first protected path the text names (a short option with its value attached counts: `-o.env`). */
export function mentionHit(ctx: ShellContext, P: Protection, text: string, cwd: string | null): string | undefined {
  for (const raw of text.split(TOKEN_SPLIT)) {
    if (raw.length < 2) continue;
    const candidates = [raw];
    if (raw.startsWith("-")) candidates.push(raw.replace(/^-+[A-Za-z]?/, ""));
    for (const t of candidates) {
      if (t.length < 2) continue;
      const h = tokenHit(ctx, P, t, cwd);
      if (h !== undefined) return h;
    }
  }
  return undefined;
}
