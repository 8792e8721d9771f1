import {
  DEFAULT_FLEET_CONFIG,
  FEATURE_GATE_DEFAULTS,
  isFeatureGate,
  isRecord,
  type Diagnostic,
  type FleetConfig,
} from '../model/index.ts';
import { readTenants } from './parse-tenants.ts';

/** The name of the fleet's settings file, at the fleet root. */
export const FLEET_CONFIG_FILE = 'flotilla.yaml';

/** A parsed `flotilla.yaml`: the settings, with defaults for what is missing or wrong. */
export interface ParsedFleetConfig {
  config: FleetConfig;
  diagnostics: Diagnostic[];
}

/** Says what is wrong with one field of `flotilla.yaml`, by its path. */
export type FieldReport = (field: (string | number)[], message: string) => void;

/**
 * The settings `flotilla.yaml`'s value holds, whichever parser read it. A field of the wrong type
 * is reported (`report`: an error; `warn`: a warning) and keeps its default, so one typo never
 * stops the run; unknown keys are kept for later stages.
 */
export function fleetConfigFrom(data: unknown, report: FieldReport, warn: FieldReport): FleetConfig {
  const config = defaultFleetConfig();
  if (data === null || data === undefined) return config;
  if (!isRecord(data)) {
    report([], 'flotilla.yaml must be a mapping');
    return config;
  }
  Object.assign(config, data, {
    exclude: config.exclude,
    statusBranch: config.statusBranch,
    worksBranch: config.worksBranch,
    prune: config.prune,
    featureGates: config.featureGates,
    tenants: config.tenants,
  });
  if ('exclude' in data) {
    if (Array.isArray(data.exclude) && data.exclude.every((glob) => typeof glob === 'string'))
      config.exclude = [...data.exclude];
    else report(['exclude'], 'exclude must be a list of glob strings');
  }
  if ('statusBranch' in data) {
    if (typeof data.statusBranch === 'string' && data.statusBranch !== '') config.statusBranch = data.statusBranch;
    else report(['statusBranch'], 'statusBranch must be a non-empty branch name');
  }
  if ('worksBranch' in data) {
    if (typeof data.worksBranch === 'string' && data.worksBranch !== '' && data.worksBranch !== config.statusBranch)
      config.worksBranch = data.worksBranch;
    else report(['worksBranch'], 'worksBranch must be a non-empty branch name other than statusBranch');
  }
  if ('prune' in data) readPrune(data.prune, config, report);
  if ('featureGates' in data) readFeatureGates(data.featureGates, config, report, warn);
  if ('tenants' in data) config.tenants = readTenants(data.tenants, report);
  return config;
}

function readPrune(prune: unknown, config: FleetConfig, report: FieldReport): void {
  if (!isRecord(prune)) return report(['prune'], 'prune must be a mapping with enabled and maxFraction');
  if ('enabled' in prune) {
    if (typeof prune.enabled === 'boolean') config.prune.enabled = prune.enabled;
    else report(['prune', 'enabled'], 'prune.enabled must be true or false');
  }
  if ('maxFraction' in prune) {
    const fraction = prune.maxFraction;
    if (typeof fraction === 'number' && fraction >= 0 && fraction <= 1) config.prune.maxFraction = fraction;
    else report(['prune', 'maxFraction'], 'prune.maxFraction must be a number from 0 to 1');
  }
}

/**
 * Karmada's gates by name, each true or false. A gate Flotilla does not honour (one of Karmada's
 * others, or a misspelling) is a warning that it is ignored, so a repository written for Karmada loads.
 */
function readFeatureGates(gates: unknown, config: FleetConfig, report: FieldReport, warn: FieldReport): void {
  if (!isRecord(gates))
    return report(['featureGates'], 'featureGates must be a mapping of gate names to true or false');
  const honoured = Object.keys(FEATURE_GATE_DEFAULTS).join(', ');
  for (const [name, value] of Object.entries(gates)) {
    if (typeof value !== 'boolean') report(['featureGates', name], `featureGates.${name} must be true or false`);
    else if (isFeatureGate(name)) config.featureGates[name] = value;
    else warn(['featureGates', name], `feature gate ${name} is not one Flotilla honours (${honoured}); ignored`);
  }
}

/** The settings of a fleet without `flotilla.yaml`: arrays and maps of their own, never shared. */
export function defaultFleetConfig(): FleetConfig {
  return {
    ...DEFAULT_FLEET_CONFIG,
    exclude: [...DEFAULT_FLEET_CONFIG.exclude],
    prune: { ...DEFAULT_FLEET_CONFIG.prune },
    featureGates: {},
    tenants: [],
  };
}
