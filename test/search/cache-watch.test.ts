import { describe, expect, it } from 'vitest';
import { parseFieldSelector, parseLabelSelector } from '../../src/controllers/index.ts';
import type { StoreQuery } from '../../src/controllers/index.ts';
import { watches, watchTimeout } from '../../src/search/cache-watch.ts';
import { cachedDeployment } from './cache-fixture.ts';

const web = { resource: 'apps/v1/Deployment', object: cachedDeployment('member1', 'shop', 'web', { labels: { app: 'web', tier: 'front' } }) };
const all: StoreQuery = { resource: 'apps/v1/Deployment' };

describe('which changes a watch streams', () => {
  it.each<[string, StoreQuery, boolean]>([
    ['every object of the kind', all, true],
    ['another kind', { resource: 'apps/v1/StatefulSet' }, false],
    ['its namespace', { ...all, namespace: 'shop' }, true],
    ['another namespace', { ...all, namespace: 'data' }, false],
    ['its name', { ...all, name: 'web' }, true],
    ['another name', { ...all, name: 'api' }, false],
    ['a label selector it matches', { ...all, labels: parseLabelSelector('app=web,tier in (front)') }, true],
    ['a label selector it does not match', { ...all, labels: parseLabelSelector('tier!=front') }, false],
    ['a field selector it matches', { ...all, fields: parseFieldSelector('metadata.namespace=shop,metadata.name!=api') }, true],
    ['a field selector it does not match', { ...all, fields: parseFieldSelector('metadata.name=api') }, false],
  ])('%s', (_what, query, want) => expect(watches(query, web)).toBe(want));
});

describe('timeoutSeconds', () => {
  it.each<[string, number | RegExp]>([
    ['', 1800],
    ['5', 5],
    ['0', 1800],
    ['-1', /not a non-negative integer/],
    ['1e3', /not a non-negative integer/],
  ])('%j', (text, want) => {
    const got = watchTimeout(new URLSearchParams(text === '' ? '' : `timeoutSeconds=${text}`));
    if (typeof want === 'number') expect(got).toBe(want);
    else expect(got).toMatch(want);
  });
});
