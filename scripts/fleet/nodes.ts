// Fake nodes with real allocatable. kwokctl runs kwok with --manage-all-nodes:
// kwok keeps these Nodes Ready and plays the kubelet for the pods the
// scheduler binds to them, so Deployments report real status.
import { members, type MemberSpec } from './config.ts';
import { run } from './run.ts';

function nodeName(member: MemberSpec, index: number): string {
  return `${member.name}-node-${index}`;
}

function nodeManifest(member: MemberSpec, index: number): object {
  const name = nodeName(member, index);
  const resources = { cpu: member.nodes.cpu, memory: member.nodes.memory, pods: String(member.nodes.pods) };
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: {
      name,
      annotations: {
        // Lets kwok claim the node even if it is run with an annotation selector.
        'kwok.x-k8s.io/node': 'fake',
        // Where metrics-server scrapes the node's resource metrics: the kwok controller serves every
        // node's at its own path (scripts/fleet/metrics/resource-metrics.yaml).
        'metrics.k8s.io/resource-metrics-path': `/metrics/nodes/${name}/metrics/resource`,
      },
      labels: {
        'kubernetes.io/hostname': name,
        'kubernetes.io/os': 'linux',
        'kubernetes.io/arch': 'amd64',
        'node-role.kubernetes.io/agent': '',
        type: 'kwok',
        'topology.kubernetes.io/region': member.region,
        'topology.kubernetes.io/zone': member.zone,
      },
    },
    // kwok hands out pod IPs from the node's range; distinct ranges keep pod IPs unique across the fleet.
    spec: { podCIDR: `10.${members.indexOf(member) + 1}.${index}.0/24` },
    // The apiserver keeps a Node's status on create, so capacity is set in one step.
    status: { allocatable: resources, capacity: resources },
  };
}

/** Creates the member's nodes (unchanged if they exist) and waits until they are Ready. */
export async function ensureNodes(member: MemberSpec, kubectl: string, kubeconfig: string): Promise<void> {
  const list = {
    apiVersion: 'v1',
    kind: 'List',
    items: Array.from({ length: member.nodes.count }, (_, index) => nodeManifest(member, index)),
  };
  const base = ['--kubeconfig', kubeconfig];
  await run(kubectl, [...base, 'apply', '-f', '-'], { input: JSON.stringify(list) });
  await run(kubectl, [...base, 'wait', '--for=condition=Ready', 'node', '--all', '--timeout=120s']);
}
