import { describe, expect, it } from 'vitest';
import { MAX_SELECTOR_LENGTH, parseFieldSelector, parseLabelSelector, SelectorError } from '../../../src/controllers/search-cache/selectors.ts';

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

describe('selectors from untrusted requests', () => {
  it.each([
    ['a label selector', parseLabelSelector, `app in (${'x,'.repeat(MAX_SELECTOR_LENGTH / 2)}y)`],
    ['a field selector', parseFieldSelector, `metadata.name=${'a'.repeat(MAX_SELECTOR_LENGTH)}`],
  ])('%s longer than the cap is refused before it is read', (_name, parse, selector) => {
    expect(() => parse(selector)).toThrow(
      new SelectorError(`${_name.split(' ')[1]} selector too long: ${selector.length} characters, at most ${MAX_SELECTOR_LENGTH}`),
    );
  });

  it.each([
    ['a run of blanks with no operator', `a${' '.repeat(4000)}b`],
    ['a run of blanks before a bad set', `a${' '.repeat(4000)}in x`],
    ['a key of 4000 characters', `${'a'.repeat(4000)}=b`],
  ])('%s just below the cap is refused with the term named', (_name, selector) => {
    expect(() => parseLabelSelector(selector)).toThrow(/unable to parse requirement: .* in "a/);
  });

  it.each([
    ['app in(web)', true],
    ['app notin(web)', false],
    ['app   =   web', true],
  ])('%s parses as the API server reads it: %s', (selector, want) => expect(parseLabelSelector(selector)(WEB)).toBe(want));
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
