// The remaining acceptance lines of sources.md that fall in packages/plan (patch, ref, template).
import { mkdir, open, readdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { sha256Hex } from "@codai/axiom-canon";
import type { TemplateEmitter } from "@codai/axiom-schema";
import { EXAMPLE_1, expectCode, tempRepo } from "@codai/axiom-testkit";
import { describe, expect, it } from "vitest";
import { applyPatch, casPath, compilePlan, createEmitterRegistry, parsePatch } from "../src/index";

/** A real temp root holding `tree`, removed when the test finishes (testkit's tempRepo). */
async function tempRoot(tree: Record<string, string | Uint8Array> = {}): Promise<string> {
  return (await tempRepo(tree)).root;
}
const ref = (s: string | Uint8Array) => `sha256:${sha256Hex(s)}`;
const apply = (format: "unified" | "v4a" | "search-replace", text: string, body: string) =>
  applyPatch(text, parsePatch(format, body));
function planOf(artifact: Record<string, unknown>) {
  const plan = EXAMPLE_1();
  plan.artifacts = [artifact];
  return plan;
}
const patchArtifact = (path: string, format: string, preImage: string, body: string, op = "overwrite") => ({
  path,
  op,
  source: { type: "patch", format, preImage, body },
});

describe("patch sources (sources.md acceptance)", () => {
  it('unified patch, pre-image hash matches, one hunk with 3 context lines → result bytes = expected file; artifact origin: "patch"', async () => {
    const before = "a\nb\nc\nd\ne\nf\ng\n";
    const root = await tempRoot({ "f.txt": before });
    const body = "@@ -1,7 +1,7 @@\n a\n b\n c\n-d\n+D\n e\n f\n g\n";
    const { bundle } = await compilePlan(planOf(patchArtifact("f.txt", "unified", ref(before), body)), { root });
    expect(bundle.manifest.artifacts[0]).toMatchObject({
      origin: "patch",
      digest: { sha256: sha256Hex("a\nb\nc\nD\ne\nf\ng\n") },
    });
  });

  it('pre-image with invalid UTF-8 (byte 0xFF) → ERR_PATCH_PREIMAGE details.reason: "not-utf8"', async () => {
    const bytes = new Uint8Array([0x61, 0xff, 0x0a]);
    const root = await tempRoot({ "f.bin": bytes });
    const err = await expectCode(
      () => compilePlan(planOf(patchArtifact("f.bin", "unified", ref(bytes), "@@ -1 +1 @@\n-a\n+b\n")), { root }),
      "ERR_PATCH_PREIMAGE",
    );
    expect(err.details?.reason).toBe("not-utf8");
  });

  it("pre-image EF BB BF + a\\nb\\n, unified hunk replacing line 1 a → result starts with EF BB BF, then A\\nb\\n", async () => {
    const before = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("a\nb\n")]);
    const root = await tempRoot({ "f.txt": before });
    const { bundle } = await compilePlan(
      planOf(patchArtifact("f.txt", "unified", ref(before), "@@ -1 +1 @@\n-a\n+A\n")),
      { root },
    );
    const expected = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("A\nb\n")]);
    expect(bundle.manifest.artifacts[0]?.digest?.sha256).toBe(sha256Hex(expected));
  });

  it("pre-image without BOM, v4a Add File → result has no BOM", async () => {
    const { bundle } = await compilePlan(
      planOf(
        patchArtifact("n.txt", "v4a", "absent", "*** Begin Patch\n*** Add File: n.txt\n+x\n*** End Patch", "create"),
      ),
      { readPreImage: () => undefined },
    );
    expect(bundle.manifest.artifacts[0]?.digest?.sha256).toBe(sha256Hex("x\n"));
  });

  it('symlink at the artifact path pointing to a file outside the root, patch with the target\'s digest → ERR_PATCH_PREIMAGE (actual: "absent")', async () => {
    const outside = await tempRoot({ "secret.txt": "outside\n" });
    const root = await tempRoot();
    await symlink(join(outside, "secret.txt"), join(root, "f.txt"));
    const err = await expectCode(
      () =>
        compilePlan(planOf(patchArtifact("f.txt", "unified", ref("outside\n"), "@@ -1 +1 @@\n-outside\n+x\n")), {
          root,
        }),
      "ERR_PATCH_PREIMAGE",
    );
    expect(err.details).toEqual({ expected: ref("outside\n"), actual: "absent" });
  });

  it("symlinked parent directory of the artifact path → pre-image reads absent", async () => {
    const root = await tempRoot({ "real/f.txt": "x\n" });
    await symlink(join(root, "real"), join(root, "alias"));
    const err = await expectCode(
      () => compilePlan(planOf(patchArtifact("alias/f.txt", "unified", ref("x\n"), "@@ -1 +1 @@\n-x\n+y\n")), { root }),
      "ERR_PATCH_PREIMAGE",
    );
    expect(err.details?.actual).toBe("absent");
  });

  it("pre-image of 33 554 433 bytes → ERR_BLOB_TOO_LARGE details.max: 33554432", async () => {
    const root = await tempRoot();
    const handle = await open(join(root, "huge.txt"), "w");
    await handle.truncate(33_554_433);
    await handle.close();
    const err = await expectCode(
      () => compilePlan(planOf(patchArtifact("huge.txt", "unified", ref("x"), "@@ -1 +1 @@\n-x\n+y\n")), { root }),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(err.details).toEqual({ bytes: 33_554_433, max: 33_554_432 });
    expect(err.path).toBe("huge.txt");
  });

  it("pre-image a\\nb (no final LF), hunk replaces b with c → a\\nc (no final LF); the \\ No newline marker present or not → same result", () => {
    expect(apply("unified", "a\nb", "@@ -2 +2 @@\n-b\n+c\n")).toBe("a\nc");
    expect(
      apply("unified", "a\nb", "@@ -2 +2 @@\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"),
    ).toBe("a\nc");
  });

  it("search-replace block whose SEARCH text occurs twice → ERR_PATCH_NO_MATCH details.matches: 2; SEARCH not present → {hunk: 1, matches: 0, searchedFromLine: 1}", async () => {
    const block = (s: string) => `<<<<<<< SEARCH\n${s}\n=======\nX\n>>>>>>> REPLACE\n`;
    const e1 = await expectCode(() => apply("search-replace", "x\ny\nx\n", block("x")), "ERR_PATCH_NO_MATCH");
    expect(e1.details?.matches).toBe(2);
    const e2 = await expectCode(() => apply("search-replace", "x\n", block("nope")), "ERR_PATCH_NO_MATCH");
    expect(e2.details).toMatchObject({ hunk: 1, matches: 0, searchedFromLine: 1 });
  });

  it("two hunks in reverse file order → second hunk ERR_PATCH_NO_MATCH (search starts after the first)", async () => {
    const err = await expectCode(
      () => apply("unified", "a\nb\nc\n", "@@ -3 +3 @@\n-c\n+C\n@@ -1 +1 @@\n-a\n+A\n"),
      "ERR_PATCH_NO_MATCH",
    );
    expect(err.details).toMatchObject({ hunk: 2, matches: 0, searchedFromLine: 4 });
  });

  it("one-character whitespace difference in a context line → ERR_PATCH_NO_MATCH (no fuzz)", async () => {
    await expectCode(() => apply("unified", "a\nb\nc\n", "@@ -1,3 +1,3 @@\n a \n-b\n+B\n c\n"), "ERR_PATCH_NO_MATCH");
  });

  it("unified hunk header count 3 but 2 old lines → ERR_PATCH_FORMAT details.oldSeen: 2", async () => {
    const err = await expectCode(() => apply("unified", "a\nb\n", "@@ -1,3 +1,2 @@\n a\n-b\n+B\n"), "ERR_PATCH_FORMAT");
    expect(err.details).toMatchObject({ oldSeen: 2, oldCount: 3 });
  });

  it("unified body line starting # inside a hunk → ERR_PATCH_FORMAT details.line", async () => {
    const err = await expectCode(
      () => apply("unified", "a\nb\n", "@@ -1,2 +1,2 @@\n a\n# comment\n-b\n+B\n"),
      "ERR_PATCH_FORMAT",
    );
    expect(err.details).toEqual({ format: "unified", line: 3 });
  });

  it("v4a Add File line without + → ERR_PATCH_FORMAT details.line", async () => {
    const err = await expectCode(
      () => apply("v4a", "", "*** Begin Patch\n*** Add File: n\n+ok\nbad\n*** End Patch"),
      "ERR_PATCH_FORMAT",
    );
    expect(err.details).toEqual({ format: "v4a", line: 4 });
  });

  it("v4a anchored pure insertion (only + lines after @@ anchor) → lines inserted right after the anchor", () => {
    const body = "*** Begin Patch\n*** Update File: f\n@@ function f() {\n+  // inserted\n*** End Patch";
    expect(apply("v4a", "x\nfunction f() {\n  body\n}\n", body)).toBe("x\nfunction f() {\n  // inserted\n  body\n}\n");
  });

  it("search-replace body with text outside blocks (not blank, not fence) → ERR_PATCH_FORMAT details.line", async () => {
    const err = await expectCode(
      () => apply("search-replace", "a\n", "\nnote\n<<<<<<< SEARCH\na\n=======\nb\n>>>>>>> REPLACE\n"),
      "ERR_PATCH_FORMAT",
    );
    expect(err.details).toEqual({ format: "search-replace", line: 2 });
  });

  it("search-replace with empty SEARCH on a non-empty file → ERR_PATCH_NO_MATCH; on an absent file → result = REPLACE text", async () => {
    const body = "<<<<<<< SEARCH\n=======\nhello\n>>>>>>> REPLACE\n";
    await expectCode(() => apply("search-replace", "x\n", body), "ERR_PATCH_NO_MATCH");
    expect(apply("search-replace", "", body)).toBe("hello\n");
  });

  it("patch source with op: create where the file exists and preImage matches → compile succeeds (apply decides ERR_EXISTS)", async () => {
    const root = await tempRoot({ "f.txt": "a\n" });
    const { bundle } = await compilePlan(
      planOf(patchArtifact("f.txt", "unified", ref("a\n"), "@@ -1 +1 @@\n-a\n+b\n", "create")),
      { root },
    );
    expect(bundle.manifest.artifacts[0]).toMatchObject({ op: "create", origin: "patch" });
  });
});

