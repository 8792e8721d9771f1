/** The face of src/agent/: `flotilla agent`, the round and the loop a Pull member runs. */
export * from './agent-loop.ts';
export * from './agent-round.ts';
