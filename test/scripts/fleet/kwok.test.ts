import { describe, expect, it } from 'vitest';
import { componentNames } from '../../../scripts/fleet/kwok.ts';

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
