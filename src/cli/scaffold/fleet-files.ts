import type { CommitFile } from '../../source/index.ts';

const cluster = (name: string, labels: string, extra: string) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata:
  name: ${name}
  labels:
${labels}
spec:
${extra}
# Reached through the kubeconfig context "${name}" (or the annotation flotilla.io/kubeconfig-context).
# This status is used only offline, until the status branch holds an observed one.
status:
  resourceSummary:
    allocatable: {cpu: "8", memory: 32Gi, pods: "110"}
`;

/** The files of a new fleet repository: two clusters, one app, one policy, one override. */
export function fleetFiles(): CommitFile[] {
  return [
    {
      path: 'flotilla.yaml',
      content: `# Flotilla settings for this repository.\nstatusBranch: status\nexclude:\n  - "docs/**"\nprune:\n  enabled: false\n`,
    },
    {
      path: 'clusters/staging.yaml',
      content: cluster(
        'staging',
        '    env: staging',
        '  syncMode: Push\n  provider: generic\n  region: region-a\n  zones: [region-a-1]',
      ),
    },
    {
      path: 'clusters/production.yaml',
      content: cluster(
        'production',
        '    env: production',
        '  syncMode: Push\n  provider: generic\n  region: region-b\n  zones: [region-b-1]',
      ),
    },
    {
      path: 'apps/hello/deployment.yaml',
      content: `apiVersion: apps/v1
kind: Deployment
metadata:
  name: hello
  namespace: hello
  labels:
    app: hello
spec:
  replicas: 2
  selector:
    matchLabels:
      app: hello
  template:
    metadata:
      labels:
        app: hello
    spec:
      containers:
        - name: hello
          image: nginx:1.27
          resources:
            requests:
              cpu: 100m
              memory: 64Mi
---
apiVersion: v1
kind: Service
metadata:
  name: hello
  namespace: hello
spec:
  selector:
    app: hello
  ports:
    - port: 80
`,
    },
    {
      path: 'policies/hello.yaml',
      content: `# Every cluster runs hello with the full replica count.
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata:
  name: hello
  namespace: hello
spec:
  resourceSelectors:
    - apiVersion: apps/v1
      kind: Deployment
      name: hello
    - apiVersion: v1
      kind: Service
      name: hello
  placement:
    clusterAffinity:
      clusterNames: [staging, production]
---
# Production objects carry an env label.
apiVersion: policy.karmada.io/v1alpha1
kind: OverridePolicy
metadata:
  name: hello-production
  namespace: hello
spec:
  resourceSelectors:
    - apiVersion: apps/v1
      kind: Deployment
      name: hello
  overrideRules:
    - targetCluster:
        clusterNames: [production]
      overriders:
        labelsOverrider:
          - operator: add
            value:
              env: production
`,
    },
    {
      path: 'README.md',
      content: `# Fleet repository\n\nManaged by Flotilla. Templates live under \`apps/\`, policies under \`policies/\`,\nmember clusters under \`clusters/\`.\n\n    flotilla validate\n    flotilla plan --offline\n`,
    },
  ];
}
