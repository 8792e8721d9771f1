import { afterAll, describe, expect, it } from 'vitest';
import { createGitRepo, removeFixtures } from '../source/helpers/git-fixture.ts';
import { runCli } from './run-cli.ts';

const CLUSTER = `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata: {name: member1}
spec: {syncMode: Push}
status:
  conditions: [{type: Ready, status: "True"}]
`;
const POLICY = `apiVersion: policy.karmada.io/v1alpha1
kind: ClusterPropagationPolicy
metadata: {name: all}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}, {apiVersion: v1, kind: Secret}]
  placement: {clusterAffinity: {clusterNames: [member1]}}
`;
const GOOD = 'apiVersion: v1\nkind: ConfigMap\nmetadata: {name: good, namespace: default}\ndata: {a: b}\n';
const PIN = '424242424242';

function laughs(levels: number): string {
  const lines = ['apiVersion: v1', 'kind: ConfigMap', 'metadata: {name: bomb, namespace: default}', 'x:', '  a0: &a0 "lollollollol"'];
  for (let i = 1; i <= levels; i++)
    lines.push(
      `  a${i}: &a${i} [${Array(10)
        .fill(`*a${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

const configMap = (name: string, extra = '') => `apiVersion: v1\nkind: ConfigMap\nmetadata: {name: ${name}, namespace: default}\n${extra}`;

/** Each a repository an attacker could push: one hostile file beside a fleet that is fine. */
const HOSTILE: [name: string, file: string, content: () => string | Buffer, message: RegExp][] = [
  ['an alias bomb', 'bomb.yaml', () => laughs(12), /excessive aliasing/],
  ['deep nesting', 'deep.yaml', () => configMap('deep', `x: ${'['.repeat(10_000)}${']'.repeat(10_000)}\n`), /nesting exceeded maxDepth/],
  ['100k documents in one file', 'many.yaml', () => Array.from({ length: 100_000 }, (_, i) => configMap(`m${i}`)).join('---\n'), /too many documents: 100000/],
  ['a 50 MB file', 'big.yaml', () => configMap('big', `data: {k: "${'x'.repeat(50 * 1024 * 1024)}"}\n`), /file too large: 50\.0 MiB/],
  ['a binary .yaml', 'bin.yaml', () => Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)), /binary file not read/],
  ['NUL bytes', 'nul.yaml', () => configMap('nul', 'data: {k: "a\0b"}\n'), /binary file not read/],
  [
    'invalid UTF-8',
    'utf8.yaml',
    () => Buffer.concat([Buffer.from(configMap('u', 'data: {k: "')), Buffer.from([0xff, 0xfe]), Buffer.from('"}\n')]),
    /not valid UTF-8/,
  ],
  [
    'a mistyped Secret',
    'secret.yaml',
    () => `apiVersion: v1\nkind: Secret\nmetadata: {name: s, namespace: default}\nstringData:\n  pin: ${PIN}\n`,
    /stringData\.pin: must be of type string/,
  ],
];

afterAll(removeFixtures);

describe('hostile repositories through validate and plan --offline', { timeout: 120_000 }, () => {
  it.each(HOSTILE)('%s is refused with its file named, the rest planned', (_name, file, content, message) => {
    const repo = createGitRepo();
    repo.write('cluster.yaml', CLUSTER);
    repo.write('policy.yaml', POLICY);
    repo.write('good.yaml', GOOD);
    repo.write(file, content());
    repo.commit('hostile');

    for (const args of [['validate'], ['plan', '--offline']]) {
      const started = Date.now();
      const out = runCli([...args, '--repo', repo.dir]);
      const elapsed = Date.now() - started;
      const all = `${out.stdout}${out.stderr}`;
      expect(elapsed, `${args[0]} took ${elapsed} ms`).toBeLessThan(15_000);
      expect(out.code, all).toBe(1);
      const line = all.split('\n').find((l) => l.startsWith(`${file}:`));
      expect(line, all).toMatch(message);
      expect(line).toMatch(/: error: /);
      expect(all).not.toContain(PIN);
      if (args[0] === 'plan') expect(all).toContain('ConfigMap/default/good');
    }
  });
});
