import type { PlanDocument } from '../../../reconcile/index.ts';
import { plain } from './text.ts';

/** "Tenants: **shop** (3 changes), **platform** (1 change)": which teams a pull request touches; '' without tenants. */
export function tenantsLine(doc: PlanDocument): string {
  const counts = new Map<string, number>();
  for (const changes of Object.values(doc.changes ?? {}))
    for (const c of changes)
      if (c.tenant !== undefined && c.action !== 'unchanged') counts.set(c.tenant, (counts.get(c.tenant) ?? 0) + 1);
  if (counts.size === 0) return '';
  const named = [...counts]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([tenant, n]) => `**${plain(tenant)}** (${n} ${n === 1 ? 'change' : 'changes'})`);
  return `Tenants: ${named.join(', ')}\n\n`;
}
