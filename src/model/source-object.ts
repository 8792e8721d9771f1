import type { Origin } from './diagnostic.ts';
import type { KubeObject } from './kube.ts';

/** An object read from the repository, with where it was written. */
export interface SourceObject<T extends KubeObject = KubeObject> {
  object: T;
  origin: Origin;
}
