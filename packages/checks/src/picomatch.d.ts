// picomatch ships no types and @types/picomatch is not installed: the subset the checks engine uses.
declare module "picomatch" {
  interface PicomatchOptions {
    dot?: boolean;
    nocase?: boolean;
  }
  function picomatch(glob: string | string[], options?: PicomatchOptions): (input: string) => boolean;
  export default picomatch;
}
