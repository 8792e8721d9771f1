import { describe, expect, it } from 'vitest';
import { LivePlanProgress } from '../../../src/cli/output/live-plan-progress.ts';

describe('LivePlanProgress', () => {
  it('redraws one line as members end, counts the unreachable ones, and wipes it', () => {
    const written: string[] = [];
    const progress = new LivePlanProgress((text) => written.push(text));
    progress.clusterDone('member1', true);
    progress.clusterDone('member3', false);
    progress.finish();
    const lines = written.map((w) => w.replace('\r\u001b[2K', ''));
    expect(lines).toEqual([
      'live plan: reading the members…',
      'live plan: 1 member dry-run (last: member1)…',
      'live plan: 2 members dry-run, 1 unreachable (last: member3)…',
      '',
    ]);
    expect(written.every((w) => w.startsWith('\r\u001b[2K'))).toBe(true);
  });
});
