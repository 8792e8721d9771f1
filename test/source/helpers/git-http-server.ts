import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A smart-http git server on loopback, serving every repository under one folder. */
export interface GitHttpServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** The Authorization header of every request, in order (`undefined` when absent). */
  authorizations: (string | undefined)[];
  close(): Promise<void>;
}

/**
 * Starts `git http-backend` behind a tiny CGI bridge. With `requireAuthorization`, a request
 * without exactly that Authorization header gets 401, as a private repository's host answers.
 */
export async function startGitHttpServer(projectRoot: string, requireAuthorization?: string): Promise<GitHttpServer> {
  const authorizations: (string | undefined)[] = [];
  const server = createServer((req, res) => {
    authorizations.push(req.headers.authorization);
    if (requireAuthorization !== undefined && req.headers.authorization !== requireAuthorization) {
      res.writeHead(401, { 'WWW-Authenticate': 'Basic realm="git"' }).end();
      return;
    }
    runBackend(projectRoot, req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    authorizations,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A client that polls keeps its connection alive; close() alone would wait for it forever.
        server.closeAllConnections();
      }),
  };
}

function runBackend(projectRoot: string, req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const child = spawn('git', ['http-backend'], {
    env: {
      PATH: process.env.PATH,
      GIT_PROJECT_ROOT: projectRoot,
      GIT_HTTP_EXPORT_ALL: '1',
      GATEWAY_INTERFACE: 'CGI/1.1',
      SERVER_PROTOCOL: 'HTTP/1.1',
      REQUEST_METHOD: req.method ?? 'GET',
      PATH_INFO: decodeURIComponent(url.pathname),
      QUERY_STRING: url.search.slice(1),
      CONTENT_TYPE: req.headers['content-type'] ?? '',
      CONTENT_LENGTH: req.headers['content-length'] ?? '',
      REMOTE_ADDR: '127.0.0.1',
    },
  });
  const out: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
  child.on('close', () => {
    const raw = Buffer.concat(out);
    const split = raw.indexOf('\r\n\r\n');
    const headerText = raw.subarray(0, split).toString('latin1');
    let status = 200;
    const headers: Record<string, string> = {};
    for (const line of headerText.split('\r\n')) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).trim();
      const value = line.slice(colon + 1).trim();
      if (name.toLowerCase() === 'status') status = Number.parseInt(value, 10);
      else if (name !== '') headers[name] = value;
    }
    res.writeHead(status, headers).end(raw.subarray(split + 4));
  });
  req.pipe(child.stdin);
}
