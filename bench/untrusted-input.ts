/**
 * Bounded work on untrusted input (issue 30): the time one hostile input costs against a floor measured in the same
 * run, the same length of ordinary input. Label selectors at the length cap (a run of blanks, a key at the cap, a long
 * `in` list) against a plain `k=v,...` selector of the same length; Webster's division of 2^31-1 replicas against
 * 10 replicas over the same clusters. A ratio near 1 means the work follows the input's size, not its shape.
 * Run: `node bench/untrusted-input.ts [runs]`.
 */
import { MAX_SELECTOR_LENGTH, parseLabelSelector } from '../src/controllers/search-cache/selectors.ts';
import { dispense } from '../src/scheduler/index.ts';
import { printTable } from './lib/measure.ts';
import { size } from './lib/size.ts';

const RUNS = Number(process.argv[2] ?? size(200, 3));

/** Median milliseconds of `RUNS` calls of `work` (errors are part of the work: a refusal costs time too). */
function median(work: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    try {
      work();
    } catch {
      // Refused: what is measured is how long the refusal took.
    }
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
}

const plain = Array.from({ length: MAX_SELECTOR_LENGTH / 8 }, (_, i) => `k${i % 100}=v1`)
  .join(',')
  .slice(0, MAX_SELECTOR_LENGTH);
const hostile: [string, string][] = [
  ['blanks, no operator', `a${' '.repeat(MAX_SELECTOR_LENGTH - 2)}b`],
  ['blanks before a bad set', `a${' '.repeat(MAX_SELECTOR_LENGTH - 6)}in x`],
  ['a long in list', `app in (${'x,'.repeat(MAX_SELECTOR_LENGTH / 2 - 6)}y)`],
];
const floor = median(() => parseLabelSelector(plain));
const rows: (string | number)[][] = [['input', 'length', 'median ms', 'x floor']];
rows.push(['plain k=v selector (floor)', plain.length, floor.toFixed(3), '1.0']);
for (const [name, selector] of hostile) {
  const ms = median(() => parseLabelSelector(selector));
  rows.push([name, selector.length, ms.toFixed(3), (ms / floor).toFixed(1)]);
}
const clusters = Array.from({ length: 20 }, (_, i) => ({ name: `member${i}`, weight: (i % 5) + 1 }));
const small = median(() => dispense(10, clusters, false));
const huge = median(() => dispense(2_147_483_647, clusters, false));
rows.push(['Webster, 10 replicas / 20 clusters (floor)', 10, small.toFixed(3), '1.0']);
rows.push(['Webster, 2^31-1 replicas / 20 clusters', 2_147_483_647, huge.toFixed(3), (huge / small).toFixed(1)]);
printTable(rows);
