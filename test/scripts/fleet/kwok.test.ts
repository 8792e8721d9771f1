import { describe, expect, it } from 'vitest';
import { componentNames, componentsPatches, processRunning } from '../../../scripts/fleet/kwok.ts';

// The shape kwokctl records in clusters/<name>/kwok.yaml: its own configuration first, then the
// kwok controller's documents (Stages, Metrics, ...), which also have no components of their own.
const recorded = (components: string[]): string =>
  [
    'apiVersion: config.kwok.x-k8s.io/v1alpha1',
    'kind: KwokctlConfiguration',
    `components:${components.length === 0 ? ' []' : ''}`,
    ...components.map((name) => `  - name: ${name}\n    binary: /bin/${name}`),
    '---',
    'apiVersion: kwok.x-k8s.io/v1alpha1',
    'kind: Stage',
    'metadata: { name: pod-ready }',
  ].join('\n');

describe('componentNames', () => {
  it.each([
    {
      case: 'a member created with metrics-server',
      text: recorded(['etcd', 'kube-apiserver', 'metrics-server']),
      want: ['etcd', 'kube-apiserver', 'metrics-server'],
    },
    { case: 'a member created before it', text: recorded(['etcd', 'kube-apiserver', 'kwok-controller']), want: ['etcd', 'kube-apiserver', 'kwok-controller'] },
    { case: 'no components recorded', text: recorded([]), want: [] },
    { case: 'no kwokctl configuration at all (a missing file reads as empty)', text: '', want: [] },
    { case: 'only kwok documents', text: 'kind: Metric\ncomponents:\n  - name: not-a-component\n', want: [] },
  ])('$case', ({ text, want }) => {
    expect(componentNames(text)).toEqual(want);
  });
});

describe('processRunning', () => {
  const binary = '/w/.flotilla-dev/kwok/clusters/member1/bin/metrics-server';
  const linked = '/main/.flotilla-dev/kwok/clusters/member1/bin/metrics-server';
  const cmdline = (...argv: string[]): string => `${argv.join('\0')}\0`;
  it.each([
    {
      case: 'the process running the binary',
      processes: [
        [7, cmdline('/usr/bin/sh')],
        [9, cmdline(binary, '--secure-port=1')],
      ] as const,
      want: 9,
    },
    { case: 'the binary through the real path of a linked workdir', processes: [[5, cmdline(linked, '--metric-resolution=10s')]] as const, want: 5 },
    { case: "another member's metrics-server", processes: [[5, cmdline(binary.replace('member1', 'member2'))]] as const, want: undefined },
    { case: 'the path only as an argument', processes: [[5, cmdline('/usr/bin/tail', binary)]] as const, want: undefined },
    { case: 'a zombie (no command line)', processes: [[5, '']] as const, want: undefined },
  ])('$case', ({ processes, want }) => {
    expect(processRunning(processes, [binary, linked])).toBe(want);
  });
});

describe('componentsPatches', () => {
  // A member's controller-manager or scheduler that loses a leader election on a loaded machine exits
  // for good, and the member makes no pods after it: each runs alone, without one.
  it.each(['kube-controller-manager', 'kube-scheduler'])('%s runs without leader election', (name) => {
    expect(componentsPatches().find((patch) => patch.name === name)?.extraArgs).toContainEqual({ key: 'leader-elect', value: 'false' });
  });
});
