// `--emitter <spec>` loading (sources.md §4.5), for `compile`, `emitters` and `mcp`: operator-chosen
// modules imported into the AXIOM process. Every failure is ERR_EMITTER_UNKNOWN with
// `{ module, reason, available: [], hint }`; the same id from two specs is ERR_INTERNAL `{ emitter }`.
import { createRequire } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { createEmitterRegistry, EMITTER_HINT } from "@codai/axiom-plan";
import { axiomError, type EmitterRegistry, type TemplateEmitter } from "@codai/axiom-schema";

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

/** File URL of a spec: a path against the cwd, else a package from the cwd, then from AXIOM's own install. */
function resolveSpec(spec: string, cwd: string): string | undefined {
  if (isFileSpec(spec)) return pathToFileURL(resolve(cwd, spec)).href;
  for (const base of [join(cwd, "noop.js"), import.meta.url]) {
    try {
      return pathToFileURL(createRequire(base).resolve(spec)).href;
    } catch {
      // not resolvable from this base; try the next
    }
  }
  return undefined;
}

function isTemplateEmitter(value: unknown): value is TemplateEmitter {
  if (typeof value !== "object" || value === null) return false;
  const e = value as Record<string, unknown>;
  if (typeof e.id !== "string" || e.id.length === 0) return false;
  if (typeof e.version !== "string" || !SEMVER.test(e.version)) return false;
  if (typeof e.templates !== "object" || e.templates === null) return false;
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
    const code = (err as NodeJS.ErrnoException).code;
    // A file path that does not exist surfaces as a failed import; it is "not-found", not a load failure.
    if (code === "ERR_MODULE_NOT_FOUND" && isFileSpec(spec)) throw loadError(spec, "not-found", "module not found");
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
