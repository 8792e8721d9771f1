import { describe, expect, it } from 'vitest';
import {
  isDNS1035Label,
  isDNS1123Label,
  isDNS1123Subdomain,
  isPathSegmentName,
  isQualifiedName,
  isValidLabelValue,
} from '../../../src/render/validate/names.ts';
import { DNS1123_SUBDOMAIN_MSG, LABEL_VALUE_MSG, NAME_PART_MSG } from './helpers.ts';

describe('Kubernetes name syntax', () => {
  it.each<[string, (s: string) => readonly string[], string, readonly string[]]>([
    ['a label accepts digits first', isDNS1123Label, '123-abc', []],
    ['a label rejects 64 characters', isDNS1123Label, 'a'.repeat(64), ['must be no more than 63 bytes']],
    ['a subdomain accepts dots', isDNS1123Subdomain, 'example.com', []],
    ['a subdomain rejects an empty label', isDNS1123Subdomain, 'a..b', [DNS1123_SUBDOMAIN_MSG]],
    ['a subdomain rejects 254 characters', isDNS1123Subdomain, 'a'.repeat(254), ['must be no more than 253 bytes']],
    [
      'a DNS-1035 label rejects digits first',
      isDNS1035Label,
      '1a',
      [
        "a DNS-1035 label must consist of lower case alphanumeric characters or '-', start with an alphabetic character, and end with an alphanumeric character (e.g. 'my-name',  or 'abc-123', regex used for validation is '[a-z]([-a-z0-9]*[a-z0-9])?')",
      ],
    ],
    ['a path segment rejects ..', isPathSegmentName, '..', ["may not be '..'"]],
    ['a path segment rejects %', isPathSegmentName, 'a%b', ["may not contain '%'"]],
    ['a qualified name accepts a prefix', isQualifiedName, 'example.com/my.name_1', []],
    ['a qualified name accepts upper case', isQualifiedName, 'MyName', []],
    ['a qualified name rejects an empty prefix', isQualifiedName, '/name', ['prefix part must be non-empty']],
    ['a qualified name rejects an upper-case prefix', isQualifiedName, 'INVALID.COM/my-state', [`prefix part ${DNS1123_SUBDOMAIN_MSG}`]],
    ['a qualified name rejects an empty name', isQualifiedName, 'example.com/', ['name part must be non-empty']],
    ['a qualified name rejects a 64-character name', isQualifiedName, 'a'.repeat(64), ['name part must be no more than 63 bytes']],
    ['a qualified name rejects a leading dash', isQualifiedName, '-x', [NAME_PART_MSG]],
    ['a label value may be empty', isValidLabelValue, '', []],
    ['a label value rejects spaces', isValidLabelValue, 'a b', [LABEL_VALUE_MSG]],
  ])('%s', (_name, check, value, expected) => {
    expect(check(value)).toEqual(expected);
  });
});
