import { readFile } from 'node:fs/promises';

/**
 * The search cache's bearer token from a flag (or its environment variable) or a file (a mounted
 * Secret), trimmed; undefined when neither is given. An empty token is refused: every request
 * would then pass a check against "".
 */
export async function searchToken(value: string | undefined, file: string | undefined): Promise<string | undefined> {
  const token = file !== undefined ? (await readFile(file, 'utf8')).trim() : value?.trim();
  if (token === '') throw new Error(`the search token${file !== undefined ? ` in ${file}` : ''} is empty`);
  return token;
}
