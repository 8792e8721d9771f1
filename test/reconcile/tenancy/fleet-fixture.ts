import { createGitRepo, type GitFixture } from '../../source/helpers/git-fixture.ts';

/** flotilla.yaml of the tenancy tests: one tenant, shop, on member1 and member2. */
export const TENANTS = `tenants:
  - name: shop
    paths: ["teams/shop/**"]
    namespaces: ["shop", "shop-*"]
    clusters:
      clusterNames: [member1, member2]
    clusterScoped: ["rbac.authorization.k8s.io/ClusterRole"]
    owners: ["@acme/shop"]
`;

const cluster = (name: string, env: string) => `apiVersion: cluster.karmada.io/v1alpha1
kind: Cluster
metadata:
  name: ${name}
  labels: {env: ${env}}
spec:
  syncMode: Push
`;

/** The shop team's legitimate Deployment and its policy. */
export const SHOP_WEB = `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "nginx:1.27"}]}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: web, namespace: shop}
spec:
  resourceSelectors: [{apiVersion: apps/v1, kind: Deployment, name: web}]
  placement:
    clusterAffinity: {clusterNames: [member1, member2]}
`;

/** A fleet repository with three members (member3 labelled env=prod), the platform's payments app and the shop tenant. */
export function tenancyFleet(clusterNames = ['member1', 'member2', 'member3']): GitFixture {
  const repo = createGitRepo();
  repo.write('flotilla.yaml', TENANTS);
  for (const name of clusterNames) repo.write(`clusters/${name}.yaml`, cluster(name, name === 'member3' ? 'prod' : 'dev'));
  repo.write('teams/shop/web.yaml', SHOP_WEB);
  repo.write(
    'platform/payments.yaml',
    `apiVersion: v1
kind: ConfigMap
metadata: {name: settings, namespace: payments}
data: {mode: live}
---
apiVersion: policy.karmada.io/v1alpha1
kind: PropagationPolicy
metadata: {name: payments, namespace: payments}
spec:
  resourceSelectors: [{apiVersion: v1, kind: ConfigMap}]
`,
  );
  repo.commit('fleet');
  return repo;
}
