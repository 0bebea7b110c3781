// Resources (mcp.md §10): stored manifests, reports and applied results, the journal of each
// allowlisted root, profiles, JSON Schemas, the emitter catalogue and the lock overview. Every
// URI variable is matched against a fixed shape before any lookup; reads never change a byte.

import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { compareUtf8, isAxiomError, PROFILE_NAME_RE, SCHEMA_KINDS, toErrorObject } from "@codai/axiom-schema";
import { axiomDir, layout } from "@codai/axiom-store/layout";
import { type McpServer, ResourceTemplate, resourceNotFound, resourceReadError } from "../adapter";
import type { ServerContext } from "../context";
import { rootId as rootIdOf } from "../../common/roots";
import { readStored, searchRoots } from "../tools/bundles";

const SHA_RE = /^(?:sha256:)?([0-9a-f]{64})$/;
const ROOT_ID_RE = /^[0-9a-f]{12}$/;
const BUILT_IN_PROFILES = ["default", "strict", "permissive"];


function json(uri: string, value: unknown, mimeType = "application/json") {
  return { contents: [{ uri, mimeType, text: `${JSON.stringify(value, null, 2)}\n` }] };
}

function variable(vars: Record<string, string | string[]>, name: string): string {
  const v = vars[name];
  return Array.isArray(v) ? v.join(",") : (v ?? "");
}

/** Maps an engine failure: ERR_NOT_FOUND → -32602 not found, other codes → -32603 (§10.2). */
function readFailure(uri: string, err: unknown): Error {
  const e = toErrorObject(err);
  if (isAxiomError(err) && e.code === "ERR_NOT_FOUND") return resourceNotFound(uri);
  return resourceReadError(e.code, e.message);
}

async function storedHexes(root: string, dir: string): Promise<string[]> {
  try {
    return (await readdir(join(axiomDir(root), dir)))
      .filter((n) => /^[0-9a-f]{64}\.json$/.test(n))
      .map((n) => n.slice(0, 64));
  } catch {
    return [];
  }
}

function registerStored(
  server: McpServer,
  deps: ServerContext,
  kind: "manifest" | "report" | "applied",
  dir: "manifests" | "reports" | "applied",
  title: string,
): void {
  const template = new ResourceTemplate(`axiom://${kind}/{sha}`, {
    list: async () => {
      const hexes = new Set<string>();
      for (const root of searchRoots(deps)) for (const hex of await storedHexes(root, dir)) hexes.add(hex);
      const uris = [...hexes].map((hex) => ({
        uri: `axiom://${kind}/${hex}`,
        name: hex,
        mimeType: "application/json",
      }));
      return { resources: uris.sort((a, b) => compareUtf8(a.uri, b.uri)) };
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

export function registerResources(server: McpServer, deps: ServerContext): void {
  registerStored(server, deps, "manifest", "manifests", "Stored ManifestBundle");
  registerStored(server, deps, "report", "reports", "Last CheckReport for a manifest");
  registerStored(server, deps, "applied", "applied", "ApplyResult of an applied manifest");

  const journal = new ResourceTemplate("axiom://journal/{rootId}", {
    list: async () => ({
      resources: [...deps.policy.roots]
        .map((root) => ({
          uri: `axiom://journal/${rootIdOf(root)}`,
          name: rootIdOf(root),
          mimeType: "application/json",
        }))
        .sort((a, b) => compareUtf8(a.uri, b.uri)),
    }),
  });
  server.registerResource(
    "journal",
    journal,
    { title: "Recent journal chain entries of a root", mimeType: "application/json" },
    async (uri, vars) => {
      const id = variable(vars, "rootId");
      const root = ROOT_ID_RE.test(id) ? [...deps.policy.roots].find((r) => rootIdOf(r) === id) : undefined;
      if (!root) throw resourceNotFound(uri.href);
      const fn = deps.engines.chainLog;
      if (!fn) throw resourceReadError("ERR_UNSUPPORTED_OP", "journal engine is not available in this build");
      try {
        return json(uri.href, await fn.call(deps.engines, root, 100));
      } catch (err) {
        throw readFailure(uri.href, err);
      }
    },
  );

  const profile = new ResourceTemplate("axiom://profile/{name}", {
    list: async () => ({
      resources: BUILT_IN_PROFILES.map((name) => ({
        uri: `axiom://profile/${name}`,
        name,
        mimeType: "application/json",
      })).sort((a, b) => compareUtf8(a.uri, b.uri)),
    }),
  });
  server.registerResource(
    "profile",
    profile,
    { title: "Resolved check profile", mimeType: "application/json" },
    async (uri, vars) => {
      const name = variable(vars, "name");
      if (!PROFILE_NAME_RE.test(name)) throw resourceNotFound(uri.href);
      const fn = deps.engines.loadProfile;
      if (!fn) throw resourceReadError("ERR_UNSUPPORTED_OP", "profile engine is not available in this build");
      try {
        const dirs = [...deps.policy.roots].map((r) => layout.profilesDir(r));
        return json(uri.href, await fn.call(deps.engines, name, dirs));
      } catch (err) {
        const e = toErrorObject(err);
        // A profile that does not exist is a miss; an invalid profile file is a read error.
        if (e.code === "ERR_INVALID_PROFILE" && e.details?.profile === name && e.details?.path === undefined)
          throw resourceNotFound(uri.href);
        throw readFailure(uri.href, err);
      }
    },
  );

  const schema = new ResourceTemplate("axiom://schema/{kind}", {
    list: async () => ({
      resources: SCHEMA_KINDS.map((k) => ({
        uri: `axiom://schema/${k}`,
        name: k,
        mimeType: "application/schema+json",
      })).sort((a, b) => compareUtf8(a.uri, b.uri)),
    }),
    complete: {
      kind: (value) => SCHEMA_KINDS.filter((k) => k.toLowerCase().startsWith(value.toLowerCase())),
    },
  });
  server.registerResource(
    "schema",
    schema,
    { title: "JSON Schema (draft 2020-12)", mimeType: "application/schema+json" },
    async (uri, vars) => {
      const kind = variable(vars, "kind");
      if (!(SCHEMA_KINDS as readonly string[]).includes(kind)) throw resourceNotFound(uri.href);
      await deps.engines.ready?.();
      const doc = deps.engines.schemaDocument?.(kind);
      if (!doc) throw resourceReadError("ERR_UNSUPPORTED_OP", "schema documents are not available in this build");
      return json(uri.href, doc, "application/schema+json");
    },
  );

  server.registerResource(
    "emitters",
    "axiom://emitters",
    { title: "Template emitters loaded with --emitter", mimeType: "application/json" },
    async (uri) => {
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
    },
  );

  server.registerResource(
    "lock",
    "axiom://lock",
    { title: "Lock status of every allowlisted root", mimeType: "application/json" },
    async (uri) => {
      const fn = deps.engines.lockStatus;
      if (!fn) throw resourceReadError("ERR_UNSUPPORTED_OP", "lock engine is not available in this build");
      const roots = [];
      for (const root of [...deps.policy.roots].sort(compareUtf8)) {
        try {
          roots.push({ root, ...(await fn.call(deps.engines, root)) });
        } catch (err) {
          throw readFailure(uri.href, err);
        }
      }
      return json(uri.href, { roots });
    },
  );
}
