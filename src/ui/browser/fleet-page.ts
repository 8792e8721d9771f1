/** The fleet view: the clusters, and the placement matrix with its filters and search (all in the URL). */
import { html } from 'htm/preact';
import type { VNode } from 'preact';
import type { ClusterCard, FleetView, MatrixRow } from '../fleet-view.ts';
import { Health, healthTone, Link, pending, short, useData } from './common.ts';
import { navigate, templatePath } from './route.ts';

const FILTERS = ['namespace', 'kind', 'health', 'cluster'] as const;

function withParam(query: URLSearchParams, name: string, value: string): string {
  const next = new URLSearchParams(query);
  if (value) next.set(name, value);
  else next.delete(name);
  if (name !== 'page') next.delete('page');
  const text = next.toString();
  return text ? `/?${text}` : '/';
}

function quantities(list: Record<string, string>): string {
  return Object.entries(list)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
}

function Clusters(props: { clusters: ClusterCard[] }): VNode {
  return html`<section aria-labelledby="clusters-h">
    <h2 id="clusters-h">Clusters</h2>
    <div class="scroll">
      <table class="clusters">
        <thead>
          <tr>
            <th scope="col">cluster</th><th scope="col">ready</th><th scope="col">sync mode</th><th scope="col">region / zones</th>
            <th scope="col">taints</th><th scope="col">allocatable</th><th scope="col">used</th><th scope="col">last seen</th>
          </tr>
        </thead>
        <tbody>
          ${props.clusters.map(
            (c) => html`<tr>
              <th scope="row">${c.name}</th>
              <td><span class=${`badge tone-${c.ready ? 'ok' : 'error'}`}>${c.ready ? 'Ready' : 'NotReady'}</span></td>
              <td>${c.syncMode}</td>
              <td>${[c.region, c.zones.join(' ')].filter(Boolean).join(' / ')}</td>
              <td>${c.taints.join(', ')}</td>
              <td>${quantities(c.allocatable)}</td>
              <td>${quantities(c.allocated)}</td>
              <td>${c.lastSeen}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
  </section>`;
}

function Filters(props: { view: FleetView; query: URLSearchParams }): VNode {
  const { facets, clusters } = props.view;
  const options: Record<(typeof FILTERS)[number], string[]> = {
    namespace: facets.namespaces,
    kind: facets.kinds,
    health: facets.healths,
    cluster: clusters.map((c) => c.name),
  };
  const onSearch = (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const next = new URLSearchParams(props.query);
    for (const name of ['q', 'label']) {
      const value = (form.elements.namedItem(name) as HTMLInputElement).value.trim();
      if (value) next.set(name, value);
      else next.delete(name);
    }
    next.delete('page');
    navigate(next.toString() ? `/?${next}` : '/');
  };
  return html`<form class="filters" role="search" onSubmit=${onSearch}>
    ${FILTERS.map(
      (name) => html`<label>
        ${name}
        <select
          name=${name}
          value=${props.query.get(name) ?? ''}
          onChange=${(e: Event) => navigate(withParam(props.query, name, (e.currentTarget as HTMLSelectElement).value))}
        >
          <option value="">all</option>
          ${options[name].map((o) => html`<option value=${o}>${o || '(cluster-scoped)'}</option>`)}
        </select>
      </label>`,
    )}
    <label>label <input name="label" placeholder="key=value" value=${props.query.get('label') ?? ''} /></label>
    <label>search <input name="q" type="search" placeholder="kind, namespace or name" value=${props.query.get('q') ?? ''} /></label>
    <button type="submit">Apply</button>
  </form>`;
}

function Row(props: { row: MatrixRow }): VNode {
  const r = props.row;
  return html`<tr>
    <th scope="row" class="template">
      <${Link} href=${templatePath(r.id)}>${r.kind}/${r.namespace ? `${r.namespace}/` : ''}${r.name}<//>
    </th>
    <td><${Health} health=${r.health} /></td>
    ${r.cells.map((c) =>
      c === null
        ? html`<td class="empty"><span class="sr-only">not placed</span></td>`
        : html`<td class=${`cell ${healthTone(c.health)}`}>
            ${c.text} <span class="cell-health">${c.health}</span>
          </td>`,
    )}
  </tr>`;
}

function Matrix(props: { view: FleetView; query: URLSearchParams }): VNode {
  const { matrix, clusters } = props.view;
  return html`<section aria-labelledby="matrix-h">
    <h2 id="matrix-h">Placement: ${matrix.total} templates</h2>
    <${Filters} view=${props.view} query=${props.query} />
    <div class="scroll matrix-scroll">
      <table class="matrix">
        <caption class="sr-only">Replicas (ready/desired) and health of each template in each cluster</caption>
        <thead>
          <tr>
            <th scope="col">template</th><th scope="col">health</th>
            ${clusters.map((c) => html`<th scope="col">${c.name}</th>`)}
          </tr>
        </thead>
        <tbody>${matrix.rows.map((row) => html`<${Row} key=${row.id} row=${row} />`)}</tbody>
      </table>
    </div>
    <nav class="pager" aria-label="pages">
      ${matrix.page > 1 ? html`<${Link} href=${withParam(props.query, 'page', String(matrix.page - 1))}>Previous<//>` : ''}
      <span>page ${matrix.page} of ${matrix.pages}</span>
      ${matrix.page < matrix.pages ? html`<${Link} href=${withParam(props.query, 'page', String(matrix.page + 1))}>Next<//>` : ''}
    </nav>
  </section>`;
}

export function FleetPage(props: { query: URLSearchParams; version: string }): VNode {
  const loaded = useData<FleetView>(`/api/fleet?${props.query}`, props.version);
  const wait = pending(loaded);
  if (wait || !loaded.data) return wait!;
  const view = loaded.data;
  return html`<h1>Fleet</h1>
    <p class="meta">
      source ${view.source.ref} at <code>${short(view.source.commit)}</code>, status <code>${short(view.statusCommit)}</code>
      ${view.reconciledAt ? ` reconciled ${view.reconciledAt}` : ' (no status branch yet)'}
    </p>
    <${Clusters} clusters=${view.clusters} />
    <${Matrix} view=${view} query=${props.query} />`;
}
