import { once } from 'node:events';

/** Pieces are gathered up to this many bytes per write: one write per piece would cost more than the copy. */
const BATCH_BYTES = 1 << 20;

function write(data: string | Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(data, (err) => (err ? reject(err) : resolve()));
  });
}

/**
 * Writes a large output straight to stdout and waits until it is flushed: console.log (oclif's
 * `log`) formats its argument and is several times slower on a plan of hundreds of MB, and an
 * exit before the flush would cut a piped plan short. Pieces (jsonChunks) are written as they
 * come, so the whole output is never one string; a final newline is added when missing.
 */
export async function writeStdout(text: string | Iterable<string | Buffer>): Promise<void> {
  if (typeof text === 'string') return write(text.endsWith('\n') ? text : `${text}\n`);
  let batch: Buffer[] = [];
  let bytes = 0;
  // Strings in a row (the structure between serialised values) are encoded together.
  let pending = '';
  const add = (buffer: Buffer) => {
    batch.push(buffer);
    bytes += buffer.length;
  };
  let newline = false;
  for (const piece of text) {
    if (piece.length === 0) continue;
    if (typeof piece === 'string') {
      pending += piece;
      newline = piece.endsWith('\n');
      continue;
    }
    if (pending !== '') add(Buffer.from(pending));
    pending = '';
    add(piece);
    newline = piece[piece.length - 1] === 0x0a;
    if (bytes < BATCH_BYTES) continue;
    // A pipe the reader drains slowly: wait for it rather than queue the rest of the plan in memory.
    if (!process.stdout.write(Buffer.concat(batch, bytes))) await once(process.stdout, 'drain');
    batch = [];
    bytes = 0;
  }
  add(Buffer.from(newline ? pending : `${pending}\n`));
  await write(Buffer.concat(batch, bytes));
}
