/**
 * The multi-cluster services of a plan (README.md#flotilla-plan): per exported Service, its providers and consumers,
 * each with the objects of its Work that take part — the Service and the ServiceExport in a provider, the Service
 * (or the ServiceImport and its derived Service) in a consumer — so a plan shows where endpoints will come from and
 * go to before `run` copies them. Pure.
 */
import { compareBytes, MCS_API_GROUP_VERSION, refOf } from '../../model/index.ts';
import type { ExportKind, ViewCell } from '../../model/index.ts';
import type { Rendered } from '../../render/index.ts';
import type { PlanTextSection, PlanView, PlanViewInput } from '../controller.ts';
import { exportedServices, type ExportedService, type ExportingFleet } from './exported-services.ts';
import { ingressLocations, type IngressLocations } from './ingress-locations.ts';

/** One member of a multi-cluster service in a plan. */
export interface PlanServiceMember {
  name: string;
  /** `Kind/name` of the objects of its Work that take part, in apply order; empty when it has none. */
  objects: string[];
}

/** `plan -o json`'s `multiClusterServices[]`. */
export interface PlanMultiClusterService {
  kind: ExportKind;
  namespace: string;
  name: string;
  /** The Service the consumers' copies of the EndpointSlices belong to. */
  service: string;
  providers: PlanServiceMember[];
  consumers: PlanServiceMember[];
}

function member(
  rendered: Pick<Rendered, 'works'>,
  cluster: string,
  wanted: ReadonlySet<string>,
  namespace: string,
): PlanServiceMember {
  const objects = (rendered.works.get(cluster) ?? [])
    .map((i) => refOf(i.manifest))
    .filter((r) => r.namespace === namespace && wanted.has(`${r.apiVersion}/${r.kind}/${r.name}`))
    .map((r) => `${r.kind}/${r.name}`);
  return { name: cluster, objects };
}

function planService(rendered: Pick<Rendered, 'works'>, s: ExportedService): PlanMultiClusterService {
  const provided = new Set([`v1/Service/${s.name}`, `${MCS_API_GROUP_VERSION}/ServiceExport/${s.name}`]);
  const consumed =
    s.kind === 'ServiceExport'
      ? new Set([`${MCS_API_GROUP_VERSION}/ServiceImport/${s.name}`, `v1/Service/${s.consumerService}`])
      : new Set([`v1/Service/${s.name}`]);
  return {
    kind: s.kind,
    namespace: s.namespace,
    name: s.name,
    service: s.consumerService,
    providers: s.providers.map((p) => member(rendered, p, provided, s.namespace)),
    consumers: s.consumers.map((c) => member(rendered, c, consumed, s.namespace)),
  };
}

/** Every exported Service of the render, in the order of {@link exportedServices}; clusters in name order. */
export function planMultiClusterServices(
  fleet: ExportingFleet,
  rendered: Pick<Rendered, 'bindings' | 'works'>,
): PlanMultiClusterService[] {
  const byName = (a: PlanServiceMember, b: PlanServiceMember) => compareBytes(a.name, b.name);
  return exportedServices(fleet, rendered.bindings).map((s) => {
    const planned = planService(rendered, s);
    return { ...planned, providers: planned.providers.sort(byName), consumers: planned.consumers.sort(byName) };
  });
}

/**
 * `plan -o json`'s `multiClusterServices`, when the render exports any Service, and `multiClusterIngresses` (each
 * with Karmada's status.serviceLocations) when the fleet has any.
 */
export function multiClusterServicesPlanView({ fleet, rendered }: PlanViewInput): PlanView {
  const services = planMultiClusterServices(fleet, rendered);
  const ingresses = ingressLocations(
    fleet.multiClusterIngresses.map((i) => i.object),
    rendered.bindings,
  );
  const document = {
    ...(services.length > 0 ? { multiClusterServices: services } : {}),
    ...(ingresses.length > 0 ? { multiClusterIngresses: ingresses } : {}),
  };
  return Object.keys(document).length > 0 ? { document } : {};
}

/** A member and the objects of its Work that take part; one without any is flagged. */
function serviceMembers(members: readonly PlanServiceMember[]): ViewCell[] {
  if (members.length === 0) return [{ text: 'none' }];
  return members.flatMap((m, i) => [
    ...(i > 0 ? [{ text: ', ' }] : []),
    ...(m.objects.length > 0
      ? [{ text: `${m.name} (${m.objects.join(', ')})` }]
      : [{ text: `${m.name} ` }, { text: '(none in its Work)', tone: 'warn' as const }]),
  ]);
}

/**
 * `plan`'s text of the fields its plan view gave the document: where each exported Service's endpoints come from and go
 * to, with what of it each member's Work holds, and each MultiClusterIngress with where its backend Services run.
 */
export function multiClusterServicesPlanSections(document: Readonly<Record<string, unknown>>): PlanTextSection[] {
  const services = (document['multiClusterServices'] ?? []) as readonly PlanMultiClusterService[];
  const ingresses = (document['multiClusterIngresses'] ?? []) as readonly IngressLocations[];
  const line = (text: string): ViewCell[] => [{ text }];
  const sections: PlanTextSection[] = [];
  if (services.length > 0)
    sections.push({
      title: 'Multi-cluster services (run copies the EndpointSlices)',
      lines: services.flatMap((s) => [
        line(`  ${s.kind} ${s.namespace}/${s.name} → Service ${s.namespace}/${s.service}`),
        [{ text: '    providers: ' }, ...serviceMembers(s.providers)],
        [{ text: '    consumers: ' }, ...serviceMembers(s.consumers)],
      ]),
    });
  if (ingresses.length > 0)
    sections.push({
      title: 'Multi-cluster ingresses (no load balancer: backends shared among their members)',
      lines: ingresses.flatMap((i) => [
        line(`  MultiClusterIngress ${i.namespace}/${i.name}`),
        ...i.serviceLocations.map((l) => line(`    Service ${l.name}: ${l.clusters.join(', ') || 'none'}`)),
      ]),
    });
  return sections;
}
