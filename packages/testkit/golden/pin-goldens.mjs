// One-time pinning of the golden digests by a path independent of packages/plan and canon:
// P′ and the ManifestBody are built by hand from formats.md §4–§5, serialised with a sorted-key
// JSON.stringify (identical to JCS for these fixtures: UTF-16 key order, ES number form, the same
// string escapes) and hashed with node:crypto. Run: node packages/testkit/golden/pin-goldens.mjs
// It writes `expected` into each fixture; re-pinning is a format break (formats.md §13).
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = dirname(fileURLToPath(import.meta.url));
const sha = (bytes) => createHash("sha256").update(bytes).digest("hex");
const jcs = (v) => {
  if (Array.isArray(v)) return `[${v.map(jcs).join(",")}]`;
  if (v !== null && typeof v === "object") {
    const keys = Object.keys(v).filter((k) => v[k] !== undefined).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${jcs(v[k])}`).join(",")}}`;
  }
  return JSON.stringify(v);
};
const byCodePoint = (a, b) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));
const bytesOf = (src) =>
  src.encoding === "base64" ? Buffer.from(src.content.replace(/\s+/g, ""), "base64") : Buffer.from(src.content, "utf8");
const treeBytes = (e) => ("text" in e ? Buffer.from(e.text, "utf8") : Buffer.from(e.base64, "base64"));

for (const file of readdirSync(dir).filter((f) => f.endsWith(".json")).sort()) {
  const fixture = JSON.parse(readFileSync(join(dir, file), "utf8"));
  // A patch fixture names its inline twin: the expected result bytes are the twin's inline
  // content (so the patch engine is checked against hand-written results, not against itself).
  const twin = fixture.twin ? JSON.parse(readFileSync(join(dir, `${fixture.twin}.json`), "utf8")) : undefined;
  const twinSource = (path) => twin?.plan.artifacts.find((a) => a.path === path)?.source;
  if (fixture.plan.artifacts.some((a) => a.source && a.source.type !== "inline" && !(a.source.type === "patch" && twinSource(a.path)))) {
    console.error(`skip ${file}: only inline sources (and patches with an inline twin) are pinned by this script`);
    continue;
  }
  const plan = fixture.plan;
  const arts = plan.artifacts.map((a) => {
    const op = a.op ?? "create";
    const mode = a.mode ?? "0644";
    if (op === "delete") return { path: a.path, op, mode };
    const isPatch = a.source.type === "patch";
    const bytes = bytesOf(isPatch ? twinSource(a.path) : a.source);
    return { path: a.path, op, mode, hex: sha(bytes), bytes: bytes.length, origin: isPatch ? "patch" : "inline" };
  });
  arts.sort((x, y) => byCodePoint(x.path, y.path));
  const checks = (plan.checks ?? []).map((c) => ({ id: c.id, predicate: c.predicate, params: c.params, severity: c.severity ?? "error" }));
  const prime = {
    apiVersion: plan.apiVersion,
    kind: plan.kind,
    name: plan.name,
    intent: plan.intent,
    profile: plan.profile ?? "default",
    capabilities: plan.capabilities ?? [],
    artifacts: arts.map((a) =>
      a.op === "delete"
        ? { path: a.path, mode: a.mode, op: a.op }
        : { path: a.path, mode: a.mode, op: a.op, source: { type: "inline", digest: `sha256:${a.hex}` } },
    ),
    checks,
    metadata: plan.metadata ?? {},
    ...(plan.counter === undefined ? {} : { counter: plan.counter }),
  };
  const planDigest = `sha256:${sha(Buffer.from(jcs(prime), "utf8"))}`;
  const body = {
    apiVersion: "axiom.dev/v2",
    kind: "Manifest",
    name: plan.name,
    profile: prime.profile,
    planDigest,
    artifacts: arts.map((a) =>
      a.op === "delete"
        ? { path: a.path, op: a.op, mode: a.mode }
        : { path: a.path, op: a.op, mode: a.mode, digest: { sha256: a.hex }, bytes: a.bytes, origin: a.origin },
    ),
    checks: [...checks].sort((x, y) => byCodePoint(x.id, y.id)),
    toolchain: { axiom: "2.0.0", emitters: {} },
    ...(plan.counter === undefined ? {} : { counter: plan.counter }),
  };
  if (fixture.compile?.root) {
    const tree = fixture.tree ?? {};
    body.preImage = arts.map((a) => ({ path: a.path, sha256: tree[a.path] ? sha(treeBytes(tree[a.path])) : "absent" }));
  }
  const manifestDigest = `sha256:${sha(Buffer.from(jcs(body), "utf8"))}`;
  const expected = {
    planDigest,
    manifestDigest,
    artifacts: Object.fromEntries(arts.map((a) => [a.path, a.hex ?? null])),
    ...(body.preImage ? { preImage: body.preImage } : {}),
  };
  writeFileSync(join(dir, file), `${JSON.stringify({ ...fixture, expected }, null, 2)}\n`);
  console.error(`pinned ${file}: ${planDigest} ${manifestDigest}`);
}
