// Ref fetches over a real HTTPS server on 127.0.0.1 (sources.md §2.2–§2.7): pin match → CAS, pin
// mismatch, redirect, status, size cap (declared and streamed), timeout, allowlist, userinfo, and
// URI redaction in every error. The self-signed certificate is trusted through an injected CA.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname } from "node:path";
import { sha256Hex } from "@codai/axiom-canon";
import { EXAMPLE_1, expectCode, tempRepo } from "@codai/axiom-testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { casPath, compilePlan } from "../src/index";
import { fetchTrusting, hasOpenssl, makeCert, startHttps, type TestCert, type TestServer } from "./https-server";

const CONTENT = "vendored bytes over https\n";
const PIN = `sha256:${sha256Hex(CONTENT)}`;
const BIG = 4096;

let cert: TestCert;
let server: TestServer;
let fetchImpl: typeof fetch;
const hung: (() => void)[] = [];

beforeAll(async () => {
  if (!hasOpenssl()) return;
  cert = makeCert();
  fetchImpl = fetchTrusting(cert.cert);
  server = await startHttps(cert, {
    "/ok": (_req, res) => {
      res.setHeader("content-type", "application/octet-stream");
      res.end(CONTENT);
    },
    "/redirect": (_req, res) => {
      res.statusCode = 302;
      res.setHeader("location", "/ok");
      res.end();
    },
    "/declared-big": (_req, res) => {
      res.setHeader("content-length", String(BIG + 1));
      res.end("x".repeat(BIG + 1));
    },
    "/streamed-big": (_req, res) => {
      // chunked, no content-length: the cap is found while streaming
      res.write("a".repeat(1000));
      res.write("b".repeat(1000));
      res.write("c".repeat(3000));
      res.end();
    },
    "/hang": (_req, res) => {
      hung.push(() => res.destroy());
    },
    "/stall-body": (_req, res) => {
      res.setHeader("content-length", "100");
      res.write("partial");
      hung.push(() => res.destroy());
    },
  });
});
afterAll(async () => {
  for (const h of hung.splice(0)) h();
  await server?.close();
  cert?.cleanup();
});

/** A real temp root, removed when the test finishes (testkit's tempRepo). */
async function tempRoot(): Promise<string> {
  return (await tempRepo()).root;
}

function planOf(uri: string, digest = PIN) {
  const plan = EXAMPLE_1();
  plan.artifacts = [{ path: "vendor/r.bin", source: { type: "ref", uri, digest } }] as typeof plan.artifacts;
  return plan;
}

/** No slot and no temp file left in the shard of `digest`. */
function nothingStored(root: string, digest: string): void {
  const slot = casPath(root, digest.slice(7));
  expect(existsSync(slot)).toBe(false);
  const shard = dirname(slot);
  expect(existsSync(shard) ? readdirSync(shard) : []).toEqual([]);
}

const SECRET = "?token=s3cr3t#frag";

