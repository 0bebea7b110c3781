// Template sources and the emitter registry (sources.md §4). AXIOM has no built-in emitter (D3):
// without a registry every template source fails ERR_EMITTER_UNKNOWN with the install hint.
import { INLINE_BYTES_MAX, MAX_ISSUES } from "@codai/axiom-rules";
import {
  axiomError,
  compareUtf8,
  type EmitterRegistry,
  type TemplateEmitter,
  type TemplateSource,
} from "@codai/axiom-schema";
import type { ResolvedSource, SourceContext } from "./context";

export const EMITTER_HINT = "install @codai/axiom-emitters-web and pass --emitter @codai/axiom-emitters-web";

/** Builds a registry; a duplicate id → ERR_INTERNAL `{emitter}`. */
export function createEmitterRegistry(emitters: readonly TemplateEmitter[] = []): EmitterRegistry {
  const byId = new Map<string, TemplateEmitter>();
  for (const emitter of emitters) {
    if (byId.has(emitter.id))
      throw axiomError("ERR_INTERNAL", { message: "duplicate emitter id", details: { emitter: emitter.id } });
    byId.set(emitter.id, emitter);
  }
  const ids = [...byId.keys()].sort(compareUtf8);
  return { get: (id) => byId.get(id), list: () => [...ids] };
}

export function resolveTemplate(source: TemplateSource, ctx: SourceContext): ResolvedSource {
  const registry = ctx.emitters;
  const emitter = registry?.get(source.emitter);
  if (!emitter) {
    throw axiomError("ERR_EMITTER_UNKNOWN", {
      message: `no emitter registered as ${JSON.stringify(source.emitter)}`,
      path: ctx.path,
      details: { emitter: source.emitter, available: registry ? registry.list() : [], hint: EMITTER_HINT },
    });
  }
  const base = { emitter: source.emitter, template: source.template };
  if (!Object.hasOwn(emitter.templates, source.template)) {
    throw axiomError("ERR_TEMPLATE_UNKNOWN", {
      path: ctx.path,
      details: { ...base, available: Object.keys(emitter.templates).sort(compareUtf8) },
    });
  }
  const def = emitter.templates[source.template];
  if (!def) throw axiomError("ERR_TEMPLATE_UNKNOWN", { path: ctx.path, details: { ...base, available: [] } });
  let bytes: Uint8Array;
  try {
    const parsed = def.params.safeParse(source.params);
    if (!parsed.success) {
      throw axiomError("ERR_TEMPLATE_PARAMS", {
        path: ctx.path,
        details: { ...base, issues: templateIssues(parsed.error.issues) },
      });
    }
    const out = def.render(parsed.data);
    if (typeof out === "string") bytes = new TextEncoder().encode(out);
    else if (out instanceof Uint8Array) bytes = out;
    else throw new TypeError("render returned neither a string nor a Uint8Array");
  } catch (err) {
    if (err instanceof Error && err.name === "AxiomError") throw err;
    throw axiomError("ERR_INTERNAL", { message: "template render failed", path: ctx.path, details: base, cause: err });
  }
  if (bytes.length > INLINE_BYTES_MAX) {
    throw axiomError("ERR_BLOB_TOO_LARGE", {
      path: ctx.path,
      details: { bytes: bytes.length, max: INLINE_BYTES_MAX },
    });
  }
  return { bytes, origin: "template", emitter: { id: emitter.id, version: emitter.version } };
}

/** Param issues in the one `details.issues` shape (formats.md §12.1), ≤ 20. */
function templateIssues(raw: unknown[]): { path: string; message: string }[] {
  return raw.slice(0, MAX_ISSUES).map((issue) => {
    const i = (issue ?? {}) as { path?: unknown; message?: unknown };
    const path = Array.isArray(i.path) ? i.path.map(String).join(".") : "";
    return { path, message: typeof i.message === "string" ? i.message : "invalid" };
  });
}
