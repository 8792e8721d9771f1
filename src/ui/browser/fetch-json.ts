/** The view's reads: JSON from the same origin, the session cookie sent along. */

/** The server wants the token (401): the page shows the token form. */
export class NeedsToken extends Error {}

export async function fetchJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (res.status === 401) throw new NeedsToken('a token is needed');
  const body = (await res.json()) as T & { error?: string };
  if (!res.ok) throw new Error(body.error ?? `${path}: HTTP ${res.status}`);
  return body;
}

/** Sends the token once; the server answers with an HttpOnly session cookie. */
export async function signIn(token: string): Promise<boolean> {
  const res = await fetch('/api/session', {
    credentials: 'same-origin',
    headers: { authorization: `Bearer ${token}` },
  });
  return res.ok;
}
