// Stored bundles `manifests/<hex>.json` (apply.md §3, formats.md §9.1): the one writer and the one
// reader. Writers — the compile/seal/preview with a root, apply() before its intent (§4.3 step 6),
// the engine before its journal (§5.7 C0), the MCP/CLI store on applied/noop — all call
// storeBundle, which leaves the file alone when it already holds this bundle and remembers what it
// wrote (bundle-memory.ts), so a repeated store costs one lstat. One format: compact JSON (ARCH-S2).
import { createHash } from "node:crypto";
import * as path from "node:path";
import { axiomError, type ManifestBundle } from "@codai/axiom-schema";
import { forget, type Remembered, recall, remember } from "./bundle-memory";
import { sameFile } from "./file-identity";
import { type BigStats, errnoOf, fsx } from "./fsx";
import { openSame } from "./identity";
import { intakeBundle } from "./intake";
import { atomicWrite, fsyncDir } from "./io";
import { jsonEqual } from "./json-equal";
import { layout } from "./layout";

export interface StoreBundleOptions {
  /**
   * true: an atomic durable write (file and directory fsynced), what apply() and the engine's C0
   * need before an intent or a journal may name the digest. false: the file's data is fsynced but
   * not its directory entry (a crash may lose the name, never tear the bytes; P-1).
   */
  durable: boolean;
}

/** The compact text of a bundle and its key, computed once per bundle object. */
const encoded = new WeakMap<ManifestBundle, { text: string; key: string }>();

function encode(bundle: ManifestBundle): { text: string; key: string } {
  let e = encoded.get(bundle);
  if (e === undefined) {
    const text = JSON.stringify(bundle);
    e = { text, key: createHash("sha256").update(text).digest("hex") };
    encoded.set(bundle, e);
  }
  return e;
}

async function lstatFile(file: string): Promise<BigStats | undefined> {
  try {
    const st = await fsx.lstat(file);
    return st.isFile() ? st : undefined;
  } catch {
    return undefined;
  }
}

/** True when the file holds this bundle: its bytes, or a JSON-equal copy (an older pretty-printed one). */
async function holdsBundle(file: string, text: string, bundle: ManifestBundle): Promise<boolean> {
  try {
    const got = (await fsx.readFile(file)).toString("utf8");
    return got === text || jsonEqual(JSON.parse(got), bundle);
  } catch {
    return false;
  }
}

/** Makes an intact stored copy durable in place: fsync its data unless known synced, then its directory. */
async function makeDurable(file: string, st: BigStats, mem: Remembered): Promise<boolean> {
  try {
    if (!mem.dataSynced) {
      const { fd } = await openSame(file, st);
      try {
        await fsx.fsync(fd);
      } finally {
        await fsx.close(fd).catch(() => undefined);
      }
    }
    await fsyncDir(path.dirname(file));
  } catch {
    return false; // e.g. win32, where a read-only handle cannot be fsynced: write it again instead
  }
  mem.dataSynced = true;
  mem.durable = true;
  return true;
}

/** A stored bundle whose name already holds it; `durable` settles once it is as durable as asked. */
export interface NamedBundle {
  file: string;
  durable: Promise<void>;
}

/**
 * Stores `bundle` (which has passed intake) at `<root>/.axiom/manifests/<hex>.json`, returning once
 * that name holds it. Skipped when the file already holds this bundle (remembered, or read and
 * compared): then only the fsyncs it lacks are left, in `durable` (SPEED-21: apply registers its
 * intent meanwhile); otherwise an atomic write of the compact JSON, done before this returns.
 * Errors propagate raw.
 */
export async function nameBundle(root: string, bundle: ManifestBundle, opts: StoreBundleOptions): Promise<NamedBundle> {
  const hex = bundle.manifestDigest.slice("sha256:".length);
  const file = layout.manifest(root, hex);
  const { text, key } = encode(bundle);
  const rewrite = async () => {
    forget(file);
    await atomicWrite(file, text, opts.durable ? true : "data");
    const written = await lstatFile(file);
    if (written !== undefined) remember(file, written, key, { dataSynced: true, durable: opts.durable });
  };
  const st = await lstatFile(file);
  if (st !== undefined) {
    let mem = recall(file, st, key);
    if (mem === undefined && (await holdsBundle(file, text, bundle))) {
      const again = await lstatFile(file);
      if (again !== undefined && sameFile(st, again))
        mem = remember(file, st, key, { dataSynced: false, durable: false });
    }
    if (mem !== undefined) {
      if (!opts.durable || mem.durable) return { file, durable: Promise.resolve() };
      const kept = mem;
      return { file, durable: makeDurable(file, st, kept).then((ok) => (ok ? undefined : rewrite())) };
    }
  }
  await rewrite();
  return { file, durable: Promise.resolve() };
}

/** `nameBundle`, returning once the stored file is also as durable as asked. */
export async function storeBundle(root: string, bundle: ManifestBundle, opts: StoreBundleOptions): Promise<string> {
  const { file, durable } = await nameBundle(root, bundle, opts);
  await durable;
  return file;
}

const REF = /^(?:sha256:)?([0-9a-f]{64})$/;

/**
 * Reads the stored bundle a user or a journal names (`sha256:<hex>` or the bare hex) through intake.
 * A malformed ref, a missing or unreadable file → ERR_NOT_FOUND `{ref}` (formats.md §12.3 #11, a
 * stored manifest that names nothing); not JSON → ERR_INVALID_MANIFEST `{ref}`; intake's codes
 * (formats.md §6.3); a valid bundle of another digest → ERR_INVALID_MANIFEST `{ref, manifestDigest}`.
 */
export async function readStoredBundle(root: string, ref: string): Promise<ManifestBundle> {
  const hex = REF.exec(ref)?.[1];
  if (hex === undefined)
    throw axiomError("ERR_NOT_FOUND", { message: "not a stored manifest reference", details: { ref } });
  let text: string;
  try {
    text = (await fsx.readFile(layout.manifest(root, hex))).toString("utf8");
  } catch (err) {
    throw axiomError("ERR_NOT_FOUND", {
      message: `no stored manifest with that digest${errnoOf(err) === "ENOENT" ? "" : ` (${errnoOf(err) ?? "unreadable"})`}`,
      details: { ref },
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw axiomError("ERR_INVALID_MANIFEST", { message: "stored manifest is not JSON", details: { ref } });
  }
  const bundle = intakeBundle(raw);
  if (bundle.manifestDigest !== `sha256:${hex}`) {
    throw axiomError("ERR_INVALID_MANIFEST", {
      message: "stored manifest names another digest",
      details: { ref, manifestDigest: bundle.manifestDigest },
    });
  }
  return bundle;
}
