import { posix } from 'node:path';
import { refKey } from '../../model/index.ts';
import type { Diagnostic, FieldPath, SourceObject } from '../../model/index.ts';
import { checkCustomization, createInterpreter, OPERATION_SCRIPTS } from '../../interpreter/index.ts';
import type { ResourceInterpreter } from '../../interpreter/index.ts';
import {
  autoscalingTargetWarnings,
  dependencyConflictWarnings,
  overallQuotaWarnings,
  checkFleetReferences,
  fleetLocator,
  type FleetLocator,
  ownership,
  refuseOutsideGrants,
  type OwnerOf,
  dependenciesOf,
  unpropagatedTemplates,
  detect,
  type Claim,
  loadFleet,
  parseSources,
} from '../../render/index.ts';
import type { Fleet, ParseCache, ParsedSources, Works } from '../../render/index.ts';
import { readSnapshot } from '../../source/index.ts';
import type { OpenSourceOptions, Snapshot } from '../../source/index.ts';

/** A commit of the fleet repository, read, parsed, validated and loaded. */
export interface FleetSource {
  snapshot: Snapshot;
  parsed: ParsedSources;
  fleet: Fleet;
  interpreter: ResourceInterpreter;
  /** Every problem found, files named relative to the repository root. */
  diagnostics: Diagnostic[];
  /** The tenant owning each file of this commit (docs/deploy.md#tenants). */
  ownerOf: OwnerOf;
}

/** A locator built on first use: a fleet whose tenants keep to their grants never pays for it. */
export function lazyLocator(parsed: ParsedSources): FleetLocator {
  let locate: FleetLocator | undefined;
  return (source, path, message) => {
    locate ??= fleetLocator(parsed);
    return locate(source, path, message);
  };
}

function customizationDiagnostics(parsed: ParsedSources, fleet: Fleet): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const ric of fleet.customizations) {
    for (const problem of checkCustomization(ric.object)) {
      const field = OPERATION_SCRIPTS[problem.operation].field;
      const path: FieldPath = ['spec', 'customizations', field, 'luaScript'];
      const at = parsed.locate(ric as SourceObject, path);
      const script = ric.object.spec.customizations[field]?.luaScript ?? '';
      const line = problem.line !== undefined && script.includes('\n') ? at.line + problem.line : at.line;
      out.push({
        ...at,
        line,
        severity: 'error',
        object: `ResourceInterpreterCustomization/${ric.object.metadata.name}`,
        message: `ResourceInterpreterCustomization/${ric.object.metadata.name}: ${problem.operation}: ${problem.message}`,
      });
    }
  }
  return out;
}

/**
 * Mistakes across objects, for `validate`: unknown cluster names, selectors that select nothing,
 * and templates nothing propagates (dependencies found by asking the interpreter). Kept out of
 * readFleet so the run loop does not pay for them on every pass; a plan uses {@link planWarnings}.
 */
export function crossObjectWarnings(source: FleetSource): Diagnostic[] {
  const at = fleetLocator(source.parsed);
  const claims = detect(source.fleet);
  return [
    ...checkFleetReferences(source.fleet, at),
    ...unpropagatedTemplates(claims, dependenciesOf(source.interpreter), at),
    ...autoscalingTargetWarnings(source.fleet, at),
    ...dependencyConflictWarnings(claims, source.interpreter),
    ...overallQuotaWarnings(source.fleet, at, source.snapshot.config.featureGates),
  ];
}

/**
 * The same warnings for a rendered plan: what reaches a cluster is read from the Works, so nothing
 * is asked of the interpreter twice (its DependencyPolicyConflict warnings come with the Works).
 */
export function planWarnings(source: FleetSource, claims: readonly Claim[], works: Works): Diagnostic[] {
  const at = fleetLocator(source.parsed);
  const reached = new Set([...works.values()].flatMap((items) => items.map((i) => refKey(i.template))));
  return [
    ...checkFleetReferences(source.fleet, at),
    ...unpropagatedTemplates(claims, () => reached, at),
    ...autoscalingTargetWarnings(source.fleet, at),
    ...overallQuotaWarnings(source.fleet, at, source.snapshot.config.featureGates),
  ];
}

/**
 * Reads one commit of the fleet and loads it: source → parse → validate → classify → default,
 * plus the interpreter built from the repository's customizations (each compiled and checked).
 * Nothing here stops at a bad file: it becomes a diagnostic and the rest is loaded.
 */
export async function readFleet(options: OpenSourceOptions, cache?: ParseCache): Promise<FleetSource> {
  const snapshot = await readSnapshot({ ...options, renderRoots: true });
  const inRepo = (file: string) => posix.join(snapshot.path, file);
  const files = snapshot.files.map((f) => ({ ...f, path: inRepo(f.path) }));
  const parsed = parseSources(files, cache);
  const loaded = loadFleet(parsed, snapshot.config.featureGates);
  const ownerOf = ownership(snapshot.config.tenants, snapshot.path);
  // Before the interpreter is built: a tenant's refused customization never runs in the hub.
  const tenancy =
    snapshot.config.tenants.length === 0
      ? { fleet: loaded.fleet, diagnostics: [] }
      : refuseOutsideGrants(loaded.fleet, ownerOf, lazyLocator(parsed));
  const interpreter = createInterpreter(tenancy.fleet.customizations.map((c) => c.object));
  const diagnostics = [
    ...snapshot.diagnostics.map((d) => ({ ...d, file: inRepo(d.file) })),
    ...parsed.diagnostics,
    ...loaded.diagnostics,
    ...tenancy.diagnostics,
    ...customizationDiagnostics(parsed, tenancy.fleet),
  ];
  return { snapshot, parsed, fleet: tenancy.fleet, interpreter, diagnostics, ownerOf };
}
