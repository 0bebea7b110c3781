// Template emitter interfaces (sources.md §4.2). Type-only: the registry lives in
// @codai/axiom-plan, emitters (packages/emitters-web) depend on these types alone.

/** Anything with a zod-like `safeParse` (a Zod schema fits). */
export interface ParamsSchema<T = unknown> {
  safeParse(input: unknown): { success: true; data: T } | { success: false; error: { issues: unknown[] } };
}

export interface TemplateDef<T = unknown> {
  description: string;
  params: ParamsSchema<T>;
  /** Pure function of the parsed params (sources.md §4.4); a string is encoded as UTF-8. */
  render(params: T): string | Uint8Array;
}

export interface TemplateEmitter {
  /** Non-empty; emitters SHOULD use ^[a-z][a-z0-9-]*$. */
  id: string;
  /** SemVer; recorded in `manifest.toolchain.emitters[id]`. */
  version: string;
  // biome-ignore lint/suspicious/noExplicitAny: each template has its own params type
  templates: Record<string, TemplateDef<any>>;
}

export interface EmitterRegistry {
  get(id: string): TemplateEmitter | undefined;
  /** Loaded emitter ids, sorted by code point. */
  list(): string[];
}
