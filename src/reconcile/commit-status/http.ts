/** The one HTTP call both adapters make: a JSON POST, retried on 429, 5xx and network failures. */
import { CommitStatusFailedError } from '../errors/index.ts';

export interface PostOptions {
  headers: Record<string, string>;
  /** Attempts in all. @default 3 */
  attempts?: number;
  /** Before attempt n (from 2), wait n-1 times this. @default 500 */
  backoffMs?: number;
  /** Per request. @default 10000 */
  timeoutMs?: number;
  /** A refusal that still means "done" (GitLab's "already in that state"). */
  accept?: (status: number, body: string) => boolean;
}

export interface PostTarget {
  host: string;
  context: string;
}

/** A description within a host's limit, cut with an ellipsis. */
export function cutDescription(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

function retryable(status: number): boolean {
  return status === 429 || status >= 500;
}

export async function postJson(url: string, body: unknown, target: PostTarget, options: PostOptions): Promise<void> {
  const attempts = options.attempts ?? 3;
  let last = '';
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, (attempt - 1) * (options.backoffMs ?? 500)));
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'flotilla', ...options.headers },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      last = (error as Error).message;
      continue;
    }
    const text = await response.text();
    if (response.ok || options.accept?.(response.status, text)) return;
    last = `HTTP ${response.status}: ${text.slice(0, 300)}`;
    if (!retryable(response.status)) break;
  }
  throw new CommitStatusFailedError(target.host, target.context, last);
}
