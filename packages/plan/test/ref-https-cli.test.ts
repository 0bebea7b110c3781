// `axiom compile --allow-net --net-allow 127.0.0.1` end to end (sources.md §2.3, cli.md §7.6): the
// built CLI as a real child process fetching from a real HTTPS server on 127.0.0.1 with its default
// global fetch; the self-signed CA is injected through NODE_EXTRA_CA_CERTS, verification stays on.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "@codai/axiom-canon";
import { EXAMPLE_1, tempRepo } from "@codai/axiom-testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorLine, runCli } from "../../mcp/test/cli-run";
import { casPath } from "../src/index";
import { hasOpenssl, makeCert, startHttps, type TestCert, type TestServer } from "./https-server";

const CONTENT = "fetched by the CLI\n";
const PIN = `sha256:${sha256Hex(CONTENT)}`;

let cert: TestCert;
let server: TestServer;
beforeAll(async () => {
  if (!hasOpenssl()) return;
  cert = makeCert();
  server = await startHttps(cert, {
    "/blob": (_req, res) => res.end(CONTENT),
    "/moved": (_req, res) => {
      res.statusCode = 301;
      res.setHeader("location", "/blob");
      res.end();
    },
  });
});
afterAll(async () => {
  await server?.close();
  cert?.cleanup();
});

async function setup(uri: string, digest = PIN): Promise<{ root: string; planFile: string }> {
  const t = await tempRepo();
  const plan = EXAMPLE_1();
  plan.artifacts = [{ path: "vendor/blob.txt", source: { type: "ref", uri, digest } }] as typeof plan.artifacts;
  const planFile = join(t.root, "..", `plan-${Date.now()}-${Math.random().toString(16).slice(2)}.json`);
  writeFileSync(planFile, JSON.stringify(plan));
  return { root: t.root, planFile };
}

const trustEnv = () => ({ NODE_EXTRA_CA_CERTS: cert.certFile });

describe.skipIf(!hasOpenssl())("axiom compile --allow-net over real HTTPS", () => {
  it("`axiom compile --root R --allow-net --net-allow 127.0.0.1` → bundle on stdout, ref blob in R's CAS, bundle stored, exit 0", async () => {
    const { root, planFile } = await setup(`${server.origin}/blob?sig=abc`);
    const run = await runCli(["compile", planFile, "--root", root, "--allow-net", "--net-allow", "127.0.0.1"], {
      env: trustEnv(),
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const bundle = JSON.parse(run.stdout);
    expect(bundle.manifest.artifacts[0]).toMatchObject({ path: "vendor/blob.txt", origin: "ref" });
    expect(bundle.blobs?.[PIN]).toBeUndefined();
    expect(readFileSync(casPath(root, PIN.slice(7)), "utf8")).toBe(CONTENT);
    expect(existsSync(join(root, ".axiom", "manifests", `${bundle.manifestDigest.slice(7)}.json`))).toBe(true);
    // offline afterwards: no --allow-net, same bundle, no new request
    const n = server.requests.length;
    const offline = await runCli(["compile", planFile, "--root", root]);
    expect(offline.code).toBe(0);
    expect(JSON.parse(offline.stdout).manifestDigest).toBe(bundle.manifestDigest);
    expect(server.requests.length).toBe(n);
  });

  it("`--net-allow example.com` → ERR_NET_DENIED {allowlist}, exit 2, no request reaches the server", async () => {
    const { root, planFile } = await setup(`${server.origin}/blob?sig=abc`);
    const n = server.requests.length;
    const run = await runCli(["compile", planFile, "--root", root, "--allow-net", "--net-allow", "example.com"], {
      env: trustEnv(),
    });
    expect(run.code).toBe(2);
    const e = errorLine(run);
    expect(e.code).toBe("ERR_NET_DENIED");
    expect(e.details).toMatchObject({ uri: `${server.origin}/blob`, allowlist: ["example.com"] });
    expect(run.stderr).not.toContain("sig=abc");
    expect(server.requests.length).toBe(n);
  });

  it("a redirect through the real fetch → ERR_NET_FAILED, redacted uri, nothing stored, exit 2", async () => {
    const { root, planFile } = await setup(`${server.origin}/moved?sig=abc#x`);
    const run = await runCli(["compile", planFile, "--root", root, "--allow-net", "--net-allow", "127.0.0.1"], {
      env: trustEnv(),
    });
    expect(run.code).toBe(2);
    const e = errorLine(run);
    expect(e.code).toBe("ERR_NET_FAILED");
    expect((e.details as Record<string, unknown>).uri).toBe(`${server.origin}/moved`);
    expect(run.stderr).not.toContain("sig=abc");
    expect(existsSync(casPath(root, PIN.slice(7)))).toBe(false);
  });

  it("pin mismatch through the CLI → ERR_DIGEST_MISMATCH {expected, actual, bytes, uri}, exit 2", async () => {
    const wrong = `sha256:${sha256Hex("not it")}`;
    const { root, planFile } = await setup(`${server.origin}/blob?sig=abc`, wrong);
    const run = await runCli(["compile", planFile, "--root", root, "--allow-net"], { env: trustEnv() });
    expect(run.code).toBe(2);
    const e = errorLine(run);
    expect(e.code).toBe("ERR_DIGEST_MISMATCH");
    expect(e.details).toEqual({
      expected: wrong,
      actual: PIN,
      bytes: Buffer.byteLength(CONTENT),
      uri: `${server.origin}/blob`,
    });
  });

  it("without the injected CA the real fetch refuses the self-signed certificate → ERR_NET_FAILED, exit 2", async () => {
    const { root, planFile } = await setup(`${server.origin}/blob`);
    const run = await runCli(["compile", planFile, "--root", root, "--allow-net", "--net-allow", "127.0.0.1"]);
    expect(run.code).toBe(2);
    expect(errorLine(run).code).toBe("ERR_NET_FAILED");
    expect(existsSync(casPath(root, PIN.slice(7)))).toBe(false);
  });
});
