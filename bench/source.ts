/**
 * Source-stage benchmark (issue 2): reading every manifest of a 5,000-file packed repository.
 * Compares the native-git adapter and the isomorphic-git adapter (with its cache) against the
 * floor of plain `git ls-tree -r` + `git cat-file --batch`, in wall time and in CPU time (this
 * process and its git children), which stays meaningful on a busy machine.
 * Run: `node bench/source.ts [files] [runs]`.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { readSnapshot } from '../src/source/index.ts';
import { size } from './lib/size.ts';

const FILES = Number(process.argv[2] ?? size(5000, 5));
const RUNS = Number(process.argv[3] ?? size(5, 1));
const KINDS = ['deployment', 'service', 'configmap', 'hpa', 'pdb'];

function manifest(i: number): string {
  const kind = KINDS[i % KINDS.length];
  const app = `app-${Math.floor(i / KINDS.length)}`;
  return [
    'apiVersion: v1',
    `kind: ${kind}`,
    'metadata:',
    `  name: ${app}`,
    `  namespace: team-${i % 50}`,
    '  labels:',
    `    app: ${app}`,
    '    tier: backend',
    'spec:',
    `  replicas: ${1 + (i % 7)}`,
    `  image: registry.example.com/${app}:1.${i % 13}.0`,
    '',
  ].join('\n');
}

/** One commit of FILES manifests through `git fast-import`, then `git gc` packs it with deltas. */
function buildRepository(dir: string): void {
  execFileSync('git', ['init', '-q', '-b', 'main', dir]);
  const parts = [
    'commit refs/heads/main\n',
    'committer Bench <bench@example.com> 1767225600 +0000\n',
    'data 5\nbench\n',
  ];
  for (let i = 0; i < FILES; i++) {
    const body = Buffer.from(manifest(i));
    const file = `teams/team-${i % 50}/app-${Math.floor(i / KINDS.length)}/${KINDS[i % KINDS.length]}.yaml`;
    parts.push(`M 100644 inline ${file}\ndata ${body.length}\n${body.toString()}\n`);
  }
  execFileSync('git', ['-C', dir, 'fast-import', '--quiet'], { input: parts.join('') });
  execFileSync('git', ['-C', dir, 'gc', '-q']);
}

/** The floor: the two git processes any native reader needs, output collected and not parsed. */
function floor(dir: string): number {
  const tree = spawnSync('git', ['-C', dir, 'ls-tree', '-r', '--format=%(objectname)', 'HEAD'], { maxBuffer: 1 << 30 });
  spawnSync('git', ['-C', dir, 'cat-file', '--batch'], { input: tree.stdout, maxBuffer: 1 << 30 });
  return tree.stdout.toString().split('\n').filter(Boolean).length;
}

/**
 * CPU milliseconds of this process plus its finished children (Linux `/proc/self/stat` cutime and
 * cstime, 10 ms ticks): unlike wall time, it barely moves when other work shares the machine.
 */
function cpuMs(): number {
  const own = process.cpuUsage();
  const ownMs = (own.user + own.system) / 1000;
  if (!existsSync('/proc/self/stat')) return Number.NaN;
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]?.split(' ') ?? [];
  const childTicks = Number(fields[13]) + Number(fields[14]);
  return ownMs + childTicks * 10;
}

interface Contender {
  name: string;
  run(): Promise<number>;
}

/** Medians of RUNS rounds; each round runs every contender once, so load swings hit all alike. */
async function medians(
  contenders: readonly Contender[],
): Promise<{ name: string; ms: number; cpu: number; files: number }[]> {
  const wall = contenders.map(() => [] as number[]);
  const cpu = contenders.map(() => [] as number[]);
  const files = contenders.map(() => 0);
  for (let round = 0; round < RUNS; round++) {
    for (const [i, contender] of contenders.entries()) {
      const [startWall, startCpu] = [performance.now(), cpuMs()];
      files[i] = await contender.run();
      wall[i]?.push(performance.now() - startWall);
      cpu[i]?.push(cpuMs() - startCpu);
    }
  }
  return contenders.map((contender, i) => ({
    name: contender.name,
    ms: median(wall[i]),
    cpu: median(cpu[i]),
    files: files[i] ?? 0,
  }));
}

function median(samples: number[] = []): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const dir = mkdtempSync(path.join(tmpdir(), 'flotilla-bench-source-'));
try {
  buildRepository(dir);
  const snapshotFiles = async (preferNative: boolean) => (await readSnapshot({ repo: dir, preferNative })).files.length;
  const rows = await medians([
    { name: 'git ls-tree + cat-file --batch (floor)', run: async () => floor(dir) },
    { name: 'readSnapshot, native git', run: () => snapshotFiles(true) },
    { name: 'readSnapshot, isomorphic-git + cache', run: () => snapshotFiles(false) },
  ]);
  const [floorMs, floorCpu] = [rows[0]?.ms ?? Number.NaN, rows[0]?.cpu ?? Number.NaN];
  console.log(`source: ${FILES} manifests, packed repository, median of ${RUNS} interleaved runs\n`);
  console.log('| path | wall ms | x floor | cpu ms | x floor | files |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const { name, ms, cpu, files } of rows) {
    console.log(
      `| ${name} | ${ms.toFixed(0)} | ${(ms / floorMs).toFixed(2)} | ${cpu.toFixed(0)} | ${(cpu / floorCpu).toFixed(2)} | ${files} |`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
