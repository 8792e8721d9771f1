import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../../src/interpreter/index.ts';
import { ric, workload } from './helpers.ts';

/**
 * Expressions evaluated by gopher-lua v1.1.1 (Karmada's Lua VM) with `return <expr>` and printed
 * with its LValue.String(): the fengari sandbox must print the same text
 * (docs/karmada-compatibility.md#lua-51-on-fengari).
 */
const vectors = JSON.parse(readFileSync(new URL('../fixtures/gopher-lua-vectors.json', import.meta.url), 'utf8')) as { expr: string; result: string }[];

describe('gopher-lua conformance', () => {
  const script = vectors.map((v, i) => `  r[${i + 1}] = tostring(${v.expr})`).join('\n');
  const interpreter = createInterpreter([ric('InterpretStatus', `function ReflectStatus(o)\n  local r = {}\n${script}\n  return { r = r }\nend`)], {
    bundled: [],
  });
  const results = (interpreter.reflectStatus(workload()) as { r: string[] }).r;

  it.each(vectors.map((v, i) => [v.expr, v.result, i] as const))('%s prints %s', (_expr, expected, i) => {
    expect(results[i]).toBe(expected);
  });
});
