// Resources (mcp.md §10): stored manifests, reports and applied results, the journal of each
// allowlisted root, profiles, JSON Schemas, the emitter catalogue and the lock overview, one
// registration per row of §10's table, in its order. Every URI variable is matched against a fixed
// shape before any lookup; reads never change a byte. The stored documents are read as files; the
// journal, profile, schema and lock documents come from the workflow.

import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { compareUtf8, isAxiomError, PROFILE_NAME_RE, SCHEMA_KINDS, toErrorObject } from "@codai/axiom-schema";
import { axiomDir } from "@codai/axiom-store/layout";
import { rootId as rootIdOf } from "../../common/roots";
import { type McpServer, ResourceTemplate, resourceNotFound, resourceReadError } from "../adapter";
import type { ServerContext } from "../context";
import { readStored, searchRoots } from "../tools/bundles";

const SHA_RE = /^(?:sha256:)?([0-9a-f]{64})$/;
const ROOT_ID_RE = /^[0-9a-f]{12}$/;
const BUILT_IN_PROFILES = ["default", "strict", "permissive"];
/** §10.1: the journal resource is `axiom log --json --limit 100`. */
const JOURNAL_LIMIT = 100;

type StoredDir = "manifests" | "reports" | "applied";

export function registerResources(server: McpServer, deps: ServerContext): void {
  registerStored(server, deps, "manifest", "manifests", "Stored ManifestBundle");
  registerStored(server, deps, "report", "reports", "Last CheckReport for a manifest");
  registerStored(server, deps, "applied", "applied", "ApplyResult of an applied manifest");
  registerJournal(server, deps);
  registerProfile(server, deps);
  registerSchema(server, deps);
  registerEmitters(server, deps);
  registerLock(server, deps);
}

function json(uri: string, value: unknown, mimeType = "application/json") {
  return { contents: [{ uri, mimeType, text: `${JSON.stringify(value, null, 2)}\n` }] };
}

function variable(vars: Record<string, string | string[]>, name: string): string {
  const v = vars[name];
  return Array.isArray(v) ? v.join(",") : (v ?? "");
}

/** §10.2: ERR_NOT_FOUND → -32602 not found, other codes → -32603. */
function readFailure(uri: string, err: unknown): Error {
  const e = toErrorObject(err);
  if (isAxiomError(err) && e.code === "ERR_NOT_FOUND") return resourceNotFound(uri);
  return resourceReadError(e.code, e.message);
}

/** List entries: bare hex (or id, name, kind) as `name`, `axiom://<kind>/<x>` as `uri`, sorted by URI. */
function listed(kind: string, names: Iterable<string>, mimeType = "application/json") {
  const resources = [...names].map((name) => ({ uri: `axiom://${kind}/${name}`, name, mimeType }));
  return { resources: resources.sort((a, b) => compareUtf8(a.uri, b.uri)) };
}

async function storedHexes(root: string, dir: StoredDir): Promise<string[]> {
  try {
    return (await readdir(join(axiomDir(root), dir)))
      .filter((n) => /^[0-9a-f]{64}\.json$/.test(n))
      .map((n) => n.slice(0, 64));
  } catch {
    return [];
  }
}

/** `axiom://manifest|report|applied/{sha}`: the stored file of the first search root that has it (§3.3). */
function registerStored(
  server: McpServer,
  deps: ServerContext,
  kind: "manifest" | "report" | "applied",
  dir: StoredDir,
  title: string,
): void {
  const template = new ResourceTemplate(`axiom://${kind}/{sha}`, {
    list: async () => {
      const hexes = new Set<string>();
      for (const root of searchRoots(deps)) for (const hex of await storedHexes(root, dir)) hexes.add(hex);
      return listed(kind, hexes);
    },
  });
  server.registerResource(kind, template, { title, mimeType: "application/json" }, async (uri, vars) => {
    const m = SHA_RE.exec(variable(vars, "sha"));
    if (!m) throw resourceNotFound(uri.href);
    const hit = await readStored(deps, dir, m[1]);
    if (!hit) throw resourceNotFound(uri.href);
    try {
      return json(uri.href, JSON.parse(hit.text));
    } catch {
      throw resourceReadError("ERR_INVALID_MANIFEST", `stored ${kind} is not JSON`);
    }
  });
}

