/**
 * A controller's ViewSections, rendered without knowing the controller: tables, facts, a line
 * chart for `series` (with its numbers in a table for screen readers), text.
 */
import { html } from 'htm/preact';
import type { VNode } from 'preact';
import type { ViewBlock, ViewCell, ViewSection } from '../../model/index.ts';
import { toneClass } from './common.ts';

const Cell = (props: { cell: ViewCell }): VNode =>
  html`<span class=${toneClass(props.cell.tone)}>${props.cell.text}</span>`;

function Table(props: { block: Extract<ViewBlock, { kind: 'table' }> }): VNode {
  const b = props.block;
  return html`<div class="scroll">
    <table>
      ${b.title ? html`<caption>${b.title}</caption>` : ''}
      <thead><tr>${b.columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
      <tbody>
        ${
          b.rows.length === 0
            ? html`<tr><td colspan=${b.columns.length} class="none">none</td></tr>`
            : b.rows.map((row) => html`<tr>${row.map((cell) => html`<td><${Cell} cell=${cell} /></td>`)}</tr>`)
        }
      </tbody>
    </table>
  </div>`;
}

const WIDTH = 640;
const HEIGHT = 200;
const PAD = 32;

/** One polyline per series over time; the y axis from 0 to the largest value. */
function Chart(props: { block: Extract<ViewBlock, { kind: 'series' }> }): VNode {
  const { points, title, unit } = props.block;
  if (points.length === 0)
    return html`<figure><figcaption>${title}</figcaption><p class="none">No decisions recorded yet.</p></figure>`;
  const times = points.map((p) => Date.parse(p.at));
  const [t0, t1] = [Math.min(...times), Math.max(...times)];
  const top = Math.max(1, ...points.map((p) => p.value));
  const x = (t: number) => PAD + ((t - t0) / Math.max(1, t1 - t0)) * (WIDTH - 2 * PAD);
  const y = (v: number) => HEIGHT - PAD - (v / top) * (HEIGHT - 2 * PAD);
  const names = [...new Set(points.map((p) => p.series))];
  return html`<figure>
    <figcaption>${title}${unit ? ` (${unit})` : ''}</figcaption>
    <svg viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label=${`${title}: ${names.join(', ')}`} class="chart">
      <line x1=${PAD} y1=${HEIGHT - PAD} x2=${WIDTH - PAD} y2=${HEIGHT - PAD} class="axis" />
      <line x1=${PAD} y1=${PAD} x2=${PAD} y2=${HEIGHT - PAD} class="axis" />
      <text x="4" y=${PAD} class="label">${top}</text>
      <text x="4" y=${HEIGHT - PAD} class="label">0</text>
      ${names.map((name, i) => {
        const line = points.filter((p) => p.series === name);
        const coords = line.map((p) => `${x(Date.parse(p.at)).toFixed(1)},${y(p.value).toFixed(1)}`).join(' ');
        return html`<polyline points=${coords} class=${`series series-${i % 6}`} />`;
      })}
    </svg>
    <ul class="legend">${names.map((n, i) => html`<li class=${`series-${i % 6}`}>${n}</li>`)}</ul>
    <details>
      <summary>Values</summary>
      <table>
        <thead><tr><th scope="col">time</th><th scope="col">series</th><th scope="col">value</th></tr></thead>
        <tbody>${points.map((p) => html`<tr><td>${p.at}</td><td>${p.series}</td><td>${p.value}</td></tr>`)}</tbody>
      </table>
    </details>
  </figure>`;
}

function Block(props: { block: ViewBlock }): VNode {
  const b = props.block;
  switch (b.kind) {
    case 'table':
      return html`<${Table} block=${b} />`;
    case 'series':
      return html`<${Chart} block=${b} />`;
    case 'facts':
      return html`<dl>
        ${b.title ? html`<dt class="facts-title">${b.title}</dt>` : ''}
        ${b.items.map((item) => html`<dt>${item.label}</dt><dd><${Cell} cell=${item.value} /></dd>`)}
      </dl>`;
    case 'text':
      return html`<p>${b.text}</p>`;
  }
}

export function Sections(props: { sections: ViewSection[] }): VNode {
  return html`${props.sections.map(
    (s) => html`<section aria-labelledby=${`c-${s.controller}`}>
      <h2 id=${`c-${s.controller}`}>${s.title}</h2>
      ${s.blocks.map((b) => html`<${Block} block=${b} />`)}
    </section>`,
  )}`;
}