describe("ref sources (sources.md acceptance)", () => {
  const content = new TextEncoder().encode("pinned\n");
  const digest = ref(content);
  const refArtifact = (uri = "https://b.example.com/x") => ({ path: "r.txt", source: { type: "ref", uri, digest } });
  let calls = 0;
  const stub = (respond: () => Response | Promise<Response>): typeof fetch =>
    (async () => {
      calls++;
      return respond();
    }) as unknown as typeof fetch;

  it("ref already in the CAS, no --allow-net → compiles; no network call made (fetch stub not called)", async () => {
    const root = await tempRoot();
    await mkdir(join(casPath(root, digest.slice(7)), ".."), { recursive: true });
    await writeFile(casPath(root, digest.slice(7)), content);
    calls = 0;
    const fetchImpl = stub(() => new Response("never"));
    await compilePlan(planOf(refArtifact()), { root, net: { fetchImpl } });
    await compilePlan(planOf(refArtifact()), { root, net: { allowNet: true, fetchImpl } });
    expect(calls).toBe(0);
  });

  it("ref to b.example.com with *.example.com → fetched; to example.com → ERR_NET_DENIED details.allowlist", async () => {
    const net = { allowNet: true, allowlist: ["*.example.com"], fetchImpl: stub(() => new Response(content)) };
    await compilePlan(planOf(refArtifact()), { root: await tempRoot(), net });
    const err = await expectCode(
      async () => compilePlan(planOf(refArtifact("https://example.com/x")), { root: await tempRoot(), net }),
      "ERR_NET_DENIED",
    );
    expect(err.details).toMatchObject({ allowlist: ["*.example.com"] });
  });

  it("ref with https://u:p@h/x?token=1 and --allow-net → ERR_NET_DENIED; details.uri = https://h/x", async () => {
    const err = await expectCode(
      async () =>
        compilePlan(planOf(refArtifact("https://u:p@h/x?token=1")), {
          root: await tempRoot(),
          net: { allowNet: true, fetchImpl: stub(() => new Response(content)) },
        }),
      "ERR_NET_DENIED",
    );
    expect(err.details?.uri).toBe("https://h/x");
  });

  it("fetch stub answering 302 → ERR_NET_FAILED (reason); nothing stored", async () => {
    const root = await tempRoot();
    const err = await expectCode(
      () =>
        compilePlan(planOf(refArtifact()), {
          root,
          net: {
            allowNet: true,
            fetchImpl: stub(() => new Response(null, { status: 302, headers: { location: "https://evil/" } })),
          },
        }),
      "ERR_NET_FAILED",
    );
    expect(typeof err.details?.reason).toBe("string");
    expect(await readdir(join(casPath(root, digest.slice(7)), ".."))).toEqual([]);
  });

  it("fetch stub with content-length 33 554 433 → ERR_BLOB_TOO_LARGE; streamed body passing maxBytes → ERR_BLOB_TOO_LARGE, stream cancelled, no temp file left", async () => {
    const root = await tempRoot();
    const e1 = await expectCode(
      () =>
        compilePlan(planOf(refArtifact()), {
          root,
          net: {
            allowNet: true,
            fetchImpl: stub(() => new Response("x", { headers: { "content-length": "33554433" } })),
          },
        }),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(e1.details).toMatchObject({ bytes: 33_554_433, max: 33_554_432 });
    let cancelled = false;
    const endless = new ReadableStream<Uint8Array>({
      pull: (c) => c.enqueue(new Uint8Array(1024)),
      cancel: () => {
        cancelled = true;
      },
    });
    const e2 = await expectCode(
      () =>
        compilePlan(planOf(refArtifact()), {
          root,
          net: { allowNet: true, maxBytes: 4096, fetchImpl: stub(() => new Response(endless)) },
        }),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(e2.details).toMatchObject({ max: 4096 });
    expect(cancelled).toBe(true);
    expect(await readdir(join(casPath(root, digest.slice(7)), ".."))).toEqual([]);
  });

  it("fetched bytes = pin → CAS slot written; bundle blobs has no entry for it; a second compile offline succeeds", async () => {
    const root = await tempRoot();
    const first = await compilePlan(planOf(refArtifact()), {
      root,
      net: { allowNet: true, fetchImpl: stub(() => new Response(content)) },
    });
    expect(first.bundle.blobs).toEqual({});
    const second = await compilePlan(planOf(refArtifact()), { root });
    expect(second.bundle.manifestDigest).toBe(first.bundle.manifestDigest);
  });
});

describe("template sources (sources.md acceptance)", () => {
  const emitter: TemplateEmitter = {
    id: "web",
    version: "2.0.0",
    templates: {
      page: {
        description: "page",
        params: {
          safeParse: (v: unknown) => {
            const keys = Object.keys(v as object);
            return keys.length === 1 && keys[0] === "title"
              ? { success: true as const, data: v as { title: string } }
              : { success: false as const, error: { issues: [{ path: [], message: "only `title`" }] } };
          },
        },
        render: (p: { title: string }) => `# ${p.title}\n`,
      },
    },
  };
  const tpl = (template: string, params: Record<string, unknown> = { title: "x" }) => ({
    path: "p.md",
    source: { type: "template", emitter: "web", template, params },
  });
  const emitters = createEmitterRegistry([emitter]);

  it("template name constructor or toString → ERR_TEMPLATE_UNKNOWN (own keys only)", async () => {
    for (const name of ["constructor", "toString", "__proto__"]) {
      await expectCode(() => compilePlan(planOf(tpl(name)), { emitters }), "ERR_TEMPLATE_UNKNOWN");
    }
  });

  it("template params with an extra key → ERR_TEMPLATE_PARAMS", async () => {
    const err = await expectCode(
      () => compilePlan(planOf(tpl("page", { title: "x", extra: 1 })), { emitters }),
      "ERR_TEMPLATE_PARAMS",
    );
    expect(err.details).toMatchObject({ emitter: "web", template: "page" });
  });

  it('Plan with one web template artifact → toolchain.emitters: {web: "2.0.0"}; changing template params → planDigest changes', async () => {
    const a = await compilePlan(planOf(tpl("page")), { emitters });
    expect(a.bundle.manifest.toolchain.emitters).toEqual({ web: "2.0.0" });
    const b = await compilePlan(planOf(tpl("page", { title: "y" })), { emitters });
    expect(b.bundle.manifest.planDigest).not.toBe(a.bundle.manifest.planDigest);
  });
});