describe.skipIf(!hasOpenssl())("ref sources over real HTTPS (sources.md §2)", () => {
  it("§2.2 pin match → fetched with GET, accept */*, no credentials; blob stored in the CAS; no inline blob; later compiles offline", async () => {
    const root = await tempRoot();
    const before = server.requests.length;
    const { bundle } = await compilePlan(planOf(`${server.origin}/ok${SECRET}`), {
      root,
      net: { allowNet: true, allowlist: ["127.0.0.1"], fetchImpl },
    });
    const art = bundle.manifest.artifacts[0];
    expect(art).toMatchObject({ path: "vendor/r.bin", origin: "ref", digest: { sha256: PIN.slice(7) } });
    expect(bundle.blobs?.[PIN]).toBeUndefined();
    expect(readFileSync(casPath(root, PIN.slice(7)), "utf8")).toBe(CONTENT);
    const reqs = server.requests.slice(before);
    expect(reqs).toHaveLength(1);
    expect(reqs[0]?.method).toBe("GET");
    expect(reqs[0]?.url).toBe("/ok?token=s3cr3t");
    expect(reqs[0]?.headers.accept).toBe("*/*");
    expect(reqs[0]?.headers.authorization).toBeUndefined();
    expect(reqs[0]?.headers.cookie).toBeUndefined();
    // a ref fetched once compiles offline forever: no network, no request
    const again = await compilePlan(planOf(`${server.origin}/ok`), { root });
    expect(again.bundle.manifestDigest).toBe(bundle.manifestDigest);
    expect(server.requests.length).toBe(before + 1);
  });

  it("§2.2 step 5: pin mismatch → ERR_DIGEST_MISMATCH {expected, actual, bytes, uri}; temp deleted, nothing stored", async () => {
    const root = await tempRoot();
    const wrong = `sha256:${sha256Hex("something else")}`;
    const err = await expectCode(
      () => compilePlan(planOf(`${server.origin}/ok${SECRET}`, wrong), { root, net: { allowNet: true, fetchImpl } }),
      "ERR_DIGEST_MISMATCH",
    );
    expect(err.path).toBe("vendor/r.bin");
    expect(err.details).toEqual({
      expected: wrong,
      actual: PIN,
      bytes: Buffer.byteLength(CONTENT),
      uri: `${server.origin}/ok`,
    });
    nothingStored(root, wrong);
  });

  it("§2.5: a redirect → ERR_NET_FAILED with the error message as reason; nothing stored", async () => {
    const root = await tempRoot();
    const err = await expectCode(
      () => compilePlan(planOf(`${server.origin}/redirect${SECRET}`), { root, net: { allowNet: true, fetchImpl } }),
      "ERR_NET_FAILED",
    );
    expect(err.details).toMatchObject({
      uri: `${server.origin}/redirect`,
      digest: PIN,
      host: `127.0.0.1:${server.port}`,
    });
    expect(typeof err.details?.reason).toBe("string");
    nothingStored(root, PIN);
  });

  it("§2.5: HTTP 404 → ERR_NET_FAILED details.status 404", async () => {
    const root = await tempRoot();
    const err = await expectCode(
      () => compilePlan(planOf(`${server.origin}/missing${SECRET}`), { root, net: { allowNet: true, fetchImpl } }),
      "ERR_NET_FAILED",
    );
    expect(err.details).toEqual({
      uri: `${server.origin}/missing`,
      digest: PIN,
      host: `127.0.0.1:${server.port}`,
      status: 404,
    });
    nothingStored(root, PIN);
  });

  it("§2.5 size cap: content-length over maxBytes → ERR_BLOB_TOO_LARGE {bytes: declared, max, uri}", async () => {
    const root = await tempRoot();
    const err = await expectCode(
      () =>
        compilePlan(planOf(`${server.origin}/declared-big${SECRET}`), {
          root,
          net: { allowNet: true, fetchImpl, maxBytes: BIG },
        }),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(err.details).toEqual({ bytes: BIG + 1, max: BIG, uri: `${server.origin}/declared-big` });
    nothingStored(root, PIN);
  });

  it("§2.5 size cap: a streamed body crossing maxBytes → ERR_BLOB_TOO_LARGE, bytes = the count at the crossing", async () => {
    const root = await tempRoot();
    const err = await expectCode(
      () =>
        compilePlan(planOf(`${server.origin}/streamed-big${SECRET}`), {
          root,
          net: { allowNet: true, fetchImpl, maxBytes: 1500 },
        }),
      "ERR_BLOB_TOO_LARGE",
    );
    expect(err.details?.max).toBe(1500);
    expect(err.details?.uri).toBe(`${server.origin}/streamed-big`);
    const bytes = err.details?.bytes as number;
    expect(bytes).toBeGreaterThan(1500);
    expect(bytes).toBeLessThanOrEqual(5000);
    nothingStored(root, PIN);
  });

  it("§2.5 timeout: a server that never answers → ERR_NET_FAILED reason 'timeout'", async () => {
    const root = await tempRoot();
    const t0 = Date.now();
    const err = await expectCode(
      () =>
        compilePlan(planOf(`${server.origin}/hang${SECRET}`), {
          root,
          net: { allowNet: true, fetchImpl, timeoutMs: 200 },
        }),
      "ERR_NET_FAILED",
    );
    expect(Date.now() - t0).toBeLessThan(5000);
    expect(err.details).toEqual({
      uri: `${server.origin}/hang`,
      digest: PIN,
      host: `127.0.0.1:${server.port}`,
      reason: "timeout",
    });
    nothingStored(root, PIN);
  });

  it("§2.5 timeout: one timer covers the body too (headers sent, body stalls) → reason 'timeout'", async () => {
    const root = await tempRoot();
    const err = await expectCode(
      () =>
        compilePlan(planOf(`${server.origin}/stall-body`), {
          root,
          net: { allowNet: true, fetchImpl, timeoutMs: 300 },
        }),
      "ERR_NET_FAILED",
    );
    expect(err.details?.reason).toBe("timeout");
    nothingStored(root, PIN);
  });

  it("§2.4: host not allowlisted → ERR_NET_DENIED details.allowlist; no request reaches the server", async () => {
    const root = await tempRoot();
    const before = server.requests.length;
    const err = await expectCode(
      () =>
        compilePlan(planOf(`${server.origin}/ok${SECRET}`), {
          root,
          net: { allowNet: true, allowlist: ["example.com", "*.127.0.0.1"], fetchImpl },
        }),
      "ERR_NET_DENIED",
    );
    expect(err.details).toEqual({
      uri: `${server.origin}/ok`,
      digest: PIN,
      host: `127.0.0.1:${server.port}`,
      allowlist: ["example.com", "*.127.0.0.1"],
    });
    expect(server.requests.length).toBe(before);
  });

  it("§2.4: userinfo in the URL → ERR_NET_DENIED, redacted uri without user, password or query; no request", async () => {
    const root = await tempRoot();
    const before = server.requests.length;
    const uri = `https://u:p@127.0.0.1:${server.port}/ok${SECRET}`;
    const err = await expectCode(
      () => compilePlan(planOf(uri), { root, net: { allowNet: true, fetchImpl } }),
      "ERR_NET_DENIED",
    );
    expect(err.details).toEqual({ uri: `${server.origin}/ok`, digest: PIN, host: `127.0.0.1:${server.port}` });
    expect(server.requests.length).toBe(before);
  });

  it("§2.6: no error carries the query, fragment or userinfo of the URI", async () => {
    const cases: [string, Record<string, unknown>][] = [
      [`${server.origin}/ok${SECRET}`, { digest: `sha256:${sha256Hex("other")}` }],
      [`${server.origin}/redirect${SECRET}`, {}],
      [`${server.origin}/missing${SECRET}`, {}],
      [`${server.origin}/declared-big${SECRET}`, { maxBytes: BIG }],
      [`${server.origin}/hang${SECRET}`, { timeoutMs: 100 }],
      [`https://user:pw@127.0.0.1:${server.port}/ok${SECRET}`, {}],
      [`${server.origin}/ok${SECRET}`, { allowlist: ["nope.invalid"] }],
      [`${server.origin}/ok${SECRET}`, { allowNet: false }],
    ];
    for (const [uri, extra] of cases) {
      const root = await tempRoot();
      const { digest, ...net } = extra as { digest?: string };
      const plan = planOf(uri, digest ?? PIN);
      let thrown: unknown;
      try {
        await compilePlan(plan, { root, net: { allowNet: true, fetchImpl, ...net } });
      } catch (e) {
        thrown = e;
      }
      expect(thrown, uri).toBeDefined();
      const e = thrown as { message: string; details?: Record<string, unknown>; toJSON?: () => unknown };
      const text = `${e.message} ${JSON.stringify(e.details)} ${JSON.stringify(e.toJSON?.() ?? {})}`;
      for (const leak of ["s3cr3t", "frag", "user", ":pw@", "token"])
        expect(text, `${uri} leaks ${leak}`).not.toContain(leak);
      expect(e.details?.uri, uri).toBe(`${server.origin}/ok`.replace("/ok", new URL(uri).pathname));
    }
  });

  it("§2.5: verification stays on — the default fetch without the injected CA refuses the self-signed server (ERR_NET_FAILED)", async () => {
    const root = await tempRoot();
    const err = await expectCode(
      () => compilePlan(planOf(`${server.origin}/ok`), { root, net: { allowNet: true, timeoutMs: 10_000 } }),
      "ERR_NET_FAILED",
    );
    expect(err.details?.reason).not.toBe("timeout");
    nothingStored(root, PIN);
  });
});
