import { describe, expect, it } from 'vitest';
import { load } from 'js-yaml';
import { emitYaml } from '../../../src/status/index.ts';
import { parseRegistryDocument, registryDocument, registryPath } from '../../../src/controllers/search-cache/registry-document.ts';
import { cachedKindLine, registrySection } from '../../../src/controllers/search-cache/registry-summary.ts';
import type { RegistryRecord } from '../../../src/controllers/index.ts';

const RECORD: RegistryRecord = {
  name: 'prod-apps',
  cached: [
    { cluster: 'member1', apiVersion: 'apps/v1', kind: 'Deployment', objects: 12, syncedAt: '2026-12-01T10:00:00.000Z' },
    {
      cluster: 'member2',
      apiVersion: 'v1',
      kind: 'ConfigMap',
      namespace: 'shop',
      objects: 0,
      error: 'cluster member2: API server https://m2 is unreachable: connect ECONNREFUSED',
    },
    { cluster: 'member3', apiVersion: 'example.com/v1', kind: 'Widget', objects: 0, unserved: 'Widget (example.com/v1) is not served by cluster member3' },
  ],
};

describe('registries/<name>.yaml', () => {
  it('writes a ResourceRegistry with the cache in status.cachedResources and reads it back', () => {
    expect(registryPath('prod-apps')).toBe('registries/prod-apps.yaml');
    const text = emitYaml(registryDocument(RECORD));
    expect(load(text)).toMatchObject({ apiVersion: 'search.karmada.io/v1alpha1', kind: 'ResourceRegistry', metadata: { name: 'prod-apps' } });
    expect(parseRegistryDocument(load(text))).toEqual(RECORD);
  });

  it('drops what does not parse, with a warning naming the field', () => {
    const warnings: string[] = [];
    const doc = { kind: 'ResourceRegistry', metadata: { name: 'r' }, status: { cachedResources: [{ cluster: 'm' }, RECORD.cached[0]] } };
    expect(parseRegistryDocument(doc, (w) => warnings.push(w))).toEqual({ name: 'r', cached: [RECORD.cached[0]] });
    expect(warnings).toEqual(['status.cachedResources[0]: not a cached kind with cluster, apiVersion, kind and objects; ignored']);
    expect(parseRegistryDocument({ kind: 'ResourceRegistry', metadata: { name: 'r' } }, (w) => warnings.push(w))).toBeUndefined();
  });

  it('says per kind what is cached, for STATUS.md and flotilla status', () => {
    expect(RECORD.cached.map(cachedKindLine)).toEqual([
      'member1 apps/v1 Deployment (all namespaces): 12 objects, synced 2026-12-01T10:00:00.000Z',
      'member2 v1 ConfigMap (namespace shop): 0 objects, out of sync: cluster member2: API server https://m2 is unreachable: connect ECONNREFUSED',
      'member3 example.com/v1 Widget (all namespaces): 0 objects, not served: Widget (example.com/v1) is not served by cluster member3',
    ]);
    expect(registrySection([RECORD])[0]).toBe('## Search cache');
    expect(registrySection([])).toEqual([]);
  });
});
