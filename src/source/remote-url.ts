import { fileURLToPath } from 'node:url';

/**
 * Whether `--repo` names a remote rather than a local folder: a URL with a scheme (`file://`
 * excepted) or scp-like `user@host:path`.
 */
export function isRemoteUrl(repo: string): boolean {
  if (/^file:\/\//i.test(repo)) return false;
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(repo) || /^[\w.-]+@[\w.-]+:/.test(repo);
}

/** A local `--repo` as a filesystem path: `file://` URLs become paths, anything else is kept. */
export function localPath(repo: string): string {
  return /^file:\/\//i.test(repo) ? fileURLToPath(repo) : repo;
}

/** `url` without `user:password@`, so credentials never reach cache paths or messages. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1');
}
