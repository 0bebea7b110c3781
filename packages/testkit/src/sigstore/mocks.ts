// Local stand-ins for the Sigstore public-good services, on 127.0.0.1 only, for the real `sigstore`
// package (4.1.x): Fulcio (POST /api/v2/signingCert), Rekor v1 (POST /api/v1/log/entries), a TUF
// mirror under /tuf serving the test trusted root, and a GitHub Actions OIDC token endpoint
// (/actions/token). Every request is counted so tests can assert the mocks — and nothing else —
// were hit. Keys are generated per instance; nothing is persisted.
import { createPublicKey, generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { mintJwt, type TokenClaims, verifyJwt } from "./jwt";
import { MockRekorLog, RekorError } from "./rekor";
import { buildTufRepo, seedTufCache, type TufRepo } from "./tuf";
import { issueLeaf, logIdOf, makeRootCa, pemOf, spkiDer, type TestCa } from "./x509";

export const TEST_OIDC_ISSUER = "https://oidc.axiom.test";
const TRUSTED_ROOT_MEDIA_TYPE = "application/vnd.dev.sigstore.trustedroot+json;version=0.1";

export interface SigstoreMockHits {
  fulcio: number;
  rekor: number;
  tuf: number;
  actions: number;
  other: number;
}

export interface SigstoreMocks {
  /** http://127.0.0.1:<port> */
  url: string;
  fulcioURL: string;
  rekorURL: string;
  tufMirrorURL: string;
  /** URL for ACTIONS_ID_TOKEN_REQUEST_URL (the Actions provider appends `audience`). */
  actionsTokenURL: string;
  /** Bearer the Actions endpoint expects (ACTIONS_ID_TOKEN_REQUEST_TOKEN). */
  actionsRequestToken: string;
  issuer: string;
  trustedRoot: Record<string, unknown>;
  tufRepo: TufRepo;
  hits: SigstoreMockHits;
  /** Every request as `METHOD /path`, in order. */
  requests: string[];
  /** false → every /tuf request answers 404 (the mirror is down). */
  tufOnline: boolean;
  /** Claims the Actions endpoint puts in the token it hands out. */
  actionsClaims: TokenClaims;
  /** A test ID token from the test issuer (default claims: iss, aud "sigstore"). */
  mintToken(claims?: TokenClaims): string;
  /** Writes the TUF root.json (for tufRootPath) into `dir`; returns its path. */
  writeTufRoot(dir: string): Promise<string>;
  /** Seeds a tuf-js cache under `cachePath` for tufMirrorURL (offline / forceCache use). */
  seedTufCache(cachePath: string, repo?: TufRepo): Promise<string>;
  /** A TUF repo over the same trusted root whose timestamp/snapshot/targets expired (an expired cache). */
  expiredTufRepo(): TufRepo;
  close(): Promise<void>;
}

const ec = (): KeyObject => generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey;
const b64 = (b: Uint8Array): string => Buffer.from(b).toString("base64");

function tlogInstance(baseUrl: string, key: KeyObject, start: Date): Record<string, unknown> {
  return {
    baseUrl,
    hashAlgorithm: "SHA2_256",
    publicKey: {
      rawBytes: b64(spkiDer(key)),
      keyDetails: "PKIX_ECDSA_P256_SHA_256",
      validFor: { start: start.toISOString() },
    },
    logId: { keyId: b64(logIdOf(key)) },
  };
}

function trustedRootOf(url: string, ca: TestCa, rekorKey: KeyObject, ctKey: KeyObject, start: Date) {
  return {
    mediaType: TRUSTED_ROOT_MEDIA_TYPE,
    tlogs: [tlogInstance(url, rekorKey, start)],
    certificateAuthorities: [
      {
        subject: { organization: "axiom-test", commonName: "axiom-test-fulcio-root" },
        uri: url,
        certChain: { certificates: [{ rawBytes: b64(ca.der) }] },
        validFor: { start: start.toISOString() },
      },
    ],
    ctlogs: [tlogInstance(`${url}/ct`, ctKey, start)],
    timestampAuthorities: [],
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

interface SigningCertRequest {
  credentials?: { oidcIdentityToken?: string };
  publicKeyRequest?: { publicKey?: { content?: string }; proofOfPossession?: string };
}

export async function startSigstoreMocks(opts: { issuer?: string } = {}): Promise<SigstoreMocks> {
  const issuer = opts.issuer ?? TEST_OIDC_ISSUER;
  const oidcKey = ec();
  const caStart = new Date(Date.now() - 86400_000);
  const ca = makeRootCa(ec(), caStart, new Date(Date.now() + 365 * 86400_000));
  const ctKey = ec();
  const rekorKey = ec();
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `http://127.0.0.1:${port}`;
  const log = new MockRekorLog(rekorKey, `127.0.0.1:${port}`);
  const trustedRoot = trustedRootOf(url, ca, rekorKey, ctKey, caStart);
  const tufRepo = buildTufRepo(trustedRoot);
  const hits: SigstoreMockHits = { fulcio: 0, rekor: 0, tuf: 0, actions: 0, other: 0 };
  const requests: string[] = [];
  const actionsRequestToken = "actions-request-token-for-tests";

  const mocks: SigstoreMocks = {
    url,
    fulcioURL: url,
    rekorURL: url,
    tufMirrorURL: `${url}/tuf`,
    actionsTokenURL: `${url}/actions/token?api-version=2.0`,
    actionsRequestToken,
    issuer,
    trustedRoot,
    tufRepo,
    hits,
    requests,
    tufOnline: true,
    actionsClaims: { sub: "repo:acme/app:ref:refs/heads/main" },
    mintToken: (claims: TokenClaims = {}) => {
      const { expiresIn, ...rest } = claims;
      return mintJwt(oidcKey, { iss: issuer, aud: "sigstore", ...rest }, expiresIn ?? 300);
    },
    async writeTufRoot(dir: string) {
      const file = join(dir, "tuf-root.json");
      await writeFile(file, tufRepo.rootJson);
      return file;
    },
    seedTufCache: (cachePath: string, repo: TufRepo = tufRepo) => seedTufCache(repo, cachePath, mocks.tufMirrorURL),
    expiredTufRepo: () => buildTufRepo(trustedRoot, { expires: new Date(Date.now() - 86400_000) }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  function fulcio(body: string, res: ServerResponse): void {
    const reqBody = JSON.parse(body) as SigningCertRequest;
    const token = reqBody.credentials?.oidcIdentityToken ?? "";
    const claims = verifyJwt(token, createPublicKey(oidcKey));
    const now = Math.floor(Date.now() / 1000);
    const aud = claims?.aud;
    const audOk = aud === "sigstore" || (Array.isArray(aud) && aud.includes("sigstore"));
    if (!claims || claims.iss !== issuer || !audOk || typeof claims.exp !== "number" || claims.exp < now) {
      send(res, 401, { code: 16, message: "the identity token is not valid for this CA" });
      return;
    }
    const email = typeof claims.email === "string" && claims.email_verified === true ? claims.email : undefined;
    const subject = email ?? (typeof claims.sub === "string" ? claims.sub : undefined);
    const pem = reqBody.publicKeyRequest?.publicKey?.content;
    const pop = reqBody.publicKeyRequest?.proofOfPossession;
    if (subject === undefined || typeof pem !== "string" || typeof pop !== "string") {
      send(res, 400, { code: 3, message: "malformed signing certificate request" });
      return;
    }
    const publicKey = createPublicKey(pem);
    if (!verify("sha256", Buffer.from(subject), publicKey, Buffer.from(pop, "base64"))) {
      send(res, 400, { code: 3, message: "proof of possession does not verify" });
      return;
    }
    const leaf = issueLeaf({
      ca,
      ctKey,
      publicKey,
      san: email !== undefined ? { email } : { uri: subject },
      issuer,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 600_000),
    });
    send(res, 201, { signedCertificateEmbeddedSct: { chain: { certificates: [pemOf(leaf), pemOf(ca.der)] } } });
  }

  function tuf(path: string, res: ServerResponse): void {
    const file = mocks.tufOnline ? tufRepo.files.get(path.slice("/tuf/".length)) : undefined;
    if (file === undefined) {
      send(res, 404, { message: "not found" });
      return;
    }
    res.writeHead(200, { "content-type": "application/octet-stream", "content-length": file.length });
    res.end(file);
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? "/", url).pathname;
    requests.push(`${req.method} ${path}`);
    void (async () => {
      try {
        const body = await readBody(req);
        if (req.method === "POST" && path === "/api/v2/signingCert") {
          hits.fulcio++;
          return fulcio(body, res);
        }
        if (req.method === "POST" && path === "/api/v1/log/entries") {
          hits.rekor++;
          return send(res, 201, log.add(JSON.parse(body)));
        }
        if (req.method === "GET" && path.startsWith("/tuf/")) {
          hits.tuf++;
          return tuf(path, res);
        }
        if (req.method === "GET" && path === "/actions/token") {
          hits.actions++;
          if (req.headers.authorization !== `Bearer ${actionsRequestToken}`) return send(res, 401, { message: "no" });
          const audience = new URL(req.url ?? "/", url).searchParams.get("audience") ?? "";
          return send(res, 200, { value: mocks.mintToken({ ...mocks.actionsClaims, aud: audience }) });
        }
        hits.other++;
        send(res, 404, { message: "not found" });
      } catch (err) {
        if (err instanceof RekorError) return send(res, err.status, { code: err.status, message: err.message });
        send(res, 500, { message: "mock failure" });
      }
    })();
  });
  return mocks;
}
