import picomatch from 'picomatch';
import type { Tenant } from '../../model/index.ts';

/** `folder/**`: every file under a literal folder, the usual tenant glob, is a prefix test. */
const FOLDER = /^([^*?[\]{}()!+@\\]+)\/\*\*$/;

/**
 * A matcher of a tenant's path globs. Folder globs are prefix tests; the others go through
 * picomatch, compiled on first use and only asked about files under their literal folder.
 */
function pathsMatcher(globs: readonly string[]): (file: string) => boolean {
  const folders = globs.flatMap((g) => {
    const folder = FOLDER.exec(g)?.[1];
    return folder === undefined ? [] : [`${folder}/`];
  });
  const others = globs.filter((g) => !FOLDER.test(g));
  const bases = others.map((g) => picomatch.scan(g).base);
  let glob: ((file: string) => boolean) | undefined;
  return (file) => {
    if (folders.some((f) => file.startsWith(f))) return true;
    if (!bases.some((b) => b === '' || file === b || file.startsWith(`${b}/`))) return false;
    glob ??= picomatch(others, { dot: true });
    return glob(file);
  };
}

/** The tenant owning a repository file, or undefined for the platform's. */
export type OwnerOf = (file: string) => Tenant | undefined;

/**
 * Who owns each file: the first tenant whose `paths` match it, the globs read from the fleet root
 * (`root`, the repository sub-folder of `--path`, '' for the whole repository). Answers are kept
 * per file: a fleet of thousands of files asks each tenant once per file. A rendered template's
 * file is its render root's kustomization file, so the root's folder decides its tenant.
 */
export function ownership(tenants: readonly Tenant[], root: string): OwnerOf {
  if (tenants.length === 0) return () => undefined;
  const matchers = tenants.map((tenant) => ({ tenant, matches: pathsMatcher(tenant.paths) }));
  const prefix = root === '' || root === '.' ? '' : `${root.replace(/\/+$/, '')}/`;
  const known = new Map<string, Tenant | undefined>();
  return (file) => {
    if (known.has(file)) return known.get(file);
    const inFleet = prefix !== '' && file.startsWith(prefix) ? file.slice(prefix.length) : file;
    const owner = matchers.find((m) => m.matches(inFleet))?.tenant;
    known.set(file, owner);
    return owner;
  };
}
