import { describe, expect, it } from 'vitest';
import { parseFieldSelector, parseLabelSelector, SelectorError } from '../../../src/controllers/search-cache/selectors.ts';

const WEB = { app: 'web', tier: 'front', 'example.io/shard': '3', rev: '7b' };

describe('label selectors in string form', () => {
  it.each([
    ['', true],
    ['app', true],
    ['!app', false],
    ['!db', true],
    ['app=web', true],
    ['app==web', true],
    ['app = web', true],
    ['app!=web', false],
    ['app!=db', true],
    ['app in (web,api)', true],
    ['app in (api, db)', false],
    ['app notin (api,db)', true],
    ['missing notin (x)', true],
    ['app=web,tier=front', true],
    ['app=web,tier=back', false],
    ['example.io/shard>2', true],
    ['example.io/shard<3', false],
    ['rev>1', false],
    ['app in (web),tier notin (db)', true],
  ])('%s matches: %s', (selector, want) => expect(parseLabelSelector(selector)(WEB)).toBe(want));

  it.each([['app=(x'], ['-bad=key'], ['app=web value'], ['n>x'], ['n>1x'], ['app in ()'], ['app notin ( )']])('%s does not parse', (selector) => {
    expect(() => parseLabelSelector(selector)).toThrow(SelectorError);
  });
});

describe('field selectors in string form', () => {
  const f = { name: 'web', namespace: 'shop' };
  it.each([
    ['metadata.name=web', true],
    ['metadata.name==web', true],
    ['metadata.name!=web', false],
    ['metadata.namespace=shop,metadata.name=web', true],
    ['metadata.namespace=data', false],
  ])('%s matches: %s', (selector, want) => expect(parseFieldSelector(selector)(f)).toBe(want));

  it('refuses a field other than name and namespace, as an API server refuses a field it does not index', () => {
    expect(() => parseFieldSelector('status.phase=Running')).toThrow('field label not supported: status.phase');
  });
});
