import picomatch from 'picomatch';
import type { Tenant } from '../../model/index.ts';

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
  const matchers = tenants.map((tenant) => {
    const glob = picomatch(tenant.paths, { dot: true });
    // Each glob's literal folder rules out most files with a prefix test, before the glob runs.
    const bases = tenant.paths.map((path) => picomatch.scan(path).base);
    const near = (file: string) => bases.some((b) => b === '' || file === b || file.startsWith(`${b}/`));
    return { tenant, matches: (file: string) => near(file) && glob(file) };
  });
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
