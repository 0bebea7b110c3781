// Shared by the SIGKILL crash test and the crash soak (scripts/soak/crash.mjs): a 200-file mixed manifest
// (80 overwrites, 60 deletes, 60 creates), its pre-tree and a pre/post classifier.
import * as fs from "node:fs";
import * as path from "node:path";
import { sha256Hex } from "@codai/axiom-canon";
import { type FileSpec, makeBundle } from "./engine-helpers";

export const PRE_TREE: Record<string, string> = {};
const files: FileSpec[] = [];
for (let i = 0; i < 80; i++) {
  PRE_TREE[`ow/d${i % 8}/f${i}.txt`] = `before ${i}\n`.repeat(20);
  files.push({
    path: `ow/d${i % 8}/f${i}.txt`,
    op: "overwrite",
    content: `after ${i}\n`.repeat(25),
    mode: i % 5 === 0 ? "0755" : "0644",
  });
}
for (let i = 0; i < 60; i++) {
  PRE_TREE[`del/g${i}.txt`] = `doomed ${i}\n`;
  files.push({ path: `del/g${i}.txt`, op: "delete" });
}
for (let i = 0; i < 60; i++) files.push({ path: `new/n${i % 6}/c${i}.txt`, content: `created ${i}\n` });
export const CRASH_FILES = files;
export const crashBundle = makeBundle(files, { name: "crash-200" });

export function writePre(root: string): void {
  for (const [rel, content] of Object.entries(PRE_TREE)) {
    const p = path.join(root, ...rel.split("/"));
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, content);
  }
}

/** digest-or-absent + mode of every manifest path. */
export function manifestState(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of CRASH_FILES) {
    const p = path.join(root, ...f.path.split("/"));
    try {
      const st = fs.lstatSync(p);
      out[f.path] = st.isFile() ? `${sha256Hex(fs.readFileSync(p))}:${(st.mode & 0o777).toString(8)}` : "non-file";
    } catch {
      out[f.path] = "absent";
    }
  }
  return out;
}
