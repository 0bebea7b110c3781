// The name of AXIOM's own directory in every root (apply.md §3). It is a rule before it is a path:
// RelPath handling reserves it, the protected set (D24) denies every agent write under it, and the
// gate and the `.gitignore` lines name it. So its one literal lives here, in the lowest layer; the
// store's layout module (@codai/axiom-store/layout) builds every path under it from this constant.
export const AXIOM_DIR = ".axiom";

/** Every path under AXIOM_DIR, in the glob dialect (glob.ts). */
export const AXIOM_GLOB = `${AXIOM_DIR}/**`;
