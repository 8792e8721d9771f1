/** Pieces every view uses: links that navigate in place, health and tone badges, and data loading. */
import { html } from 'htm/preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { VNode } from 'preact';
import { fetchJson } from './fetch-json.ts';
import { navigate } from './route.ts';

/** A link that moves within the app; a modified click (new tab) is left to the browser. */
export function Link(props: { href: string; children?: unknown; label?: string; current?: boolean }): VNode {
  const click = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(props.href);
  };
  return html`<a
    href=${props.href}
    onClick=${click}
    aria-label=${props.label}
    aria-current=${props.current ? 'page' : undefined}
    >${props.children}</a
  >`;
}

const HEALTH_TONE: Record<string, string> = { Healthy: 'ok', Unhealthy: 'error', Unknown: 'warn', Pending: 'neutral' };

/** The tone class of a health word. */
export const healthTone = (health: string): string => `tone-${HEALTH_TONE[health] ?? 'neutral'}`;

/** A health word with its colour; the word says the same without the colour. */
export function Health(props: { health: string }): VNode {
  return html`<span class=${`badge ${healthTone(props.health)}`}>${props.health}</span>`;
}

export function toneClass(tone: string | undefined): string {
  return `tone-${tone ?? 'neutral'}`;
}

export type Loaded<T> = { data?: T; error?: Error };

/**
 * Fetches `path`, and again when the server announces a `version` other than the one the data
 * was read at (once per version: a view whose data carries no version is read again on each).
 */
export function useData<T extends object>(path: string, version: string): Loaded<T> {
  const [loaded, setLoaded] = useState<Loaded<T>>({});
  const [round, setRound] = useState(0);
  const asked = useRef('');
  useEffect(() => {
    const read = (loaded.data as { version?: string } | undefined)?.version;
    if (!version || !loaded.data || read === version || asked.current === version) return;
    asked.current = version;
    setRound((r) => r + 1);
  }, [version, loaded.data]);
  useEffect(() => {
    let live = true;
    fetchJson<T>(path).then(
      (data) => live && setLoaded({ data }),
      (error: Error) => live && setLoaded({ error }),
    );
    return () => {
      live = false;
    };
  }, [path, round]);
  return loaded;
}

/** What a view shows while its data loads or when it failed. */
export function pending<T>(loaded: Loaded<T>): VNode | undefined {
  if (loaded.error) return html`<p class="error" role="alert">${loaded.error.message}</p>`;
  if (!loaded.data) return html`<p class="loading" aria-busy="true">Loading…</p>`;
  return undefined;
}

export const short = (commit: string | null | undefined): string => (commit ? commit.slice(0, 12) : '—');
