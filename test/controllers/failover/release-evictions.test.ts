import { describe, expect, it } from 'vitest';
import type { KubeObject, SourceObject } from '../../../src/model/index.ts';
import { releaseTimes } from '../../../src/controllers/failover/release-evictions.ts';

describe('releaseTimes', () => {
  const template = (name: string, annotations?: Record<string, string>, line = 1): SourceObject => ({
    object: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name, namespace: 'shop', ...(annotations ? { annotations } : {}) } } as KubeObject,
    origin: { file: 'apps/web.yaml', line, column: 1 },
  });

  it('reads the release time of each annotated template, by refKey', () => {
    const { times, diagnostics } = releaseTimes([template('web', { 'flotilla.io/release-evictions': '2026-11-29T18:00:00Z' }), template('api')]);
    expect([...times]).toEqual([['apps/v1/Deployment/shop/web', Date.UTC(2026, 10, 29, 18)]]);
    expect(diagnostics).toEqual([]);
  });

  it('names file, object and field of a bad value, and goes on with the other templates', () => {
    const { times, diagnostics } = releaseTimes([
      template('web', { 'flotilla.io/release-evictions': 'tomorrow' }, 7),
      template('api', { 'flotilla.io/release-evictions': '2026-11-29T18:00:00Z' }, 20),
    ]);
    expect([...times.keys()]).toEqual(['apps/v1/Deployment/shop/api']);
    expect(diagnostics).toEqual([
      {
        file: 'apps/web.yaml',
        line: 7,
        column: 1,
        severity: 'warning',
        object: 'Deployment/shop/web',
        field: 'metadata.annotations["flotilla.io/release-evictions"]',
        message: '"tomorrow" is not an RFC 3339 time (such as "2026-11-29T18:00:00Z"): no Never eviction task of this template is released',
      },
    ]);
  });
});
