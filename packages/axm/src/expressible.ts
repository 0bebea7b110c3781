// The expressible-Plan conditions of axm.md §8.4: a valid Plan that has no .axm form is refused
// with ERR_INVALID_PLAN, `path` = the first offending field in Plan order and a fixed reason.
import { AxiomError, type Plan } from "@codai/axiom-schema";

const QUAL_IDENT_RE = /^[A-Za-z0-9_][A-Za-z0-9_-]*(\.[A-Za-z0-9_][A-Za-z0-9_-]*)*$/;

type Refusal = { path: string; reason: string; message: string };

export function assertExpressible(plan: Plan): void {
  const refusal = findRefusal(plan);
  if (refusal) {
    throw new AxiomError("ERR_INVALID_PLAN", {
      message: `plan has no .axm form: ${refusal.message}`,
      path: refusal.path,
      details: { reason: refusal.reason },
    });
  }
}

function findRefusal(plan: Plan): Refusal | undefined {
  const caps = new Set<string>();
  for (const [k, c] of plan.capabilities.entries()) {
    if (caps.has(c))
      return { path: `capabilities.${k}`, reason: "duplicate-capability", message: `capability ${c} repeated` };
    caps.add(c);
  }
  const paths = new Set<string>();
  for (const [i, a] of plan.artifacts.entries()) {
    const key = `artifacts.${i}`;
    if (paths.has(a.path))
      return { path: `${key}.path`, reason: "duplicate-artifact-path", message: `path ${a.path} repeated` };
    paths.add(a.path);
    const s = a.source;
    if (!s) continue;
    if (s.type === "inline") {
      if (s.encoding !== "utf8")
        return { path: `${key}.source.encoding`, reason: "base64-content", message: "base64 inline content" };
      if (s.content.includes("\r"))
        return { path: `${key}.source.content`, reason: "carriage-return", message: "content holds a CR" };
    } else if (s.type === "patch") {
      if (s.body.includes("\r"))
        return { path: `${key}.source.body`, reason: "carriage-return", message: "patch body holds a CR" };
      if (!s.body.endsWith("\n")) {
        return {
          path: `${key}.source.body`,
          reason: "patch-final-newline",
          message: "patch body does not end with LF",
        };
      }
    } else if (s.type === "template" && !QUAL_IDENT_RE.test(s.emitter)) {
      return {
        path: `${key}.source.emitter`,
        reason: "emitter-name",
        message: `emitter ${JSON.stringify(s.emitter)} is not a name`,
      };
    }
  }
  const ids = new Set<string>();
  for (const [j, c] of plan.checks.entries()) {
    const key = `checks.${j}`;
    if (ids.has(c.id)) return { path: `${key}.id`, reason: "duplicate-check-id", message: `check id ${c.id} repeated` };
    ids.add(c.id);
    if (c.params === null || typeof c.params !== "object") {
      return { path: `${key}.params`, reason: "check-params", message: "check params are not an object or array" };
    }
    if (c.severity !== "error")
      return { path: `${key}.severity`, reason: "check-severity", message: `check severity ${c.severity}` };
  }
  return undefined;
}
