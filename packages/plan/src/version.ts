// The release version of the AXIOM packages (all share one, formats.md §13). It appears only in
// the compile Statement's `runDetails.builder.version.release`, never in a hashed object (D5).
import pkg from "../package.json" with { type: "json" };

export const RELEASE_VERSION: string = pkg.version;

/** The constant format version recorded as `toolchain.axiom` (D5). */
export const FORMAT_VERSION = "2.0.0";
