// `--emitter <spec>` loading (sources.md §4.5), for `compile`, `emitters` and `mcp`: operator-chosen
// modules imported into the AXIOM process. Every failure is ERR_EMITTER_UNKNOWN with
// `{ module, reason, available: [], hint }`; the same id from two specs is ERR_INTERNAL `{ emitter }`.
import { statSync } from "node:fs";
import { dirname, isAbsolute, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createEmitterRegistry, EMITTER_HINT } from "@codai/axiom-plan";
import { axiomError, compareUtf8, type EmitterRegistry, type TemplateEmitter } from "@codai/axiom-schema";
import { resolvePackageFrom } from "./resolve-package";

type Reason = "not-found" | "load-failed" | "shape";

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

function loadError(module: string, reason: Reason, message: string) {
  return axiomError("ERR_EMITTER_UNKNOWN", {
    message: `--emitter ${module}: ${message}`,
    details: { module, reason, available: [], hint: EMITTER_HINT },
  });
}

function isFileSpec(spec: string): boolean {
  return spec.startsWith(".") || isAbsolute(spec) || /^[A-Za-z]:[\\/]/.test(spec);
}

function isRegularFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * File URL of a spec: a path against the cwd (it must exist, so a module that exists but fails to
 * import is "load-failed", not "not-found"), else a package from the cwd, then from AXIOM's own
 * install location (a global `npm i -g` of the emitter next to a global axiom). First hit wins.
 */
function resolveSpec(spec: string, cwd: string): string | undefined {
  if (isFileSpec(spec)) {
    const file = resolve(cwd, spec);
    return isRegularFile(file) ? pathToFileURL(file).href : undefined;
  }
  for (const base of [cwd, dirname(fileURLToPath(import.meta.url))]) {
    const hit = resolvePackageFrom(spec, base);
    if (hit !== undefined) return pathToFileURL(hit).href;
  }
  return undefined;
}

function isTemplateEmitter(value: unknown): value is TemplateEmitter {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Record<string, unknown>;
  if (typeof e.id !== "string" || e.id.length === 0) return false;
  if (typeof e.version !== "string" || !SEMVER.test(e.version)) return false;
  if (typeof e.templates !== "object" || e.templates === null || Array.isArray(e.templates)) return false;
  return Object.values(e.templates).every((t) => {
    const d = t as Record<string, unknown> | null;
    const params = d?.params as Record<string, unknown> | null | undefined;
    return (
      typeof d?.description === "string" &&
      typeof params === "object" &&
      params !== null &&
      typeof params.safeParse === "function" &&
      typeof d?.render === "function"
    );
  });
}

/** Named export `emitters` (array) if present, else `default` (one emitter or an array). */
function emittersOf(mod: Record<string, unknown>): unknown[] | undefined {
  if (mod.emitters !== undefined) return Array.isArray(mod.emitters) ? mod.emitters : undefined;
  if (mod.default === undefined) return undefined;
  return Array.isArray(mod.default) ? mod.default : [mod.default];
}

async function loadOne(spec: string, cwd: string): Promise<TemplateEmitter[]> {
  const url = resolveSpec(spec, cwd);
  if (url === undefined) throw loadError(spec, "not-found", "module not found");
  let mod: Record<string, unknown>;
  try {
    mod = (await import(url)) as Record<string, unknown>;
  } catch (err) {
    throw loadError(spec, "load-failed", `import failed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const list = emittersOf(mod);
  if (!list || list.length === 0 || !list.every(isTemplateEmitter)) {
    throw loadError(spec, "shape", "no usable TemplateEmitter export");
  }
  return list;
}

/** Loads every spec in order; undefined when none is given (template sources then fail ERR_EMITTER_UNKNOWN). */
export async function loadEmitters(specs: readonly string[], cwd: string): Promise<EmitterRegistry | undefined> {
  if (specs.length === 0) return undefined;
  const all: TemplateEmitter[] = [];
  for (const spec of specs) all.push(...(await loadOne(spec, cwd)));
  const seen = new Set<string>();
  for (const e of all) {
    if (seen.has(e.id))
      throw axiomError("ERR_INTERNAL", { message: `emitter id "${e.id}" loaded twice`, details: { emitter: e.id } });
    seen.add(e.id);
  }
  return createEmitterRegistry(all);
}

/** One catalogue row (sources.md §4.6). */
export interface EmitterRow {
  emitter: string;
  version: string;
  template: string;
  description: string;
}

/** Rows of every loaded emitter, by emitter id then template name (code point); [] without a registry. */
export function emitterCatalogue(registry: EmitterRegistry | undefined): EmitterRow[] {
  const rows: EmitterRow[] = [];
  for (const id of registry?.list() ?? []) {
    const e = registry?.get(id);
    if (!e) continue;
    for (const template of Object.keys(e.templates).sort(compareUtf8)) {
      rows.push({ emitter: e.id, version: e.version, template, description: e.templates[template]?.description ?? "" });
    }
  }
  return rows;
}
