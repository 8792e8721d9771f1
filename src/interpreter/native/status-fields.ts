/**
 * The status counters of Karmada's native workload interpreters, per kind, as both of its status
 * operations read them: InterpretStatus reflects these fields of a member's copy (with its
 * observedGeneration) and AggregateStatus sums them over the members (Karmada native/reflectstatus.go,
 * native/aggregatestatus.go). One list per kind, so the two cannot drift apart.
 */
export const WORKLOAD_COUNTERS = {
  Deployment: ['replicas', 'updatedReplicas', 'readyReplicas', 'availableReplicas', 'unavailableReplicas'],
  ReplicaSet: ['replicas', 'readyReplicas', 'availableReplicas'],
  StatefulSet: ['availableReplicas', 'currentReplicas', 'readyReplicas', 'replicas', 'updatedReplicas'],
  DaemonSet: [
    'currentNumberScheduled',
    'desiredNumberScheduled',
    'numberAvailable',
    'numberMisscheduled',
    'numberReady',
    'updatedNumberScheduled',
    'numberUnavailable',
  ],
  HorizontalPodAutoscaler: ['currentReplicas', 'desiredReplicas'],
} as const satisfies Record<string, readonly string[]>;
