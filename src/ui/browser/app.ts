/**
 * The browser side of `flotilla ui`: routes the permalink to its view, listens to the server's
 * event stream and re-reads the open view when the fleet changes (no reload), and asks for the
 * token when the server wants one. Everything from the repository is rendered as text by
 * Preact; nothing here sets HTML from a string.
 */
import { html, render } from 'htm/preact';
import { useEffect, useState } from 'preact/hooks';
import type { VNode } from 'preact';
import type { ViewSection } from '../../model/index.ts';
import { ChangePage } from './change-page.ts';
import { Link, pending, useData } from './common.ts';
import { FleetPage } from './fleet-page.ts';
import { NEEDS_TOKEN, signIn } from './fetch-json.ts';
import { parseRoute, type Route } from './route.ts';
import { Sections } from './sections.ts';
import { TemplatePage } from './template-page.ts';

function ControllersPage(props: { version: string }): VNode {
  const loaded = useData<{ sections: ViewSection[] }>('/api/controllers', props.version);
  const wait = pending(loaded);
  if (wait || !loaded.data) return wait!;
  return html`<h1>Controllers</h1><${Sections} sections=${loaded.data.sections} />`;
}

function TokenForm(props: { done: () => void }): VNode {
  const [wrong, setWrong] = useState(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const input = (event.currentTarget as HTMLFormElement).elements.namedItem('token') as HTMLInputElement;
    if (await signIn(input.value.trim())) props.done();
    else setWrong(true);
  };
  return html`<form class="token" onSubmit=${submit}>
    <h1>Flotilla</h1>
    <label>Token <input name="token" type="password" autocomplete="current-password" required autofocus /></label>
    <button type="submit">Open the view</button>
    ${wrong ? html`<p class="error" role="alert">That token is not the server's.</p>` : ''}
  </form>`;
}

function Page(props: { route: Route; version: string }): VNode {
  const r = props.route;
  switch (r.view) {
    case 'fleet':
      return html`<${FleetPage} query=${r.query} version=${props.version} />`;
    case 'template':
      return html`<${TemplatePage} id=${r.id} version=${props.version} />`;
    case 'change':
      return html`<${ChangePage} commit=${r.commit} base=${r.base} version=${props.version} />`;
    case 'controllers':
      return html`<${ControllersPage} version=${props.version} />`;
  }
}

function App(): VNode {
  const [route, setRoute] = useState(() => parseRoute(location));
  const [version, setVersion] = useState('');
  // Each sign-in starts a new session: the views read again and the event stream reconnects.
  const [session, setSession] = useState(0);
  const [auth, setAuth] = useState<'needed' | 'ok'>('ok');
  useEffect(() => {
    const onPop = () => setRoute(parseRoute(location));
    const onToken = () => setAuth('needed');
    addEventListener('popstate', onPop);
    addEventListener(NEEDS_TOKEN, onToken);
    return () => {
      removeEventListener('popstate', onPop);
      removeEventListener(NEEDS_TOKEN, onToken);
    };
  }, []);
  useEffect(() => {
    if (auth !== 'ok') return;
    const stream = new EventSource('/api/events');
    stream.addEventListener('version', (event) =>
      setVersion(JSON.parse((event as MessageEvent<string>).data) as string),
    );
    return () => stream.close();
  }, [auth, session]);
  if (auth === 'needed')
    return html`<${TokenForm}
      done=${() => {
        setAuth('ok');
        setSession((n) => n + 1);
      }}
    />`;
  const nav = (href: string, label: string, current: boolean) =>
    html`<li><${Link} href=${href} current=${current}>${label}<//></li>`;
  return html`<header>
      <nav aria-label="views">
        <ul>
          <li class="brand">Flotilla</li>
          ${nav('/', 'Fleet', route.view === 'fleet' || route.view === 'template')}
          ${nav('/change', 'Change', route.view === 'change')}
          ${nav('/controllers', 'Controllers', route.view === 'controllers')}
        </ul>
      </nav>
      <p class="live" aria-live="polite">${version ? 'live' : 'connecting'}</p>
    </header>
    <main id="main" tabindex="-1"><${Page} key=${session} route=${route} version=${version} /></main>`;
}

const root = document.getElementById('app')!;
// The page's static "Loading" line is not Preact's to diff: clear it, then render.
root.textContent = '';
render(html`<${App} />`, root);
