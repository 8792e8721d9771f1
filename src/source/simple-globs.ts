/**
 * A path of plain names (letters, digits, `.`, `_`, `-`; no name starting with a dot), alone or
 * followed by `/**`. picomatch reads such a glob as the path itself, or the folder and everything
 * under it; compiling it through picomatch costs a few milliseconds of a short command's start.
 */
const SIMPLE_GLOB = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*(?:\/\*\*)?$/;

/**
 * A matcher equal to `picomatch(globs, { dot: true })` on repository paths (posix, relative, no
 * `./`), when every glob is a simple one (`docs/**`, `README.md`); `undefined` otherwise, for
 * picomatch to compile.
 */
export function simpleGlobMatcher(globs: readonly string[]): ((path: string) => boolean) | undefined {
  if (!globs.every((glob) => SIMPLE_GLOB.test(glob))) return undefined;
  const folders = globs.filter((glob) => glob.endsWith('/**')).map((glob) => glob.slice(0, -'/**'.length));
  const paths = new Set(globs.filter((glob) => !glob.endsWith('/**')));
  return (path) => paths.has(path) || folders.some((folder) => path === folder || path.startsWith(`${folder}/`));
}
