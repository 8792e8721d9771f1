import { once } from 'node:events';

/** Pieces are joined up to this size per write: one write per piece would cost more than the copy. */
const BATCH_CHARS = 1 << 20;

function write(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (err) => (err ? reject(err) : resolve()));
  });
}

/**
 * Writes a large output straight to stdout and waits until it is flushed: console.log (oclif's
 * `log`) formats its argument and is several times slower on a plan of hundreds of MB, and an
 * exit before the flush would cut a piped plan short. Pieces (jsonChunks) are written as they
 * come, so the whole output is never one string; a final newline is added when missing.
 */
export async function writeStdout(text: string | Iterable<string>): Promise<void> {
  if (typeof text === 'string') return write(text.endsWith('\n') ? text : `${text}\n`);
  let batch = '';
  for (const piece of text) {
    batch += piece;
    if (batch.length < BATCH_CHARS) continue;
    // A pipe the reader drains slowly: wait for it rather than queue the rest of the plan in memory.
    if (!process.stdout.write(batch)) await once(process.stdout, 'drain');
    batch = '';
  }
  await write(batch.endsWith('\n') ? batch : `${batch}\n`);
}
