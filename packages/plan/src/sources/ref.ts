// `ref` sources (sources.md §2.2): CAS hit (re-hashed) → offline check → policy → fetch into a
// temp beside the slot → pin check → rename into the CAS → read back. Bytes never travel inline.
import { createHash } from "node:crypto";
import { constants, createReadStream } from "node:fs";
import { open, rename, stat, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { digestRef, sha256Hex } from "@codai/axiom-canon";
import { axiomError, isAxiomError, type RefSource } from "@codai/axiom-schema";
import { mkdirp } from "@codai/axiom-store";
import { casGet, casPath, casTempPath } from "../cas";
import { internal, isMissing } from "../fs-errors";
import type { ResolvedSource, SourceContext } from "./context";
import { NET_MAX_BYTES, NET_TIMEOUT_MS, type NetPolicy, policyDenial, redactUri, uriHost } from "./net-policy";
import { withPath } from "./with-path";

export async function resolveRef(source: RefSource, ctx: SourceContext): Promise<ResolvedSource> {
  const { digest } = source;
  const hex = digest.slice(7);
  const uri = redactUri(source.uri);
  const root = ctx.root;
  const host = uriHost(source.uri);
  const base = { uri, digest, ...(host === undefined ? {} : { host }) };
  // No root, no CAS to read or fetch into: the same "this call cannot fetch" as a root without
  // --allow-net (SEC-33), whatever the net policy says.
  if (root === undefined) throw axiomError("ERR_NET_DISABLED", { path: ctx.path, details: { ...base, root: null } });
  const hit = await withPath(ctx.path, () => casGet(root, hex));
  if (hit) {
    const actual = sha256Hex(hit);
    if (actual !== hex) {
      throw axiomError("ERR_DIGEST_MISMATCH", {
        path: ctx.path,
        details: { expected: digest, actual: digestRef(actual), uri },
      });
    }
    return { bytes: hit, origin: "ref" };
  }
  const net: NetPolicy = ctx.net ?? {};
  if (!net.allowNet) throw axiomError("ERR_NET_DISABLED", { path: ctx.path, details: base });
  const denial = policyDenial(source.uri, net);
  if (denial) throw axiomError("ERR_NET_DENIED", { path: ctx.path, details: { ...base, ...denial } });
  await fetchIntoCas(root, source.uri, hex, net, ctx.path, base);
  const stored = await withPath(ctx.path, () => casGet(root, hex));
  if (!stored || sha256Hex(stored) !== hex)
    throw axiomError("ERR_BLOB_MISSING", { path: ctx.path, details: { digest } });
  return { bytes: stored, origin: "ref" };
}

type Base = { uri: string; digest: string; host?: string };

async function fetchIntoCas(
  root: string,
  rawUri: string,
  hex: string,
  net: NetPolicy,
  path: string,
  base: Base,
): Promise<void> {
  const max = net.maxBytes ?? NET_MAX_BYTES;
  const slot = casPath(root, hex);
  // The store's mkdir -p: a new `.axiom/` gets its .gitignore (issue 21).
  await mkdirp(dirname(slot)).catch((err) => {
    throw internal(err, "CAS mkdir failed");
  });
  const tmp = casTempPath(slot);
  const handle = await open(tmp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o644).catch((err) => {
    throw internal(err, "CAS temp create failed");
  });
  const hash = createHash("sha256");
  let count = 0;
  const tooLarge = (bytes: number) =>
    axiomError("ERR_BLOB_TOO_LARGE", { path, details: { bytes, max, uri: base.uri } });
  const sink = async (chunk: Uint8Array) => {
    count += chunk.length;
    if (count > max) throw tooLarge(count);
    hash.update(chunk);
    await handle.write(chunk);
  };
  let closed = false;
  try {
    const url = new URL(rawUri);
    if (url.protocol === "file:") await readFileRef(fileURLToPath(url), max, sink, tooLarge, path, base);
    else await fetchHttps(rawUri, net, max, sink, tooLarge, path, base);
    const actual = hash.digest("hex");
    if (actual !== hex) {
      throw axiomError("ERR_DIGEST_MISMATCH", {
        path,
        details: { expected: base.digest, actual: digestRef(actual), bytes: count, uri: base.uri },
      });
    }
    await handle.sync();
    await handle.close();
    closed = true;
    try {
      await rename(tmp, slot);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      const exists = await stat(slot).then(
        (s) => s.isFile(),
        () => false,
      );
      if (!exists) throw internal(err, "CAS rename failed");
    }
  } catch (err) {
    if (!closed) await handle.close().catch(() => undefined);
    await unlink(tmp).catch(() => undefined);
    throw isAxiomError(err) ? err : internal(err, "ref fetch failed");
  }
}

async function readFileRef(
  file: string,
  max: number,
  sink: (c: Uint8Array) => Promise<void>,
  tooLarge: (n: number) => Error,
  path: string,
  base: Base,
): Promise<void> {
  const failed = (reason: string) => axiomError("ERR_NET_FAILED", { path, details: { ...base, reason } });
  let size: number;
  try {
    const st = await stat(file);
    if (!st.isFile()) throw failed("not a regular file");
    size = st.size;
  } catch (err) {
    if (isAxiomError(err)) throw err;
    throw failed(isMissing(err) ? "not found" : err instanceof Error ? err.message : String(err));
  }
  if (size > max) throw tooLarge(size);
  try {
    for await (const chunk of createReadStream(file)) await sink(chunk as Buffer);
  } catch (err) {
    if (isAxiomError(err)) throw err;
    throw failed(err instanceof Error ? err.message : String(err));
  }
}

async function fetchHttps(
  uri: string,
  net: NetPolicy,
  max: number,
  sink: (c: Uint8Array) => Promise<void>,
  tooLarge: (n: number) => Error,
  path: string,
  base: Base,
): Promise<void> {
  const fetchImpl = net.fetchImpl ?? fetch;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, net.timeoutMs ?? NET_TIMEOUT_MS);
  const failed = (err: unknown) =>
    axiomError("ERR_NET_FAILED", {
      path,
      details: { ...base, reason: timedOut ? "timeout" : err instanceof Error ? err.message : String(err) },
    });
  try {
    let response: Response;
    try {
      response = await fetchImpl(uri, {
        method: "GET",
        redirect: "error",
        headers: { accept: "*/*" },
        credentials: "omit",
        signal: controller.signal,
      });
    } catch (err) {
      throw failed(err);
    }
    if (response.status >= 300 && response.status <= 399) {
      // redirect: "error" makes a real fetch throw; a transport that hands back the 3xx is refused alike
      await response.body?.cancel().catch(() => undefined);
      throw axiomError("ERR_NET_FAILED", {
        path,
        details: { ...base, reason: `redirect (${response.status}) not allowed` },
      });
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      throw axiomError("ERR_NET_FAILED", { path, details: { ...base, status: response.status } });
    }
    const declared = Number(response.headers.get("content-length") ?? Number.NaN);
    if (Number.isFinite(declared) && declared > max) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge(declared);
    }
    if (!response.body) return;
    const reader = response.body.getReader();
    try {
      for (;;) {
        let step: Awaited<ReturnType<typeof reader.read>>;
        try {
          step = await reader.read();
        } catch (err) {
          throw failed(err);
        }
        if (step.done) break;
        await sink(step.value);
      }
    } catch (err) {
      await reader.cancel().catch(() => undefined);
      throw err;
    }
  } finally {
    clearTimeout(timer);
  }
}
