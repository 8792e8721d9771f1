/** The view's reads: JSON from the same origin, the session cookie sent along. */

/** Dispatched on `window` when the server wants the token (401): the app shows the token form. */
export const NEEDS_TOKEN = 'flotilla:needs-token';

export async function fetchJson<T>(path: string): Promise<T> {
  const res = await fetch(path, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (res.status === 401) dispatchEvent(new Event(NEEDS_TOKEN));
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
