// The manifest files axiom_write previews stored, by (dev, ino, mtime, size). The confirm call
// compiles the same bundle (an equal manifestDigest means equal bundle bytes: the bundle is a pure
// function of the manifest), so while `<root>/.axiom/manifests/<hex>.json` is still the very file
// the preview wrote, storing it again (mcp.md §5.4 step 9) would rewrite and fsync the same bytes.
import { lstat } from "node:fs/promises";
import { join } from "node:path";

const REMEMBERED_MAX = 256;
const remembered = new Map<string, string>();

/** `manifestDigest` is a compiled bundle's own `sha256:<hex>`. */
const fileOf = (root: string, manifestDigest: string) =>
  join(root, ".axiom", "manifests", `${manifestDigest.replace(/^sha256:/, "")}.json`);

async function fingerprint(path: string): Promise<string | undefined> {
  try {
    const st = await lstat(path, { bigint: true });
    return st.isFile() ? `${st.dev}:${st.ino}:${st.mtimeNs}:${st.size}` : undefined;
  } catch {
    return undefined;
  }
}

/** Called right after the preview stored the bundle of `manifestDigest` under `root`. */
export async function rememberPreviewStore(root: string, manifestDigest: string): Promise<void> {
  const id = fileOf(root, manifestDigest);
  const print = await fingerprint(id);
  remembered.delete(id);
  if (print === undefined) return;
  if (remembered.size >= REMEMBERED_MAX) remembered.delete(remembered.keys().next().value as string);
  remembered.set(id, print);
}

/** True when the file the preview stored for `manifestDigest` is still in place, unchanged. */
export async function previewStoreIntact(root: string, manifestDigest: string): Promise<boolean> {
  const id = fileOf(root, manifestDigest);
  const print = remembered.get(id);
  return print !== undefined && (await fingerprint(id)) === print;
}
