import { describe, expect, it } from 'vitest';
import { createInterpreter } from '../../src/interpreter/index.ts';
import type { KubeObject, ResourceInterpreterCustomization } from '../../src/model/index.ts';
import { memberStatusItem } from '../../src/status/index.ts';
import { memberDeployment, nativeInterpreter } from './helpers.ts';

describe('memberStatusItem', () => {
  it.each([
    [
      'a failed apply is not applied, with the message, and Unknown health',
      { clusterName: 'member1', applied: false, appliedMessage: 'forbidden' },
      { clusterName: 'member1', applied: false, appliedMessage: 'forbidden', health: 'Unknown' },
    ],
    [
      'an applied object not read yet has Unknown health and no status',
      { clusterName: 'member1', applied: true },
      { clusterName: 'member1', applied: true, health: 'Unknown' },
    ],
    [
      'a rolled-out Deployment reflects its counters and is Healthy',
      { clusterName: 'member2', applied: true, observed: memberDeployment('web', 2, { updated: 2, available: 2 }) },
      {
        clusterName: 'member2',
        applied: true,
        health: 'Healthy',
        status: { replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2, observedGeneration: 1, generation: 1 },
      },
    ],
    [
      'a Deployment with 0 of 2 available is Unhealthy',
      { clusterName: 'member1', applied: true, observed: memberDeployment('web', 2, { updated: 2, available: 0 }) },
      {
        clusterName: 'member1',
        applied: true,
        health: 'Unhealthy',
        status: { replicas: 2, updatedReplicas: 2, observedGeneration: 1, unavailableReplicas: 2, generation: 1 },
      },
    ],
    [
      'a Deployment whose controller has not observed the latest generation is Unhealthy',
      { clusterName: 'member1', applied: true, observed: memberDeployment('web', 2, { updated: 2, available: 2, observed: 1, generation: 2 }) },
      {
        clusterName: 'member1',
        applied: true,
        health: 'Unhealthy',
        status: { replicas: 2, updatedReplicas: 2, readyReplicas: 2, availableReplicas: 2, observedGeneration: 1, generation: 2 },
      },
    ],
    [
      'a kind without a health interpreter is Healthy',
      { clusterName: 'member1', applied: true, observed: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' } } },
      { clusterName: 'member1', applied: true, health: 'Healthy' },
    ],
  ])('%s', (_name, observation, expected) => {
    expect(memberStatusItem(observation as Parameters<typeof memberStatusItem>[0], nativeInterpreter)).toEqual(expected);
  });

  it('a health script that fails gives Unknown, as Karmada records on interpreter errors', () => {
    const ric: ResourceInterpreterCustomization = {
      apiVersion: 'config.karmada.io/v1alpha1',
      kind: 'ResourceInterpreterCustomization',
      metadata: { name: 'broken' },
      spec: {
        target: { apiVersion: 'example.com/v1', kind: 'Widget' },
        customizations: { healthInterpretation: { luaScript: 'function InterpretHealth(obj) error("boom") end' } },
      },
    };
    const interpreter = createInterpreter([ric], { bundled: [] });
    const widget: KubeObject = { apiVersion: 'example.com/v1', kind: 'Widget', metadata: { name: 'w' } };
    expect(memberStatusItem({ clusterName: 'm', applied: true, observed: widget }, interpreter).health).toBe('Unknown');
  });
});
