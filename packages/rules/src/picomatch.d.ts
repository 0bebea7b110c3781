// picomatch ships no types and @types/picomatch is not installed: the subset glob.ts uses.
declare module "picomatch" {
  interface PicomatchOptions {
    dot?: boolean;
    nocase?: boolean;
  }
  const picomatch: {
    (glob: string | string[], options?: PicomatchOptions): (input: string) => boolean;
    makeRe(glob: string, options?: PicomatchOptions): RegExp;
  };
  export default picomatch;
}
