// Builds the review page's two assets in memory (issue 22): the browser bundle of src/page/main.ts
// (diff2html included, no external resource at run time) and one stylesheet (diff2html's own, then
// the page's). scripts/build.mjs embeds them in dist; from source, src/assets.ts calls this.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const pkg = dirname(dirname(fileURLToPath(import.meta.url)));
const require = createRequire(join(pkg, "package.json"));

export async function buildPageAssets() {
  const result = await build({
    absWorkingDir: pkg,
    entryPoints: ["src/page/main.ts"],
    bundle: true,
    format: "iife",
    platform: "browser",
    target: "es2022",
    minify: true,
    legalComments: "none",
    write: false,
    logLevel: "warning",
  });
  const js = result.outputFiles[0]?.text ?? "";
  const diffCss = readFileSync(require.resolve("diff2html/bundles/css/diff2html.min.css"), "utf8");
  const pageCss = readFileSync(join(pkg, "src/page/page.css"), "utf8");
  return { js, css: `${diffCss}\n${pageCss}` };
}
