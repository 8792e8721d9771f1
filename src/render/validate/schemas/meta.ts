/** metav1.ObjectMeta, as far as a manifest in git may carry it. */
import { annotations, labels } from '../labels.ts';
import { any, arr, int, obj, str, strings, type ObjectSchema } from '../schema.ts';

/** metav1.ObjectMeta; name and namespace rules depend on the kind (object-meta.ts). */
export const objectMeta: ObjectSchema = obj({
  name: str(),
  generateName: str(),
  namespace: str(),
  selfLink: str(),
  uid: str(),
  resourceVersion: str(),
  generation: int(),
  creationTimestamp: str(),
  deletionTimestamp: str(),
  deletionGracePeriodSeconds: int(),
  labels,
  annotations,
  ownerReferences: arr(any),
  finalizers: strings,
  managedFields: arr(any),
});
