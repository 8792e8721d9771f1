import { describe, expect, it } from 'vitest';
import { bestSelectorMatch, matchResourceSelector } from '../../../src/render/match/resource-selector.ts';
import type { KubeObject, ResourceSelector } from '../../../src/model/index.ts';

const nginx: KubeObject = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'nginx', namespace: 'test', labels: { app: 'nginx' } },
};
const deploy = { apiVersion: 'apps/v1', kind: 'Deployment' };

describe('matchResourceSelector (docs/karmada-compatibility.md#resource-selectors)', () => {
  it.each<[string, ResourceSelector, number]>([
    ['a different apiVersion mismatches', { apiVersion: 'apps/v1beta1', kind: 'Deployment' }, 0],
    ['a different kind mismatches', { apiVersion: 'apps/v1', kind: 'StatefulSet' }, 0],
    ['a different namespace mismatches', { ...deploy, namespace: 'other' }, 0],
    ['kind alone matches all', deploy, 1],
    ['a matching label selector is priority 2', { ...deploy, labelSelector: { matchLabels: { app: 'nginx' } } }, 2],
    ['an empty but present label selector is priority 2', { ...deploy, labelSelector: {} }, 2],
    ['a non-matching label selector mismatches', { ...deploy, labelSelector: { matchLabels: { app: 'x' } } }, 0],
    ['a matching name is priority 3', { ...deploy, name: 'nginx' }, 3],
    ['a name ignores the label selector', { ...deploy, name: 'nginx', labelSelector: { matchLabels: { app: 'x' } } }, 3],
    ['a different name mismatches', { ...deploy, name: 'other' }, 0],
    ['the same namespace with a name is priority 3', { ...deploy, namespace: 'test', name: 'nginx' }, 3],
  ])('%s', (_name, selector, want) => {
    expect(matchResourceSelector(selector, nginx)).toBe(want);
  });

  it('takes the best match over several selectors', () => {
    expect(bestSelectorMatch([deploy, { ...deploy, labelSelector: {} }, { ...deploy, name: 'x' }], nginx)).toBe(2);
    expect(bestSelectorMatch([], nginx)).toBe(0);
  });
});
