// formats.md §2.3 (inline, cas, ref, template, patch sources) and sources.md §2–§4.
import { mkdir, open, readdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { sha256Hex } from "@codai/axiom-canon";
import type { TemplateEmitter } from "@codai/axiom-schema";
import { EXAMPLE_1, expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { casPath, casPut, compilePlan, createEmitterRegistry, EMITTER_HINT, redactUri } from "../src/index";
import { resolveInline } from "../src/sources/inline";

/** A real temp root, removed when the test finishes (testkit's tempRepo). */
async function tempRoot(): Promise<string> {
  return (await tempRepo()).root;
}
function planWith(source: Record<string, unknown>, path = "a.txt") {
  const plan = EXAMPLE_1();
  plan.artifacts = [{ path, source }];
  return plan;
}

describe("inline sources (formats.md §2.3)", () => {
  it("Inline utf8 content whose UTF-8 size is 262 145 bytes (≤ 262 144 chars) → ERR_BLOB_TOO_LARGE {bytes: 262145, max: 262144}", async () => {
    const content = `${"é".repeat(1)}${"a".repeat(262_143)}`; // 262 144 chars, 262 145 bytes
    expect(content.length).toBe(262_144);
    const err = await expectCode(() => compilePlan(planWith({ type: "inline", content })), "ERR_BLOB_TOO_LARGE");
    expect(err.details).toEqual({ bytes: 262_145, max: 262_144 });
    expect(err.path).toBe("a.txt");
    const ok = await compilePlan(planWith({ type: "inline", content: "a".repeat(262_144) }));
    expect(ok.bundle.manifest.artifacts[0]?.bytes).toBe(262_144);
  });

  it('Inline base64 "abc" (not padded) → ERR_INVALID_PLAN with `path`', async () => {
    const err = await expectCode(
      () => compilePlan(planWith({ type: "inline", encoding: "base64", content: "abc" })),
      "ERR_INVALID_PLAN",
    );
    expect(err.path).toBe("a.txt");
    await expectCode(
      () => compilePlan(planWith({ type: "inline", encoding: "base64", content: "ab=c" })),
      "ERR_INVALID_PLAN",
    );
    await expectCode(
      () => compilePlan(planWith({ type: "inline", encoding: "base64", content: "YQ" })),
      "ERR_INVALID_PLAN",
    );
  });

  it("base64 whitespace is removed before the canonical check", async () => {
    const { bundle } = await compilePlan(planWith({ type: "inline", encoding: "base64", content: " YW\nJj\tZA== " }));
    expect(bundle.blobs[`sha256:${sha256Hex("abcd")}`]).toEqual({ encoding: "utf8", data: "abcd" });
  });

  it("a base64 file of exactly 256 KiB of bytes compiles; 262 145 bytes → ERR_BLOB_TOO_LARGE {bytes, max: 262144} (the cap counts decoded bytes, SEC-31)", async () => {
    const max = Buffer.alloc(262_144, 1).toString("base64");
    const ok = await compilePlan(planWith({ type: "inline", encoding: "base64", content: max }));
    expect(ok.bundle.manifest.artifacts[0]?.bytes).toBe(262_144);
    const content = Buffer.alloc(262_145, 1).toString("base64");
    await expectCode(
      () => resolveInline({ type: "inline", encoding: "base64", content }, { path: "a.bin" }),
      "ERR_BLOB_TOO_LARGE",
    ).then((err) => expect(err.details).toEqual({ bytes: 262_145, max: 262_144 }));
    await expectCode(
      () => compilePlan(planWith({ type: "inline", encoding: "base64", content })),
      "ERR_BLOB_TOO_LARGE",
    ).then((err) => expect(err.details).toEqual({ bytes: 262_145, max: 262_144 }));
    // a longer string than any 256 KiB encoding fails the schema; a utf8 string keeps its unit cap
    const far = Buffer.alloc(262_148, 1).toString("base64");
    await expectCode(
      () => compilePlan(planWith({ type: "inline", encoding: "base64", content: far })),
      "ERR_INVALID_PLAN",
    );
    await expectCode(
      () => compilePlan(planWith({ type: "inline", encoding: "utf8", content: "a".repeat(262_145) })),
      "ERR_INVALID_PLAN",
    );
  });
});

describe("cas sources (formats.md §2.3, §9.2)", () => {
  const bytes = new TextEncoder().encode("stored\n");
  const digest = `sha256:${sha256Hex(bytes)}`;

  it("`cas` source, no root → ERR_BLOB_MISSING {digest}", async () => {
    const err = await expectCode(() => compilePlan(planWith({ type: "cas", digest })), "ERR_BLOB_MISSING");
    expect(err.details).toEqual({ digest });
    expect(err.path).toBe("a.txt");
  });

  it("slot absent → ERR_BLOB_MISSING", async () => {
    const root = await tempRoot();
    const err = await expectCode(() => compilePlan(planWith({ type: "cas", digest }), { root }), "ERR_BLOB_MISSING");
    expect(err.details).toEqual({ digest });
  });

  it("slot holds other bytes → ERR_DIGEST_MISMATCH {expected, actual}", async () => {
    const root = await tempRoot();
    const slot = casPath(root, digest.slice(7));
    await mkdir(join(slot, ".."), { recursive: true });
    await writeFile(slot, "tampered\n");
    const err = await expectCode(() => compilePlan(planWith({ type: "cas", digest }), { root }), "ERR_DIGEST_MISMATCH");
    expect(err.details).toEqual({ expected: digest, actual: `sha256:${sha256Hex("tampered\n")}` });
  });

  it("slot is a symlink → ERR_BLOB_MISSING (even to the right bytes)", async () => {
    const root = await tempRoot();
    await writeFile(join(root, "real"), bytes);
    const slot = casPath(root, digest.slice(7));
    await mkdir(join(slot, ".."), { recursive: true });
    await symlink(join(root, "real"), slot);
    await expectCode(() => compilePlan(planWith({ type: "cas", digest }), { root }), "ERR_BLOB_MISSING");
  });

  it("slot is a directory → ERR_BLOB_MISSING", async () => {
    const root = await tempRoot();
    await mkdir(casPath(root, digest.slice(7)), { recursive: true });
    await expectCode(() => compilePlan(planWith({ type: "cas", digest }), { root }), "ERR_BLOB_MISSING");
  });

  it("CAS file of 33 554 433 bytes referenced by a manifest → ERR_BLOB_TOO_LARGE at compile (`cas` source)", async () => {
    const root = await tempRoot();
    const hex = "ab".repeat(32);
    const slot = casPath(root, hex);
    await mkdir(join(slot, ".."), { recursive: true });
    const handle = await open(slot, "w");
    await handle.truncate(33_554_433); // sparse: the size check precedes any read
    await handle.close();
    const err = await expectCode(
      () => compilePlan(planWith({ type: "cas", digest: `sha256:${hex}` }), { root }),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(err.details).toEqual({ bytes: 33_554_433, max: 33_554_432 });
    expect(err.path).toBe("a.txt");
  });

  it("a present slot compiles with origin cas and is never rewritten by compile", async () => {
    const root = await tempRoot();
    await casPut(root, bytes);
    const { bundle } = await compilePlan(planWith({ type: "cas", digest }), { root, store: "cas" });
    expect(bundle.manifest.artifacts[0]).toMatchObject({ origin: "cas", bytes: bytes.length });
    expect(await readdir(join(casPath(root, digest.slice(7)), ".."))).toEqual([digest.slice(7)]);
  });
});

describe("ref sources (formats.md §2.3, sources.md §2)", () => {
  const content = new TextEncoder().encode("remote bytes\n");
  const digest = `sha256:${sha256Hex(content)}`;
  const uri = "https://user:pw@example.com:8443/pkg/file.txt?token=secret#frag";
  const ref = (u = "https://example.com/pkg/file.txt") => ({ type: "ref", uri: u, digest });
  const fakeFetch = (
    body: Uint8Array | string,
    init: { status?: number; headers?: Record<string, string> } = {},
  ): typeof fetch =>
    (async () => new Response(body, { status: init.status ?? 200, headers: init.headers })) as unknown as typeof fetch;

  it("`ref` source, no root → ERR_NET_DISABLED {uri, digest, host, root: null}: the same code as a root without the network (SEC-33), even with the network allowed", async () => {
    const err = await expectCode(async () => compilePlan(planWith(ref(uri))), "ERR_NET_DISABLED");
    expect(err.details).toEqual({
      uri: "https://example.com:8443/pkg/file.txt",
      digest,
      host: "example.com:8443",
      root: null,
    });
    expect(err.path).toBe("a.txt");
    const allowed = await expectCode(
      async () => compilePlan(planWith(ref(uri)), { net: { allowNet: true } }),
      "ERR_NET_DISABLED",
    );
    expect(allowed.details).toMatchObject({ root: null });
  });

  it("with root, not in CAS, MCP compile (network off) → ERR_NET_DISABLED {uri (redacted), digest, host}", async () => {
    const root = await tempRoot();
    const err = await expectCode(async () => compilePlan(planWith(ref(uri)), { root }), "ERR_NET_DISABLED");
    expect(err.details).toEqual({ uri: "https://example.com:8443/pkg/file.txt", digest, host: "example.com:8443" });
  });

  it("a CAS hit compiles offline with origin ref and no inline blob", async () => {
    const root = await tempRoot();
    await casPut(root, content);
    const { bundle } = await compilePlan(planWith(ref()), { root });
    expect(bundle.manifest.artifacts[0]).toMatchObject({ origin: "ref", bytes: content.length });
    expect(bundle.blobs).toEqual({});
  });

  it("a corrupted CAS hit → ERR_DIGEST_MISMATCH {expected, actual, uri}", async () => {
    const root = await tempRoot();
    const slot = casPath(root, digest.slice(7));
    await mkdir(join(slot, ".."), { recursive: true });
    await writeFile(slot, "corrupt");
    const err = await expectCode(async () => compilePlan(planWith(ref()), { root }), "ERR_DIGEST_MISMATCH");
    expect(err.details).toEqual({
      expected: digest,
      actual: `sha256:${sha256Hex("corrupt")}`,
      uri: "https://example.com/pkg/file.txt",
    });
  });

  it("Two Plans differing only in ref.uri (same pin, blob in CAS) → identical digests", async () => {
    const root = await tempRoot();
    await casPut(root, content);
    const a = await compilePlan(planWith(ref("https://a.example/x")), { root });
    const b = await compilePlan(planWith(ref("file:///somewhere/else")), { root });
    expect(b.bundle.manifest.planDigest).toBe(a.bundle.manifest.planDigest);
    expect(b.bundle.manifestDigest).toBe(a.bundle.manifestDigest);
  });

  it("allowNet: fetched bytes are pinned, stored in CAS and the artifact compiles (writes stay when a later artifact fails)", async () => {
    const root = await tempRoot();
    const plan = planWith(ref());
    const { bundle } = await compilePlan(plan, { root, net: { allowNet: true, fetchImpl: fakeFetch(content) } });
    expect(bundle.manifest.artifacts[0]?.origin).toBe("ref");
    expect(await readdir(join(casPath(root, digest.slice(7)), ".."))).toEqual([digest.slice(7)]);

    const root2 = await tempRoot();
    plan.artifacts.push({ path: "b.txt", source: { type: "template", emitter: "web", template: "t" } });
    await expectCode(
      () => compilePlan(plan, { root: root2, net: { allowNet: true, fetchImpl: fakeFetch(content) } }),
      "ERR_EMITTER_UNKNOWN",
    );
    expect(await readdir(join(casPath(root2, digest.slice(7)), ".."))).toEqual([digest.slice(7)]);
  });

  it("allowNet: a pin mismatch → ERR_DIGEST_MISMATCH {expected, actual, bytes, uri}; nothing stored, no temp left", async () => {
    const root = await tempRoot();
    const err = await expectCode(
      async () => compilePlan(planWith(ref()), { root, net: { allowNet: true, fetchImpl: fakeFetch("other") } }),
      "ERR_DIGEST_MISMATCH",
    );
    expect(err.details).toEqual({
      expected: digest,
      actual: `sha256:${sha256Hex("other")}`,
      bytes: 5,
      uri: "https://example.com/pkg/file.txt",
    });
    expect(await readdir(join(casPath(root, digest.slice(7)), ".."))).toEqual([]);
  });

  it("allowNet: non-2xx → ERR_NET_FAILED {status}; thrown fetch → {reason}; oversize → ERR_BLOB_TOO_LARGE {bytes, max, uri}", async () => {
    const root = await tempRoot();
    const e1 = await expectCode(
      async () =>
        compilePlan(planWith(ref()), { root, net: { allowNet: true, fetchImpl: fakeFetch("x", { status: 404 }) } }),
      "ERR_NET_FAILED",
    );
    expect(e1.details).toMatchObject({ status: 404, digest, host: "example.com" });
    const throwing = (async () => {
      throw new TypeError("redirect not allowed");
    }) as unknown as typeof fetch;
    const e2 = await expectCode(
      async () => compilePlan(planWith(ref()), { root, net: { allowNet: true, fetchImpl: throwing } }),
      "ERR_NET_FAILED",
    );
    expect(e2.details).toMatchObject({ reason: "redirect not allowed" });
    const e3 = await expectCode(
      () => compilePlan(planWith(ref()), { root, net: { allowNet: true, maxBytes: 4, fetchImpl: fakeFetch(content) } }),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(e3.details).toMatchObject({ max: 4, uri: "https://example.com/pkg/file.txt" });
    expect(e3.details?.bytes).toBeGreaterThan(4);
    const e4 = await expectCode(
      () =>
        compilePlan(planWith(ref()), {
          root,
          net: { allowNet: true, maxBytes: 4, fetchImpl: fakeFetch(content, { headers: { "content-length": "13" } }) },
        }),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(e4.details).toMatchObject({ bytes: 13, max: 4 });
  });

  it('allowNet: a fetch that outlives timeoutMs → ERR_NET_FAILED {reason: "timeout"}', async () => {
    const root = await tempRoot();
    const hanging = ((_u: string, init: { signal: AbortSignal }) =>
      new Promise((_resolve, reject) =>
        init.signal.addEventListener("abort", () => reject(new Error("aborted"))),
      )) as unknown as typeof fetch;
    const err = await expectCode(
      async () => compilePlan(planWith(ref()), { root, net: { allowNet: true, timeoutMs: 20, fetchImpl: hanging } }),
      "ERR_NET_FAILED",
    );
    expect(err.details).toMatchObject({ reason: "timeout" });
  });

  it("policy: host allowlist, credentials, file: without allowFile → ERR_NET_DENIED", async () => {
    const root = await tempRoot();
    const net = { allowNet: true, fetchImpl: fakeFetch(content) };
    const e1 = await expectCode(
      async () => compilePlan(planWith(ref()), { root, net: { ...net, allowlist: ["*.example.com"] } }),
      "ERR_NET_DENIED",
    );
    expect(e1.details).toMatchObject({ allowlist: ["*.example.com"] });
    const sub = await compilePlan(planWith(ref("https://cdn.example.com/x")), {
      root,
      net: { ...net, allowlist: [" *.EXAMPLE.com "] },
    });
    expect(sub.bundle.manifest.artifacts[0]?.origin).toBe("ref");
    const e2 = await expectCode(
      async () => compilePlan(planWith(ref("https://u:p@example.com/x")), { root: await tempRoot(), net }),
      "ERR_NET_DENIED",
    );
    expect(e2.details?.uri).toBe("https://example.com/x");
    const e3 = await expectCode(
      async () => compilePlan(planWith(ref("file:///tmp/x")), { root: await tempRoot(), net }),
      "ERR_NET_DENIED",
    );
    expect(e3.details).toMatchObject({ protocol: "file:" });
  });

  it("file: refs need allowNet and allowFile; the local file is pinned and stored", async () => {
    const root = await tempRoot();
    const src = join(await tempRoot(), "blob.txt");
    await writeFile(src, content);
    const fileUri = pathToFileURL(src).href;
    await expectCode(
      async () => compilePlan(planWith(ref(fileUri)), { root, net: { allowFile: true } }),
      "ERR_NET_DISABLED",
    );
    const { bundle } = await compilePlan(planWith(ref(fileUri)), { root, net: { allowNet: true, allowFile: true } });
    expect(bundle.manifest.artifacts[0]?.origin).toBe("ref");
    const missing = pathToFileURL(join(root, "nope")).href;
    await expectCode(
      async () =>
        compilePlan(planWith(ref(missing)), { root: await tempRoot(), net: { allowNet: true, allowFile: true } }),
      "ERR_NET_FAILED",
    );
  });

  it("URI redaction: https → origin + pathname; file → file:// + pathname; unparsable → <invalid uri>", () => {
    expect(redactUri(uri)).toBe("https://example.com:8443/pkg/file.txt");
    expect(redactUri("file:///a/b?q=1#f")).toBe("file:///a/b");
    expect(redactUri("not a url")).toBe("<invalid uri>");
  });
});

describe("template sources (formats.md §2.3, sources.md §4)", () => {
  const schema = <T>(check: (v: unknown) => v is T) => ({
    safeParse: (v: unknown) =>
      check(v)
        ? { success: true as const, data: v }
        : { success: false as const, error: { issues: [{ path: ["name"], message: "name must be a string" }] } },
  });
  const web: TemplateEmitter = {
    id: "web",
    version: "2.0.0",
    templates: {
      page: {
        description: "a page",
        params: schema((v): v is { name: string } => typeof (v as { name?: unknown }).name === "string"),
        render: (p: { name: string }) => `<h1>${p.name}</h1>\n`,
      },
      bad: {
        description: "throws",
        params: schema((v): v is unknown => true),
        render: () => {
          throw new Error("boom");
        },
      },
      huge: {
        description: "too big",
        params: schema((v): v is unknown => true),
        render: () => new Uint8Array(262_145),
      },
    },
  };
  const tpl = (template: string, params: Record<string, unknown> = { name: "x" }) => ({
    type: "template",
    emitter: "web",
    template,
    params,
  });

  it("Template source with no emitter loaded → ERR_EMITTER_UNKNOWN, details.available = [], details.hint contains @codai/axiom-emitters-web and --emitter", async () => {
    const err = await expectCode(() => compilePlan(planWith(tpl("page"), "app/page.html")), "ERR_EMITTER_UNKNOWN");
    expect(err.path).toBe("app/page.html");
    expect(err.details).toEqual({ emitter: "web", available: [], hint: EMITTER_HINT });
    expect(String(err.details?.hint)).toContain("@codai/axiom-emitters-web");
    expect(String(err.details?.hint)).toContain("--emitter");
  });

  it("an unknown emitter id with a registry lists the loaded ids, sorted", async () => {
    const registry = createEmitterRegistry([
      { ...web, id: "zeta" },
      { ...web, id: "alpha" },
    ]);
    const err = await expectCode(
      () => compilePlan(planWith(tpl("page")), { emitters: registry }),
      "ERR_EMITTER_UNKNOWN",
    );
    expect(err.details?.available).toEqual(["alpha", "zeta"]);
  });

  it('Template rendered by emitter web@2.0.0 → toolchain.emitters.web = "2.0.0", origin: "template"; statement builder.version["emitter:web"] = "2.0.0"', async () => {
    const { bundle, statement } = await compilePlan(planWith(tpl("page")), {
      emitters: createEmitterRegistry([web]),
      toolchain: { web: "0.0.1", other: "1.0.0" },
    });
    expect(bundle.manifest.toolchain).toEqual({ axiom: "2.0.0", emitters: { other: "1.0.0", web: "2.0.0" } });
    expect(bundle.manifest.artifacts[0]).toMatchObject({ origin: "template", bytes: 11 });
    const builder = (statement.predicate.runDetails as { builder: { version: Record<string, string> } }).builder;
    expect(builder.version["emitter:web"]).toBe("2.0.0");
  });

  it("a loaded but unused emitter never changes a digest", async () => {
    const a = await compilePlan(EXAMPLE_1());
    const b = await compilePlan(EXAMPLE_1(), { emitters: createEmitterRegistry([web]) });
    expect(b.bundle.manifestDigest).toBe(a.bundle.manifestDigest);
  });

  it("template params are hashed in planDigest; the emitter version only in manifestDigest", async () => {
    const v1 = await compilePlan(planWith(tpl("page")), { emitters: createEmitterRegistry([web]) });
    const v2 = await compilePlan(planWith(tpl("page")), {
      emitters: createEmitterRegistry([{ ...web, version: "2.0.1" }]),
    });
    expect(v2.bundle.manifest.planDigest).toBe(v1.bundle.manifest.planDigest);
    expect(v2.bundle.manifestDigest).not.toBe(v1.bundle.manifestDigest);
  });

  it("unknown template → ERR_TEMPLATE_UNKNOWN {emitter, template, available}; bad params → ERR_TEMPLATE_PARAMS; a throwing render → ERR_INTERNAL; > 256 KiB → ERR_BLOB_TOO_LARGE", async () => {
    const emitters = createEmitterRegistry([web]);
    const e1 = await expectCode(() => compilePlan(planWith(tpl("toString")), { emitters }), "ERR_TEMPLATE_UNKNOWN");
    expect(e1.details).toEqual({ emitter: "web", template: "toString", available: ["bad", "huge", "page"] });
    const e2 = await expectCode(
      () => compilePlan(planWith(tpl("page", { name: 1 })), { emitters }),
      "ERR_TEMPLATE_PARAMS",
    );
    expect(e2.details).toEqual({
      emitter: "web",
      template: "page",
      issues: [{ path: "name", message: "name must be a string" }],
    });
    const e3 = await expectCode(() => compilePlan(planWith(tpl("bad")), { emitters }), "ERR_INTERNAL");
    expect(e3.details).toEqual({ emitter: "web", template: "bad" });
    const e4 = await expectCode(() => compilePlan(planWith(tpl("huge")), { emitters }), "ERR_BLOB_TOO_LARGE");
    expect(e4.details).toEqual({ bytes: 262_145, max: 262_144 });
  });

  it("createEmitterRegistry with a duplicate id → ERR_INTERNAL {emitter}", async () => {
    const err = await expectCode(() => createEmitterRegistry([web, web]), "ERR_INTERNAL");
    expect(err.details).toEqual({ emitter: "web" });
  });
});
