// A namespace per test, created in every member before the test and deleted
// after it, so tests never see each other's objects.
import { randomBytes } from 'node:crypto';
import { CoreV1Api } from '@kubernetes/client-node';
import { afterEach, beforeEach } from 'vitest';
import { apiFor, isNotFound, memberNames } from './fleet.ts';

/** Registers the hooks in the calling describe block; call the result inside a test for the namespace name. */
export function fleetNamespace(prefix = 'e2e'): () => string {
  let current: string | undefined;
  beforeEach(async () => {
    const name = `${prefix}-${randomBytes(4).toString('hex')}`;
    current = name;
    await Promise.all(
      memberNames.map((member) =>
        apiFor(member, CoreV1Api).createNamespace({
          body: { metadata: { name, labels: { 'flotilla.dev/e2e': 'true' } } },
        }),
      ),
    );
  });
  afterEach(async () => {
    const name = current;
    current = undefined;
    if (!name) return;
    // Namespace deletion finishes in the background; names are unique, so no test waits for it.
    await Promise.all(
      memberNames.map((member) =>
        apiFor(member, CoreV1Api)
          .deleteNamespace({ name })
          .catch((error: unknown) => {
            if (!isNotFound(error)) throw error;
          }),
      ),
    );
  });
  return () => {
    if (!current) throw new Error('fleetNamespace(): the namespace exists only while a test runs');
    return current;
  };
}