/** `axiom://journal/{rootId}` (§10.1, D17): the history document of an allowlisted root. */
function registerJournal(server: McpServer, deps: ServerContext): void {
  const template = new ResourceTemplate("axiom://journal/{rootId}", {
    list: async () => listed("journal", [...deps.policy.roots].map(rootIdOf)),
  });
  const meta = { title: "Recent journal chain entries of a root", mimeType: "application/json" };
  server.registerResource("journal", template, meta, async (uri, vars) => {
    const id = variable(vars, "rootId");
    const root = ROOT_ID_RE.test(id) ? [...deps.policy.roots].find((r) => rootIdOf(r) === id) : undefined;
    if (!root) throw resourceNotFound(uri.href);
    try {
      return json(uri.href, await (await deps.workflow()).history(root, JOURNAL_LIMIT));
    } catch (err) {
      throw readFailure(uri.href, err);
    }
  });
}

/** `axiom://profile/{name}`: resolved from every allowlisted root's profiles, then the built-ins. */
function registerProfile(server: McpServer, deps: ServerContext): void {
  const template = new ResourceTemplate("axiom://profile/{name}", {
    list: async () => listed("profile", BUILT_IN_PROFILES),
  });
  const meta = { title: "Resolved check profile", mimeType: "application/json" };
  server.registerResource("profile", template, meta, async (uri, vars) => {
    const name = variable(vars, "name");
    if (!PROFILE_NAME_RE.test(name)) throw resourceNotFound(uri.href);
    try {
      return json(uri.href, await (await deps.workflow()).loadProfile(name, [...deps.policy.roots]));
    } catch (err) {
      const e = toErrorObject(err);
      // A profile that does not exist is a miss; an invalid profile file is a read error.
      if (e.code === "ERR_INVALID_PROFILE" && e.details?.profile === name && e.details?.path === undefined)
        throw resourceNotFound(uri.href);
      throw readFailure(uri.href, err);
    }
  });
}

/** `axiom://schema/{kind}`: the documents of `axiom schema <Kind>`; `kind` completes by prefix. */
function registerSchema(server: McpServer, deps: ServerContext): void {
  const template = new ResourceTemplate("axiom://schema/{kind}", {
    list: async () => listed("schema", SCHEMA_KINDS, "application/schema+json"),
    complete: {
      kind: (value) => SCHEMA_KINDS.filter((k) => k.toLowerCase().startsWith(value.toLowerCase())),
    },
  });
  const meta = { title: "JSON Schema (draft 2020-12)", mimeType: "application/schema+json" };
  server.registerResource("schema", template, meta, async (uri, vars) => {
    const kind = variable(vars, "kind");
    if (!(SCHEMA_KINDS as readonly string[]).includes(kind)) throw resourceNotFound(uri.href);
    const doc = (await deps.workflow()).schemaDocument(kind);
    if (!doc) throw resourceNotFound(uri.href);
    return json(uri.href, doc, "application/schema+json");
  });
}

/** `axiom://emitters`: catalogue rows of the emitters loaded with --emitter (`[]` by default, D3). */
function registerEmitters(server: McpServer, deps: ServerContext): void {
  const meta = { title: "Template emitters loaded with --emitter", mimeType: "application/json" };
  server.registerResource("emitters", "axiom://emitters", meta, async (uri) => {
    const rows: { emitter: string; version: string; template: string; description: string }[] = [];
    const reg = deps.emitters;
    for (const id of reg?.list() ?? []) {
      const e = reg?.get(id);
      if (!e) continue;
      for (const name of Object.keys(e.templates).sort(compareUtf8)) {
        rows.push({ emitter: e.id, version: e.version, template: name, description: e.templates[name].description });
      }
    }
    return json(uri.href, rows);
  });
}

/** `axiom://lock`: the lock status of every allowlisted root, by root in code-point order; no lock taken. */
function registerLock(server: McpServer, deps: ServerContext): void {
  const meta = { title: "Lock status of every allowlisted root", mimeType: "application/json" };
  server.registerResource("lock", "axiom://lock", meta, async (uri) => {
    const roots = [];
    for (const root of [...deps.policy.roots].sort(compareUtf8)) {
      try {
        roots.push({ root, ...(await (await deps.workflow()).lockStatus(root)) });
      } catch (err) {
        throw readFailure(uri.href, err);
      }
    }
    return json(uri.href, { roots });
  });
}
