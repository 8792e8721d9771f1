import { describe, expect, it } from 'vitest';
import type { WorkDocument } from '../../../src/model/index.ts';
import { parseWork, serializeWork, WorkDocumentError } from '../../../src/status/index.ts';

const DOCUMENT: WorkDocument = {
  cluster: 'edge',
  sourceCommit: 'a'.repeat(40),
  prune: { allowed: true, enabled: true, sourceHasErrors: false, maxFraction: 0.25, allowMassPrune: false },
  objects: [
    {
      file: 'shop/apps.Deployment.web.yaml',
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      namespace: 'shop',
      name: 'web',
      digest: '0123456789abcdef',
      template: { apiVersion: 'apps/v1', kind: 'Deployment', namespace: 'shop', name: 'web' },
      policy: { kind: 'PropagationPolicy', namespace: 'shop', name: 'web' },
      suspended: false,
      preserveOnDeletion: false,
    },
  ],
  keptCopies: [{ template: 'apps/v1/Deployment/shop/old', reason: 'evicted from edge (Gracefully)' }],
};

/** The document with one field replaced (a path of keys and indexes). */
function edited(path: (string | number)[], value: unknown): string {
  const doc = JSON.parse(serializeWork(DOCUMENT)) as Record<string, unknown>;
  let at: Record<string | number, unknown> = doc;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
  at[path.at(-1)!] = value;
  return JSON.stringify(doc);
}

describe('work.json', () => {
  it('reads back what it wrote', () => {
    expect(parseWork(serializeWork(DOCUMENT), 'edge')).toEqual(DOCUMENT);
  });

  it('recomputes allowed from enabled and the source errors rather than trusting it', () => {
    expect(parseWork(edited(['prune', 'allowed'], true).replace('"sourceHasErrors":false', '"sourceHasErrors":true'), 'edge').prune.allowed).toBe(false);
  });

  it.each([
    ['not JSON', '{', undefined],
    ['another cluster', edited(['cluster'], 'core'), 'cluster'],
    ['a file outside the folder', edited(['objects', 0, 'file'], '../core/x.yaml'), 'objects[0].file'],
    ['an absolute file', edited(['objects', 0, 'file'], '/etc/passwd'), 'objects[0].file'],
    ['a digest that is not a string', edited(['objects', 0, 'digest'], 7), 'objects[0].digest'],
    ['a template without a name', edited(['objects', 0, 'template', 'name'], null), 'objects[0].template.name'],
    ['a policy of another kind', edited(['objects', 0, 'policy', 'kind'], 'OverridePolicy'), 'objects[0].policy.kind'],
    ['suspended as a string', edited(['objects', 0, 'suspended'], 'no'), 'objects[0].suspended'],
    ['prune missing', edited(['prune'], undefined), 'prune'],
    ['maxFraction above 1', edited(['prune', 'maxFraction'], 2), 'prune.maxFraction'],
    ['keptCopies not a list', edited(['keptCopies'], {}), 'keptCopies'],
    ['a kept copy without a reason', edited(['keptCopies', 0, 'reason'], 1), 'keptCopies[0].reason'],
  ])('refuses %s, naming the field', (_name, text, field: string | undefined) => {
    let error: unknown;
    try {
      parseWork(text, 'edge');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WorkDocumentError);
    expect((error as WorkDocumentError).data.field).toBe(field);
    expect((error as Error).message).toMatch(field ? `work.json ${field}: ` : /^work\.json: not JSON/);
  });
});
