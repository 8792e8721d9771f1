import type { FeatureGates } from './feature-gates.ts';
import { DEFAULT_WORKS_BRANCH } from './pull-mode.ts';
import type { Tenant } from './tenant.ts';

/**
 * Repository-wide settings from the optional `flotilla.yaml` at the fleet root (README.md#commands).
 * Keys Flotilla does not know yet are kept, so later stages can read them without a new parser.
 */
export interface FleetConfig {
  /** Globs, relative to the fleet root, of paths never read. @default [] */
  exclude: string[];
  /** The branch the status writer commits to. @default 'status' */
  statusBranch: string;
  /** The branch the hub commits Pull members' Work to (docs/karmada-compatibility.md#pull-mode). @default 'works' */
  worksBranch: string;
  /** Prune settings: off unless enabled; `maxFraction` caps the share of inventory one run may delete. */
  prune: { enabled: boolean; maxFraction: number };
  /** Karmada feature gates by name (docs/karmada-compatibility.md#feature-gates). @default {} (Karmada's defaults) */
  featureGates: FeatureGates;
  /** The teams whose files are limited to their grants (docs/deploy.md#tenants). @default [] */
  tenants: Tenant[];
  [key: string]: unknown;
}

/** The settings of a fleet without `flotilla.yaml`. */
export const DEFAULT_FLEET_CONFIG: Readonly<FleetConfig> = Object.freeze({
  exclude: [],
  statusBranch: 'status',
  worksBranch: DEFAULT_WORKS_BRANCH,
  prune: Object.freeze({ enabled: false, maxFraction: 0.25 }),
  featureGates: Object.freeze({}),
  tenants: [],
});
