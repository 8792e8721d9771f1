import { describe, expect, it } from 'vitest';
import { e, issues, type Issue } from './helpers.ts';

const secret = (fields: Record<string, unknown>): unknown => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'app' }, ...fields });
const TYPE = (got: string) => `must be of type string, got ${got} (quote the value; it is not shown here)`;
const BASE64 = 'Invalid value: must be base64-encoded (the value is not shown; use stringData for plain text)';

describe('Secret validation', () => {
  it.each<[string, Record<string, unknown>, Issue[]]>([
    ['string stringData and base64 data are valid', { stringData: { a: 'x' }, data: { b: 'aGVsbG8=', c: '', d: 'YWJj', e: 'YQ==\n' } }, []],
    ['a null value is allowed, as the API server allows it', { stringData: { a: null }, data: { b: null } }, []],
    ['a number in stringData is refused', { stringData: { pin: 424242424242 } }, [e(['stringData', 'pin'], TYPE('integer'))]],
    ['a boolean in stringData is refused', { stringData: { on: true } }, [e(['stringData', 'on'], TYPE('boolean'))]],
    ['a mapping in data is refused', { data: { nested: { a: 'b' } } }, [e(['data', 'nested'], TYPE('object'))]],
    ['data that is not base64 is refused', { data: { key: 'not base64!' } }, [e(['data', 'key'], BASE64)]],
    ['data without padding is refused', { data: { key: 'aGVsbG8' } }, [e(['data', 'key'], BASE64)]],
    ['URL-safe base64 is refused', { data: { key: 'a-_b' } }, [e(['data', 'key'], BASE64)]],
    ['data that is a list is refused', { data: ['a'] }, [e(['data'], 'must be of type object, got array')]],
    ['stringData that is a string is refused', { stringData: 'hunter22' }, [e(['stringData'], 'must be of type object, got string')]],
  ])('%s', (_case, fields, expected) => {
    expect(issues(secret(fields))).toEqual(expected);
  });

  it('never shows a value in a message', () => {
    const found = issues(secret({ stringData: { pin: 424242424242 }, data: { key: 'sup3r-s3cret!' } }));
    expect(found).toHaveLength(2);
    for (const [, message] of found) expect(message).not.toMatch(/424242424242|sup3r-s3cret/);
  });

  it('leaves other kinds alone', () => {
    expect(issues({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { a: 'not base64!' } })).toEqual([]);
  });
});
