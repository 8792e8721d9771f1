/**
 * A CODEOWNERS file from the tenants' `paths` and `owners` (docs/deploy.md#tenants), so the git
 * host asks the owning team to review a change to its files. Pure.
 */
import type { Tenant } from '../../model/index.ts';

/** Glob syntax CODEOWNERS has no equivalent for. */
const UNSUPPORTED = /[{}!]|\[/;

function pattern(root: string, glob: string): string {
  const prefix = root === '' || root === '.' ? '' : `/${root.replace(/^\/+|\/+$/g, '')}`;
  return `${prefix}/${glob.replace(/^\/+/, '')}`;
}

/**
 * CODEOWNERS text. The git host lets the last matching line win while Flotilla gives a file to
 * the first tenant listed, so tenants are written in reverse order; `platformOwners` own every
 * other file and flotilla.yaml itself, which no tenant line may take.
 */
export function codeowners(tenants: readonly Tenant[], root: string, platformOwners: readonly string[]): string {
  const lines = ['# Written by `flotilla tenants codeowners` from flotilla.yaml; edit the tenants there.'];
  if (platformOwners.length > 0) lines.push(`* ${platformOwners.join(' ')}`);
  for (const tenant of [...tenants].reverse()) {
    lines.push('', `# tenant ${tenant.name}`);
    if (tenant.owners.length === 0) lines.push(`# (no owners: its files are reviewed as the platform's)`);
    for (const glob of tenant.paths) {
      if (UNSUPPORTED.test(glob))
        lines.push(`# ${glob}: not expressible in CODEOWNERS (braces, brackets or !); list its folders instead`);
      else if (tenant.owners.length > 0) lines.push(`${pattern(root, glob)} ${tenant.owners.join(' ')}`);
    }
  }
  if (platformOwners.length > 0)
    lines.push('', '# the tenants themselves', `${pattern(root, 'flotilla.yaml')} ${platformOwners.join(' ')}`);
  return `${lines.join('\n')}\n`;
}
