/** The template view: explain, each cluster's manifest and status, dependencies, history. */
import { html } from 'htm/preact';
import type { VNode } from 'preact';
import type { TemplateView } from '../template-view.ts';
import { Health, Link, pending, short, useData } from './common.ts';
import { templatePath } from './route.ts';

/** Any value, as indented text: the explanation's shape is `explain -o yaml`'s. */
const text = (value: unknown): string => JSON.stringify(value, null, 2);

function Explain(props: { view: TemplateView }): VNode {
  const e = props.view.explanation;
  if (!e) return html`<p>No explanation: the template is not rendered at this commit.</p>`;
  const attempts = e.scheduling?.trace.attempts ?? [];
  return html`<section aria-labelledby="explain-h">
    <h2 id="explain-h">Placement (explain)</h2>
    <p>${e.file}:${e.line}</p>
    <h3>Policy</h3>
    <pre>${text(e.claim)}</pre>
    ${e.scheduling ? html`<p>Strategy ${e.scheduling.trace.strategy ?? ''}, replicas ${e.scheduling.replicas ?? 'n/a'}; division: ${e.scheduling.clusters.map((c) => `${c.name}=${c.replicas ?? 0}`).join(', ') || 'none'}${e.scheduling.error ? ` (${e.scheduling.error})` : ''}</p>` : ''}
    ${attempts.map(
      (
        a,
        i,
      ) => html`<h3>Scheduling attempt ${i + 1}${a.affinityName ? ` (${a.affinityName})` : ''}${a.error ? `: ${a.error}` : ''}</h3>
        <div class="scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">cluster</th><th scope="col">verdict</th><th scope="col">score</th>
                <th scope="col">available replicas</th><th scope="col">replicas assigned</th>
              </tr>
            </thead>
            <tbody>
              ${a.clusters.map(
                (c) => html`<tr>
                  <th scope="row">${c.name}</th>
                  <td>${c.rejectedBy ? `rejected by ${c.rejectedBy.plugin}: ${c.rejectedBy.reason}` : c.deleting ? 'being deleted' : c.selected === false ? 'not selected' : 'feasible'}</td>
                  <td>${c.score ?? ''}</td>
                  <td>${c.available ?? c.allocatable ?? ''}</td>
                  <td>${c.replicas ?? ''}</td>
                </tr>`,
              )}
            </tbody>
          </table>
        </div>`,
    )}
    ${e.scheduling ? html`<details><summary>Scheduling, in full</summary><pre>${text(e.scheduling)}</pre></details>` : ''}
    <h3>Overrides</h3>
    ${e.overrides.length === 0 ? html`<p>None.</p>` : html`<pre>${text(e.overrides)}</pre>`}
  </section>`;
}

function Status(props: { view: TemplateView }): VNode {
  const s = props.view.status;
  if (!s)
    return html`<section><h2>Status</h2><p>No status yet: the status branch has none for this template.</p></section>`;
  return html`<section aria-labelledby="status-h">
    <h2 id="status-h">Status</h2>
    ${s.problems.length > 0 ? html`<ul class="problems">${s.problems.map((p) => html`<li>${p}</li>`)}</ul>` : ''}
    <div class="scroll">
      <table>
        <thead><tr><th scope="col">cluster</th><th scope="col">applied</th><th scope="col">health</th><th scope="col">status</th></tr></thead>
        <tbody>
          ${s.members.map(
            (m) => html`<tr>
              <th scope="row">${m.clusterName}</th>
              <td>${m.applied === undefined ? '' : m.applied ? 'yes' : `no: ${m.appliedMessage ?? ''}`}</td>
              <td><${Health} health=${m.health ?? 'Unknown'} /></td>
              <td><code>${m.status ? text(m.status) : ''}</code></td>
            </tr>`,
          )}
        </tbody>
      </table>
    </div>
    <h3>Conditions</h3>
    <ul>${s.conditions.map((c) => html`<li>${c.type}=${c.status} ${c.reason ?? ''}: ${c.message ?? ''}</li>`)}</ul>
    ${s.aggregated ? html`<h3>AggregateStatus</h3><pre>${text(s.aggregated)}</pre>` : ''}
  </section>`;
}

export function TemplatePage(props: { id: string; version: string }): VNode {
  const loaded = useData<TemplateView>(`/api/template?id=${encodeURIComponent(props.id)}`, props.version);
  const wait = pending(loaded);
  if (wait || !loaded.data) return wait!;
  const view = loaded.data;
  const r = view.resource;
  return html`<h1>${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name} <${Health} health=${view.health} /></h1>
    <p class="meta">${r.apiVersion} · <${Link} href=${templatePath(view.id)}>permalink<//></p>
    <${Explain} view=${view} />
    <${Status} view=${view} />
    <section aria-labelledby="deps-h">
      <h2 id="deps-h">Dependencies</h2>
      ${
        view.dependencies.requiredBy.length === 0
          ? html`<p>Not a dependency of another template.</p>`
          : html`<p>Required by ${view.dependencies.requiredBy.join(', ')} in ${view.dependencies.clusters.join(', ')}</p>`
      }
    </section>
    <section aria-labelledby="manifests-h">
      <h2 id="manifests-h">Manifests after overrides</h2>
      ${view.manifests.map((m) => html`<details><summary>${m.cluster}</summary><pre>${m.yaml}</pre></details>`)}
    </section>
    <section aria-labelledby="history-h">
      <h2 id="history-h">History on the status branch</h2>
      <ol class="history">
        ${view.history.map(
          (h) => html`<li><time datetime=${h.at}>${h.at}</time> <code>${short(h.commit)}</code> ${h.subject}
            ${h.sourceCommit ? html` · <${Link} href=${`/change/${h.sourceCommit}`}>change ${short(h.sourceCommit)}<//>` : ''}</li>`,
        )}
      </ol>
    </section>`;
}
