// A real HTTPS server on 127.0.0.1 for the ref-fetch tests (sources.md §2.5), with a self-signed
// certificate made in the test by `openssl` (execFile, no shell). Clients trust it only through the
// injected CA (the `ca` option here, NODE_EXTRA_CA_CERTS for a CLI child); verification stays on.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import * as https from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable } from "node:stream";

export function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "pipe" });
    return true;
  } catch {
    return false;
  }
}

export interface TestCert {
  key: Buffer;
  cert: Buffer;
  certFile: string;
  cleanup(): void;
}

/** A P-256 self-signed certificate for IP 127.0.0.1 (and DNS localhost), valid one day. */
export function makeCert(): TestCert {
  const dir = mkdtempSync(join(tmpdir(), "axiom-tls-"));
  const keyFile = join(dir, "key.pem");
  const certFile = join(dir, "cert.pem");
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      keyFile,
      "-out",
      certFile,
      "-days",
      "1",
      "-subj",
      "/CN=axiom-test",
      "-addext",
      "subjectAltName=IP:127.0.0.1,DNS:localhost",
    ],
    { stdio: "pipe" },
  );
  return {
    key: readFileSync(keyFile),
    cert: readFileSync(certFile),
    certFile,
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

export type Route = (req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse) => void;

export interface TestServer {
  origin: string;
  port: number;
  /** Every request seen: method, path (with query), headers. */
  requests: { method: string; url: string; headers: Record<string, unknown> }[];
  close(): Promise<void>;
}

export async function startHttps(cert: TestCert, routes: Record<string, Route>): Promise<TestServer> {
  const requests: TestServer["requests"] = [];
  const server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    requests.push({ method: req.method ?? "", url: req.url ?? "", headers: { ...req.headers } });
    const route = routes[new URL(req.url ?? "/", "https://x").pathname];
    if (route) route(req, res);
    else {
      res.statusCode = 404;
      res.end("not found");
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `https://127.0.0.1:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A WHATWG-fetch transport over node:https that trusts `ca` (the in-process test process cannot
 * add a CA to the global fetch after start-up). It honours method, headers, signal and
 * `redirect: "error"` (a 3xx rejects like undici's fetch does).
 */
export function fetchTrusting(ca: Buffer): typeof fetch {
  return ((input: string | URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const url = new URL(String(input));
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((v, k) => {
        headers[k] = v;
      });
      const req = https.request(
        url,
        { method: init.method ?? "GET", headers, ca, signal: init.signal ?? undefined },
        (res) => {
          const status = res.statusCode ?? 0;
          if (init.redirect === "error" && status >= 300 && status < 400) {
            res.destroy();
            reject(new TypeError("fetch failed: unexpected redirect"));
            return;
          }
          const h = new Headers();
          for (const [k, v] of Object.entries(res.headers)) {
            if (v === undefined) continue;
            for (const one of Array.isArray(v) ? v : [v]) h.append(k, one);
          }
          resolve(new Response(Readable.toWeb(res) as ReadableStream, { status, headers: h }));
        },
      );
      req.on("error", reject);
      req.end();
    })) as typeof fetch;
}
