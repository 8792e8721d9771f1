import type { TenantListing } from '../../render/index.ts';

const list = (items: readonly string[]) => (items.length > 0 ? items.join(', ') : '-');

function filesText(files: readonly { file: string; objects: string[] }[]): string[] {
  return files.map(({ file, objects }) => `    ${file}: ${objects.join(', ')}`);
}

/** `flotilla tenants` as text: per tenant its grants, then its files and their objects. */
export function tenantsText(
  listing: { tenants: TenantListing[]; platform: { files: { file: string; objects: string[] }[] } },
  commit: string,
): string {
  const lines: string[] = [];
  for (const t of listing.tenants) {
    const affinity = t.clusters.affinity === null ? 'none granted' : JSON.stringify(t.clusters.affinity);
    lines.push(
      `tenant ${t.name}`,
      `  paths:         ${list(t.paths)}`,
      `  namespaces:    ${list(t.namespaces)}`,
      `  clusters:      ${affinity} -> ${list(t.clusters.selected)}`,
      `  clusterScoped: ${list(t.clusterScoped)}`,
      `  owners:        ${list(t.owners)}`,
      `  owns ${t.files.length} file(s)${t.refused > 0 ? `, ${t.refused} object(s) refused (flotilla validate names them)` : ''}`,
      ...filesText(t.files),
      '',
    );
  }
  lines.push(`platform (every other file): ${listing.platform.files.length} file(s), not limited`);
  lines.push(`${listing.tenants.length} tenant(s) at ${commit.slice(0, 12)}`);
  return lines.join('\n');
}
