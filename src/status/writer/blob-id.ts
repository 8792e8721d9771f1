import { createHash } from 'node:crypto';

/** The id git gives a blob with these bytes (`git hash-object`), computed without git. */
export function gitBlobId(content: Buffer | string): string {
  const bytes = typeof content === 'string' ? Buffer.from(content) : content;
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}
