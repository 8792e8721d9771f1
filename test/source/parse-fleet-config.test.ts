import { describe, expect, it } from 'vitest';
import { DEFAULT_FLEET_CONFIG } from '../../src/model/index.ts';
import { parseFleetConfig } from '../../src/source/index.ts';

describe('parseFleetConfig', () => {
  it.each([
    ['an empty file gives the defaults', '', {}],
    ['a comment-only file gives the defaults', '# nothing yet\n', {}],
    ['reads excludes', 'exclude: ["a/**", b.yaml]', { exclude: ['a/**', 'b.yaml'] }],
    ['reads the status branch', 'statusBranch: fleet-status', { statusBranch: 'fleet-status' }],
    ['reads the works branch', 'worksBranch: rendered', { worksBranch: 'rendered' }],
    ['reads prune settings', 'prune: {enabled: true, maxFraction: 0.5}', { prune: { enabled: true, maxFraction: 0.5 } }],
    ['keeps a prune default it is not told', 'prune: {enabled: true}', { prune: { enabled: true, maxFraction: 0.25 } }],
    ['keeps keys it does not know', 'resync: 5m', { resync: '5m' }],
    ['reads a feature gate', 'featureGates: {FederatedQuotaEnforcement: true}', { featureGates: { FederatedQuotaEnforcement: true } }],
  ])('%s', (_case, text, expected) => {
    const { config, diagnostics } = parseFleetConfig(text);
    expect(diagnostics).toEqual([]);
    expect(config).toEqual({ ...DEFAULT_FLEET_CONFIG, ...expected });
  });

  it.each([
    ['a list at the top', '- a\n', undefined, 1, 1],
    ['exclude that is not a list of strings', 'exclude: [1]\n', 'exclude', 1, 10],
    ['an empty status branch', 'statusBranch: ""\n', 'statusBranch', 1, 15],
    ['a works branch that is the status branch', 'worksBranch: status\n', 'worksBranch', 1, 14],
    ['prune that is not a mapping', 'prune: yes\n', 'prune', 1, 8],
    ['prune.enabled that is not a boolean', 'prune:\n  enabled: "yes"\n', 'prune.enabled', 2, 12],
    ['a fraction above one', 'prune:\n  maxFraction: 2\n', 'prune.maxFraction', 2, 16],
    ['broken YAML', 'exclude: [a\n', undefined, 2, 1],
    ['featureGates that is not a mapping', 'featureGates: [x]\n', 'featureGates', 1, 15],
    ['a feature gate that is not a boolean', 'featureGates:\n  FederatedQuotaEnforcement: "on"\n', 'featureGates.FederatedQuotaEnforcement', 2, 30],
  ])('reports %s at its position and keeps the defaults', (_case, text, field, line, column) => {
    const { config, diagnostics } = parseFleetConfig(text);
    expect(config).toEqual(DEFAULT_FLEET_CONFIG);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ file: 'flotilla.yaml', severity: 'error', line, column });
    expect(diagnostics[0]?.field).toBe(field);
  });

  it('warns about a feature gate it does not honour, and keeps the others', () => {
    const { config, diagnostics } = parseFleetConfig('featureGates:\n  Failover: true\n  FederatedQuotaEnforcement: true\n');
    expect(config.featureGates).toEqual({ FederatedQuotaEnforcement: true });
    expect(diagnostics).toEqual([
      {
        file: 'flotilla.yaml',
        line: 2,
        column: 13,
        severity: 'warning',
        message: 'feature gate Failover is not one Flotilla honours (FederatedQuotaEnforcement, WorkloadAffinity); ignored',
        field: 'featureGates.Failover',
      },
    ]);
  });

  it('never shares arrays with the defaults', () => {
    parseFleetConfig('').config.exclude.push('x');
    expect(DEFAULT_FLEET_CONFIG.exclude).toEqual([]);
  });
});
