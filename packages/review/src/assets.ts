// The page's script and stylesheet. From source they are built on first use (scripts/build-page.mjs,
// esbuild); the CLI build (scripts/build.mjs) replaces this module with the built text, so the
// shipped server bundles no esbuild and reads no file to serve them.
export interface PageAssets {
  js: string;
  css: string;
}

let built: Promise<PageAssets> | undefined;

export function pageAssets(): Promise<PageAssets> {
  built ??= import("../scripts/build-page.mjs").then((m) => m.buildPageAssets());
  return built;
}
