import { EngineError } from '../../model/index.ts';

/** Where a type was looked up: a member's discovery, or the resources a search cache holds. */
export type TypeSource = { cluster: string } | { cache: string; served: readonly string[] };

/** `flotilla get TYPE` names no type the member (or the search cache) serves, in kubectl's words for a member. */
export class UnknownTypeError extends EngineError<'UnknownType', { type: string } & TypeSource> {
  constructor(type: string, source: TypeSource) {
    super(
      'UnknownType',
      'cluster' in source
        ? `cluster ${source.cluster}: the server doesn't have a resource type "${type}"`
        : `the search cache at ${source.cache} serves no resource type "${type}" (it serves the types ResourceRegistries select: ${source.served.join(', ') || 'none'})`,
      { type, ...source },
    );
  }
}
