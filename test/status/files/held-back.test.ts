import { describe, expect, it } from 'vitest';
import type { ClusterApplyResult } from '../../../src/apply/index.ts';
import { statusText } from '../../../src/cli/output/status-text.ts';
import { clusterDocument, heldBackPrunes, parseClusterDocument, statusMarkdown } from '../../../src/status/index.ts';
import type { ClusterReport, StatusBranchView, StatusReport } from '../../../src/status/index.ts';

const api = { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'api' };
const APPLIED: ClusterApplyResult = { cluster: 'member1', objects: [], pruned: [], inventoryWritten: false };
const HELD: ClusterReport = {
  name: 'member1',
  status: { conditions: [{ type: 'Ready', status: 'True' }] },
  heldBackPrunes: ['prune refused: 6 of 16 inventory objects would be deleted', 'apps/v1 Deployment shop/api: not pruned: evicted copy'],
};
const CLEAN: ClusterReport = { name: 'member2', status: { conditions: [{ type: 'Ready', status: 'True' }] } };

describe('held-back prunes', () => {
  it.each([
    ['nothing held back', APPLIED, []],
    ['a member not applied this pass', undefined, []],
    [
      'the refusal without its cluster prefix, then every kept copy with its reason',
      {
        ...APPLIED,
        pruneBlocked: { reason: 'mass-prune' as const, message: 'cluster member1: prune refused: 6 of 16 …' },
        pruned: [
          { cluster: 'member1', ref: api, action: 'skipped' as const, reason: 'apps/v1 Deployment shop/api: not pruned: prune held back: no cluster fits' },
          { cluster: 'member1', ref: { ...api, name: 'gone' }, action: 'deleted' as const },
          { cluster: 'member1', ref: { ...api, name: 'old' }, action: 'skipped' as const },
        ],
      },
      ['prune refused: 6 of 16 …', 'apps/v1 Deployment shop/api: not pruned: prune held back: no cluster fits', 'Deployment/shop/old: not pruned'],
    ],
  ])('lists %s', (_name, result, lines) => {
    expect(heldBackPrunes(result)).toEqual(lines);
  });

  it('are written in the cluster document and read back, outside the Cluster status', () => {
    const doc = clusterDocument(HELD);
    expect(doc).toMatchObject({ status: { heldBackPrunes: HELD.heldBackPrunes } });
    const back = parseClusterDocument(JSON.parse(JSON.stringify(doc)));
    expect(back).toEqual(HELD);
    expect(back?.status).not.toHaveProperty('heldBackPrunes');
  });

  it('have a STATUS.md section naming the member, and without any STATUS.md is byte for byte as before', () => {
    const report: StatusReport = { sourceCommit: 's'.repeat(40), reconciledAt: 'now', clusters: [HELD, CLEAN], templates: [] };
    const { heldBackPrunes: _held, ...unheld } = HELD;
    const without = statusMarkdown({ ...report, clusters: [unheld, CLEAN] }, []);
    const section =
      '## Held-back prunes\n\n- [member1](clusters/member1.yaml): prune refused: 6 of 16 inventory objects would be deleted\n- [member1](clusters/member1.yaml): apps/v1 Deployment shop/api: not pruned: evicted copy\n\n';
    expect(statusMarkdown(report, [])).toBe(without.replace('## Templates', `${section}## Templates`));
    expect(without).not.toContain('Held-back');
  });

  it('are listed by flotilla status under their member', () => {
    const view = { commit: 'c'.repeat(40), clusters: [HELD, CLEAN], templates: [], placements: [], quotas: [], warnings: [], records: {} } as StatusBranchView;
    const text = statusText(view, (_c, t) => t);
    expect(text).toContain(
      '\nHeld-back prunes:\n  member1: prune refused: 6 of 16 inventory objects would be deleted\n  member1: apps/v1 Deployment shop/api: not pruned: evicted copy',
    );
    expect(statusText({ ...view, clusters: [CLEAN] }, (_c, t) => t)).not.toContain('Held-back');
  });
});
