/** The change view: what one source commit changes on each cluster, and how its apply went. */
import { html } from 'htm/preact';
import type { VNode } from 'preact';
import type { ChangeView } from '../change-view.ts';
import { Link, pending, short, useData } from './common.ts';

function Clusters(props: { view: ChangeView }): VNode {
  const { clusters } = props.view;
  return html`<section aria-labelledby="per-cluster-h">
    <h2 id="per-cluster-h">Per cluster</h2>
    <div class="scroll">
      <table>
        <thead>
          <tr><th scope="col">cluster</th><th scope="col">added</th><th scope="col">changed</th><th scope="col">pruned</th><th scope="col">unchanged</th></tr>
        </thead>
        <tbody>
          ${clusters.map(
            (c) => html`<tr>
              <th scope="row">${c.cluster}</th>
              <td>${c.counts.create}</td><td>${c.counts.update}</td><td>${c.counts.delete}</td><td>${c.counts.unchanged}</td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
    ${clusters.map((c) =>
      c.changes.length === 0
        ? ''
        : html`<h3>${c.cluster}</h3>
            ${c.changes.map(
              (o) => html`<details>
                <summary>${o.action} ${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}</summary>
                <pre class="diff">${o.diff}</pre>
              </details>`,
            )}`,
    )}
  </section>`;
}

export function ChangePage(props: { commit: string | undefined; base: string | undefined; version: string }): VNode {
  const query = new URLSearchParams();
  if (props.commit) query.set('commit', props.commit);
  if (props.base) query.set('base', props.base);
  const path = `/api/change?${query}`;
  const loaded = useData<ChangeView>(path, props.version);
  const wait = pending(loaded);
  if (wait || !loaded.data) return wait!;
  const view = loaded.data;
  return html`<h1>Change <code>${short(view.commit)}</code></h1>
    <p class="meta">${view.subject} · compared with ${view.base ? html`<code>${short(view.base)}</code>` : 'nothing (first commit)'}</p>
    <${Clusters} view=${view} />
    <section aria-labelledby="moves-h">
      <h2 id="moves-h">Replica moves</h2>
      ${
        view.replicaMoves.length === 0
          ? html`<p>None.</p>`
          : html`<ul>
            ${view.replicaMoves.map(
              (
                m,
              ) => html`<li>${m.resource.kind} ${m.resource.namespace ?? ''}/${m.resource.name}: ${m.replicas.before} → ${m.replicas.after}
                (${m.clusters.map((c) => `${c.name} ${c.before}→${c.after}`).join(', ')})</li>`,
            )}
          </ul>`
      }
    </section>
    <section aria-labelledby="applied-h">
      <h2 id="applied-h">How the apply went</h2>
      ${
        view.applied.length === 0
          ? html`<p>No status commit reflects this source commit yet.</p>`
          : html`<ul>${view.applied.map((a) => html`<li><time datetime=${a.at}>${a.at}</time> <code>${short(a.commit)}</code> ${a.subject}</li>`)}</ul>`
      }
    </section>
    <nav aria-labelledby="commits-h">
      <h2 id="commits-h">Source commits</h2>
      <ol class="history">
        ${view.commits.map(
          (c) =>
            html`<li><${Link} href=${`/change/${c.commit}`} current=${c.commit === view.commit}><code>${short(c.commit)}</code> ${c.subject}<//></li>`,
        )}
      </ol>
    </nav>`;
}
