import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyPatch, type PatchOperation } from '../../../src/render/overrides/json-patch.ts';

const keys = fc.constantFrom('a', 'b', 'c');
const leaf = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.constantFrom('x', 'y'), fc.constant(null));
const doc = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small' }, leaf, tie('obj'), tie('arr')),
  obj: fc.dictionary(keys, tie('node'), { maxKeys: 3 }),
  arr: fc.array(tie('node'), { maxLength: 3 }),
})).obj;
const token = fc.oneof(keys, fc.constantFrom('0', '1', '-1', '-', '5'));
const op: fc.Arbitrary<PatchOperation> = fc.record({
  op: fc.constantFrom('add', 'remove', 'replace'),
  path: fc.array(token, { minLength: 1, maxLength: 3 }).map((t) => `/${t.join('/')}`),
  value: fc.oneof(leaf, fc.constant({ k: 1 }), fc.constant([1])),
});

describe('applyPatch properties', () => {
  it('never changes its input, whatever the outcome', () => {
    fc.assert(
      fc.property(doc, fc.array(op, { maxLength: 6 }), (input, ops) => {
        const before = JSON.stringify(input);
        applyPatch(input, ops);
        expect(JSON.stringify(input)).toBe(before);
      }),
    );
  });

  it('gives the same result as applying the operations one at a time', () => {
    fc.assert(
      fc.property(doc, fc.array(op, { maxLength: 6 }), (input, ops) => {
        const whole = applyPatch(input, ops);
        let current: unknown = input;
        let failedAt: number | undefined;
        for (const [i, o] of ops.entries()) {
          const step = applyPatch(current, [o]);
          if (!step.ok) {
            failedAt = i;
            break;
          }
          current = step.doc;
        }
        if (failedAt === undefined) expect(whole).toEqual({ ok: true, doc: current });
        else expect(whole).toMatchObject({ ok: false, index: failedAt });
      }),
    );
  });
});
