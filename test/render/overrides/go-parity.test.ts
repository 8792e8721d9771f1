import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFieldOverriders } from '../../../src/render/overrides/field-overrider.ts';
import { parseImage } from '../../../src/render/overrides/image-reference.ts';
import type { ParityCase } from './go-parity/cases.ts';

/** Answers of the Go libraries Karmada uses, recorded by go-parity/record.ts. */
type Recorded = ParityCase & { go: { out: string; err?: string } };
const recorded = JSON.parse(readFileSync(path.join(import.meta.dirname, 'go-parity', 'expected.json'), 'utf8')) as Recorded[];

/** Where we knowingly differ from Go, and why. */
const DEVIATIONS: ReadonlyMap<string, string> = new Map([
  ['n: 9007199254740993\n', 'JS numbers lose integers beyond 2^53'],
  ['nl: "a\\nb"\ntrail: "a\\n"\ntrail2: "a\\n\\n"\nlead: "  a\\nb"\nonlynl: "\\n"\n', 'a string of newlines only prints as |+ rather than |2+'],
  ['{"a":"\ud800"}', 'a lone surrogate is kept, Go writes U+FFFD'],
  ['{"a":1,"a":2}', 'a duplicate JSON key is written once, Go writes it twice'],
  ['a: "\\x01"\nb: "\\u0085"\nc: "\\ufeff"\n', 'NEL and BOM characters are quoted differently'],
]);

function ours(c: ParityCase): { out: string; err?: string } {
  if (c.kind === 'image') {
    const p = parseImage(c.text);
    if (typeof p === 'string') return { out: '', err: p };
    const name = `${p.hostname ? `${p.hostname}/` : ''}${p.repository}`;
    return { out: `name=${name}${p.tag ? ` tag=${p.tag}` : ''}${p.digest ? ` digest=${p.digest}` : ''}` };
  }
  const ops = (c.ops ?? []).map((o) => ({ subPath: o.path, operator: o.op, value: o.value }));
  const cm = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { f: c.text } };
  const r = applyFieldOverriders(cm, [{ fieldPath: '/data/f', [c.kind]: ops }]);
  return r.ok ? { out: (r.doc['data'] as { f: string }).f } : { out: '', err: r.reason };
}

/** Go reports a reference with a tag and a digest as both; Karmada's parser keeps only the tag. */
function karmadaView(c: Recorded): { out: string; failed: boolean } {
  const out = c.kind === 'image' && c.go.out.includes(' tag=') ? c.go.out.replace(/ digest=.*/, '') : c.go.out;
  return { out, failed: c.go.err !== undefined };
}

describe('parity with the Go libraries Karmada runs (sigs.k8s.io/yaml, evanphx/json-patch, distribution/reference)', () => {
  it.each(recorded.filter((c) => !DEVIATIONS.has(c.text)).map((c, i) => [`${c.kind} case ${i}: ${JSON.stringify(c.text).slice(0, 60)}`, c] as const))(
    '%s',
    (_name, c) => {
      const want = karmadaView(c);
      const got = ours(c);
      expect(got.err !== undefined).toBe(want.failed);
      if (!want.failed) expect(got.out).toBe(want.out);
    },
  );

  it('lists only deviations that still differ', () => {
    for (const c of recorded.filter((r) => DEVIATIONS.has(r.text))) expect(ours(c).out).not.toBe(karmadaView(c).out);
  });
});
