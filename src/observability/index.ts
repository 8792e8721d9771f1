/** The face of src/observability/: logs, metrics and the health server the run loop and the agent share. */
export * from './health-server.ts';
export * from './logger.ts';
export * from './metrics.ts';
