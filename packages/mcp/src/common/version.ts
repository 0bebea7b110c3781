// The release version, inlined by the build (scripts/build.mjs); "0.0.0-dev" when run from source.
declare const __AXIOM_VERSION__: string | undefined;

export const RELEASE_VERSION: string = typeof __AXIOM_VERSION__ === "string" ? __AXIOM_VERSION__ : "0.0.0-dev";
