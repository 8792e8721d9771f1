import type { Origin } from './diagnostic.js';
import type { KubeObject } from './kube.js';

/** An object read from the repository, with where it was written. */
export interface SourceObject<T extends KubeObject = KubeObject> {
  object: T;
  origin: Origin;
}
