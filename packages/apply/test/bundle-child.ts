// Bundles a child-process script of the tests (esbuild, < 1 s) into a temp dir, once per suite.
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { build } from "esbuild";

export interface ChildBundle {
  /** The bundled script's path (built on the first call). */
  script(): Promise<string>;
  /** Removes the bundle (call from afterAll). */
  cleanup(): void;
}

export function childBundle(entry: string, tempPrefix: string): ChildBundle {
  let built: Promise<string> | undefined;
  let builtDir: string | undefined;
  return {
    script() {
      built ??= (async () => {
        const dir = fs.mkdtempSync(path.join(fs.realpathSync(os.tmpdir()), tempPrefix));
        const out = path.join(dir, "child.mjs");
        await build({
          entryPoints: [entry],
          bundle: true,
          platform: "node",
          format: "esm",
          outfile: out,
          logLevel: "silent",
          banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
        });
        builtDir = dir;
        return out;
      })();
      return built;
    },
    cleanup() {
      if (builtDir) fs.rmSync(builtDir, { recursive: true, force: true });
      builtDir = undefined;
      built = undefined;
    },
  };
}
