// Deciding the walk's findings (decisions SEC-4), in order, the first denial winning: literal paths
// become targets for the usual resolution and predicates (gate/evaluate.ts); a glob that could name
// a denied path, names written into a protected directory, a write of a protected name from an
// unknown directory, unresolvable text that names a protected path, an opaque program run in a
// protected directory and a link to a protected path are denied here.
import * as path from "node:path";
import type { Denial, RawTarget } from "../types";
import type { Finding } from "./analyze/findings";
import { expandOnDisk } from "./disk";
import { mentionHit } from "./mention";
import { hasGlob, unescapePattern } from "./pattern-form";
import { type Protection, protectionOf } from "./protect";
import { relOf, type ShellContext } from "./scope";

type Of<K extends Finding["kind"]> = Extract<Finding, { kind: K }>;

const deny = (message: string, p?: string): Denial => ({
  code: "path.deny",
  message,
  ...(p !== undefined ? { path: p } : {}),
});

const pureWild = (seg: string) => /^[*?]*$/.test(seg) || seg === "**";

/** A live glob: denied when it could name a denied path; else its matches (or its text) are targets. */
function glob(ctx: ShellContext, P: Protection, f: Of<"glob">, targets: RawTarget[]): Denial | undefined {
  const rel = relOf(ctx, f.pattern);
  if (rel === undefined) {
    targets.push({ raw: unescapePattern(f.pattern), op: f.op });
    return undefined;
  }
  if (P.couldName(rel)) return deny(`a glob that could name a denied path (${f.via})`, unescapePattern(rel));
  const matches = expandOnDisk(ctx.root, rel);
  if (matches === undefined) {
    const last = rel.split("/").at(-1) ?? "";
    if (!pureWild(last) && P.fileName(last))
      return deny(
        `a glob with too many matches to list that could name a denied file (${f.via})`,
        unescapePattern(rel),
      );
    return undefined;
  }
  for (const m of matches) targets.push({ raw: path.join(ctx.root, m), op: f.op });
  if (matches.length === 0) targets.push({ raw: unescapePattern(f.pattern), op: f.op });
  return undefined;
}

function into(ctx: ShellContext, P: Protection, f: Of<"into">): Denial | undefined {
  const rel = relOf(ctx, f.dir);
  if (rel === undefined || rel === "") return undefined;
  if (P.area(rel) || P.denied(`${rel}/x`)) return deny(`writes into a protected directory (${f.via})`, rel);
  return undefined;
}

function loose(P: Protection, f: Of<"loose">): Denial | undefined {
  const name = unescapePattern(f.name);
  const last = f.name.split("/").at(-1) ?? "";
  const glob = hasGlob(f.name);
  if ((!pureWild(last) && P.fileName(last)) || (glob ? P.couldName(f.name) : P.denied(name) || P.area(name)))
    return deny(`a write from an unknown directory to a protected name (${f.via})`, name);
  return undefined;
}

function mention(ctx: ShellContext, P: Protection, f: Of<"mention">): Denial | undefined {
  const h = mentionHit(ctx, P, f.text, f.cwd);
  if (h === undefined) return undefined;
  return deny(`an unresolvable command names a protected path (fail-closed; ${f.via})`, h);
}

function area(ctx: ShellContext, P: Protection, f: Of<"area">): Denial | undefined {
  const rel = relOf(ctx, f.dir);
  if (rel !== undefined && rel !== "" && P.area(rel))
    return deny(`an unresolvable command runs in a protected directory (${f.via})`, rel);
  return undefined;
}

function alias(ctx: ShellContext, P: Protection, f: Of<"alias">): Denial | undefined {
  const rel = relOf(ctx, f.source);
  if (rel !== undefined && rel !== "" && (P.denied(rel) || P.area(rel)))
    return deny(`a link to a protected path (${f.via})`, rel);
  return undefined;
}

function decideOne(ctx: ShellContext, P: Protection, f: Finding, targets: RawTarget[]): Denial | undefined {
  switch (f.kind) {
    case "path":
      targets.push({ raw: f.raw, op: f.op });
      return undefined;
    case "rootPath":
      targets.push({ raw: path.join(ctx.root, f.rel), op: f.op });
      return undefined;
    case "glob":
      return glob(ctx, P, f, targets);
    case "into":
      return into(ctx, P, f);
    case "loose":
      return loose(P, f);
    case "mention":
      return mention(ctx, P, f);
    case "area":
      return area(ctx, P, f);
    case "alias":
      return alias(ctx, P, f);
  }
}

/** Decides the findings in order: the first denial wins; literal paths become targets. */
export function decide(ctx: ShellContext, findings: Finding[]): { targets: RawTarget[]; denial?: Denial } {
  const P = protectionOf(ctx.deny);
  const targets: RawTarget[] = [];
  for (const f of findings) {
    const denial = decideOne(ctx, P, f, targets);
    if (denial !== undefined) return { targets, denial };
  }
  return { targets };
}
