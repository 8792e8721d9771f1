/**
 * The one adapter of the {@link KubeClient} port. @kubernetes/client-node reads the kubeconfig
 * and authenticates (certificates, tokens, exec plugins); requests go over one keep-alive agent
 * per cluster, so the SSA content type, `dryRun`, `force`, aggregated discovery and request
 * counting are all explicit here rather than spread over generated API classes.
 */
import { request as httpRequest } from 'node:http';
import type { RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { StringDecoder } from 'node:string_decoder';
import type { KubeConfig } from '@kubernetes/client-node';
import { describeRef, refOf } from '../model/index.ts';
import type { KubeObject, ObjectRef } from '../model/index.ts';
import {
  AGGREGATED_DISCOVERY_ACCEPT,
  groupVersionsOf,
  isAggregatedDiscovery,
  parseAggregatedDiscovery,
  parseResourceList,
} from './discovery.ts';
import {
  authRequestOptions,
  classify,
  RETRY_STATUSES,
  RequestSilentError,
  RetryableStatus,
  selectorParams,
  statusOf,
} from './client-node-http.ts';
import type { Response, Send } from './client-node-http.ts';
import {
  ClusterUnauthorizedError,
  ClusterUnreachableError,
  ContextNotFoundError,
  KubeApiError,
  UnknownKindError,
} from './errors/index.ts';
import type {
  ApiResource,
  ApplyRequest,
  DeleteResult,
  KubeClient,
  ListQuery,
  DeletionPropagation,
  RawResponse,
  VersionedList,
  WatchEvent,
  WatchQuery,
} from './kube-client.ts';
import { DEFAULT_KUBE_CLIENT_OPTIONS, FLOW_SCHEMA_HEADER } from './client-options.ts';
import type { KubeClientOptions } from './client-options.ts';
import { contextConfig } from './kubeconfig.ts';
import type { Kubeconfig } from './kubeconfig.ts';
import { createRateLimiter } from './rate-limiter.ts';
import { resourcePath, RestMapper } from './rest-mapper.ts';
import { withRetry } from './retry.ts';
import { lineSplitter, parseWatchLine } from './watch-events.ts';

/** What every view of one cluster's client shares: credentials, the agent, the rate limit, the kinds. */
interface Connection {
  cluster: string;
  context: string;
  server: URL;
  kc: KubeConfig;
  options: KubeClientOptions;
  acquire: () => Promise<void>;
  /** The member answered with API Priority and Fairness headers. */
  flowControlled: boolean;
  auth?: Promise<RequestOptions> | undefined;
  mapper?: Promise<RestMapper> | undefined;
}

class ClientNodeKubeClient implements KubeClient {
  readonly cluster: string;
  readonly #c: Connection;
  readonly #signal: AbortSignal | undefined;

  constructor(connection: Connection, signal?: AbortSignal) {
    this.cluster = connection.cluster;
    this.#c = connection;
    this.#signal = signal;
  }

  withSignal(signal: AbortSignal): KubeClient {
    return new ClientNodeKubeClient(this.#c, this.#signal ? AbortSignal.any([this.#signal, signal]) : signal);
  }

  async discover(): Promise<ApiResource[]> {
    const [core, groups] = await Promise.all([
      this.#send({ method: 'GET', path: '/api', accept: AGGREGATED_DISCOVERY_ACCEPT }),
      this.#send({ method: 'GET', path: '/apis', accept: AGGREGATED_DISCOVERY_ACCEPT }),
    ]);
    if (isAggregatedDiscovery(String(groups.headers['content-type'] ?? ''))) {
      return [...parseAggregatedDiscovery(JSON.parse(core.body)), ...parseAggregatedDiscovery(JSON.parse(groups.body))];
    }
    const lists = await Promise.all(
      [{ group: '', version: 'v1' }, ...groupVersionsOf(JSON.parse(groups.body))].map(async ({ group, version }) => {
        const path = group === '' ? `/api/${version}` : `/apis/${group}/${version}`;
        return parseResourceList(group, version, JSON.parse((await this.#send({ method: 'GET', path })).body));
      }),
    );
    return lists.flat();
  }

  async get(ref: ObjectRef): Promise<KubeObject | undefined> {
    const path = resourcePath(await this.#resource(ref.apiVersion, ref.kind), ref.namespace, ref.name);
    const response = await this.#send({ method: 'GET', path, ref, accept: 'application/json' }, [404]);
    return response.status === 404 ? undefined : (JSON.parse(response.body) as KubeObject);
  }

  async list(query: ListQuery): Promise<KubeObject[]> {
    return (await this.listWithVersion(query)).items;
  }

  async listWithVersion(query: ListQuery): Promise<VersionedList> {
    const resource = await this.#resource(query.apiVersion, query.kind);
    const items: KubeObject[] = [];
    let resourceVersion: string | undefined;
    let token = '';
    do {
      const params = selectorParams(query, { limit: '500' });
      if (token) params.set('continue', token);
      const page = JSON.parse(
        (await this.#send({ method: 'GET', path: `${resourcePath(resource, query.namespace)}?${params}` })).body,
      ) as {
        items?: KubeObject[];
        metadata?: { continue?: string; resourceVersion?: string };
      };
      // List items carry no apiVersion and kind; callers compare them with manifests that do, and
      // diffs print them first, as the server does for single objects.
      for (const { apiVersion: _v, kind: _k, ...item } of page.items ?? [])
        items.push({ apiVersion: query.apiVersion, kind: query.kind, ...item });
      // Every page of one list is served at the first page's resourceVersion.
      resourceVersion ??= page.metadata?.resourceVersion ?? '';
      token = page.metadata?.continue ?? '';
    } while (token);
    return { items, resourceVersion: resourceVersion ?? '' };
  }

  async watch(query: WatchQuery, onEvent: (event: WatchEvent) => void, signal?: AbortSignal): Promise<void> {
    const resource = await this.#resource(query.apiVersion, query.kind);
    const params = selectorParams(query, {
      watch: '1',
      allowWatchBookmarks: 'true',
      resourceVersion: query.resourceVersion,
      timeoutSeconds: String(query.timeoutSeconds),
    });
    const send: Send = { method: 'GET', path: `${resourcePath(resource, query.namespace)}?${params}` };
    await this.#c.acquire();
    // A line that does not parse, or a handler that throws, ends the watch with that error.
    const broken = new AbortController();
    const view = this.withSignal(
      signal ? AbortSignal.any([signal, broken.signal]) : broken.signal,
    ) as ClientNodeKubeClient;
    let failure: unknown;
    const lines = lineSplitter((line) => {
      if (failure !== undefined) return;
      try {
        const event = parseWatchLine(line);
        if (event) onEvent(event);
      } catch (error) {
        failure = error;
        broken.abort(error);
      }
    });
    // The stream is quiet between changes: its socket may stay idle until the server's own timeout.
    const stream = { idleMs: (query.timeoutSeconds + 30) * 1000, onChunk: lines.push };
    let response: Response;
    try {
      response = await view.#request(send, stream);
    } catch (error) {
      if (failure !== undefined) throw failure;
      if (signal?.aborted) return; // the caller stopped watching
      throw error;
    }
    lines.end();
    if (failure !== undefined) throw failure;
    if (response.status === 401) this.#c.auth = undefined;
    if (response.status >= 300) throw this.#failure(send, response);
  }

  async apply(object: KubeObject, request: ApplyRequest): Promise<KubeObject> {
    const ref = refOf(object);
    const params = new URLSearchParams({ fieldManager: request.fieldManager, force: String(request.force) });
    if (request.dryRun) params.set('dryRun', 'All');
    const path = `${resourcePath(await this.#resource(ref.apiVersion, ref.kind), ref.namespace, ref.name)}?${params}`;
    const response = await this.#send({
      method: 'PATCH',
      path,
      ref,
      body: JSON.stringify(object),
      contentType: 'application/apply-patch+yaml',
    });
    // A new CRD changes what the cluster serves: map kinds afresh on the next miss.
    if (!request.dryRun && object.kind === 'CustomResourceDefinition') this.#c.mapper = undefined;
    return JSON.parse(response.body) as KubeObject;
  }

  async delete(ref: ObjectRef, propagationPolicy: DeletionPropagation = 'Background'): Promise<DeleteResult> {
    const path = resourcePath(await this.#resource(ref.apiVersion, ref.kind), ref.namespace, ref.name);
    const body = JSON.stringify({ apiVersion: 'v1', kind: 'DeleteOptions', propagationPolicy });
    const response = await this.#send({ method: 'DELETE', path, ref, body, contentType: 'application/json' }, [404]);
    return response.status === 404 ? 'not-found' : 'deleted';
  }

  async raw(path: string, accept?: string): Promise<RawResponse> {
    const response = await this.#send({ method: 'GET', path, ...(accept ? { accept } : {}) }, 'any');
    return { status: response.status, body: response.body };
  }

  async #resource(apiVersion: string, kind: string): Promise<ApiResource> {
    const mapper = this.#c.mapper ?? this.#rediscover();
    const found = (await mapper).find(apiVersion, kind);
    if (found) return found;
    // Missing: a CRD may have been established since this mapping was made. One request refreshes
    // it for every concurrent caller that missed on the same mapping.
    const fresh = this.#c.mapper === mapper ? this.#rediscover() : (this.#c.mapper ?? this.#rediscover());
    const again = (await fresh).find(apiVersion, kind);
    if (!again) throw new UnknownKindError(this.cluster, apiVersion, kind);
    return again;
  }

  #rediscover(): Promise<RestMapper> {
    const mapper: Promise<RestMapper> = this.discover().then(
      (resources) => new RestMapper(resources),
      (error: unknown) => {
        if (this.#c.mapper === mapper) this.#c.mapper = undefined;
        throw error;
      },
    );
    this.#c.mapper = mapper;
    return mapper;
  }

  async #send(send: Send, accepted: readonly number[] | 'any' = []): Promise<Response> {
    const signal = this.#signal;
    return withRetry(
      async () => {
        await this.#c.acquire();
        signal?.throwIfAborted();
        let response = await this.#request(send);
        if (response.status === 401) {
          this.#c.auth = undefined; // credentials may have rotated (exec plugins, token files): read them again once
          response = await this.#request(send);
        }
        if (
          accepted === 'any' ||
          (response.status >= 200 && response.status < 300) ||
          accepted.includes(response.status)
        )
          return response;
        if (RETRY_STATUSES.has(response.status)) throw new RetryableStatus(response);
        throw this.#failure(send, response);
      },
      classify,
      { ...this.#c.options.retry, ...(signal ? { signal } : {}) },
    ).catch((error: unknown) => {
      throw error instanceof RetryableStatus ? this.#failure(send, error.response) : error;
    });
  }

  #failure(send: Send, response: Response): Error {
    const { reason, message } = statusOf(response.body);
    if (response.status === 401) return new ClusterUnauthorizedError(this.cluster, this.#c.context, message);
    return new KubeApiError(
      {
        cluster: this.cluster,
        status: response.status,
        reason,
        method: send.method,
        path: send.path.split('?')[0] ?? '',
        ...(send.ref ? { ref: send.ref } : {}),
      },
      message,
    );
  }

  /** One request; with `stream`, a successful response's body goes to `onChunk` as it arrives instead. */
  async #request(send: Send, stream?: { idleMs: number; onChunk: (chunk: string) => void }): Promise<Response> {
    this.#c.auth ??= authRequestOptions(this.#c.kc, this.#c.server, this.#c.options.maxSockets);
    const auth = await this.#c.auth;
    const { server, options } = this.#c;
    const signal = this.#signal;
    signal?.throwIfAborted();
    const https = server.protocol === 'https:';
    const base = server.pathname.replace(/\/$/, '');
    const headers: Record<string, string> = {
      ...(auth.headers as Record<string, string> | undefined),
      Accept: send.accept ?? 'application/json',
    };
    if (send.contentType) headers['Content-Type'] = send.contentType;
    // Without a length Node sends the body chunked, which the API server refuses for DELETE.
    if (send.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(send.body));
    let abort: (() => void) | undefined;
    return new Promise<Response>((resolve, reject) => {
      const req = (https ? httpsRequest : httpRequest)(
        {
          ...auth,
          headers,
          method: send.method,
          protocol: server.protocol,
          hostname: server.hostname,
          port: server.port,
          path: `${base}${send.path}`,
          timeout: stream?.idleMs ?? options.timeoutMs,
        },
        (res) => {
          const status = res.statusCode ?? 0;
          if (res.headers[FLOW_SCHEMA_HEADER] !== undefined) this.#c.flowControlled = true;
          const streamed = stream !== undefined && status < 300;
          const decoder = new StringDecoder('utf8');
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => (streamed ? stream.onChunk(decoder.write(c)) : chunks.push(c)));
          res.on('end', () =>
            resolve({
              status,
              headers: res.headers,
              body: streamed ? decoder.end() : Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      const quiet = stream ? `a watch silent for ${stream.idleMs} ms` : `no answer within ${options.timeoutMs} ms`;
      req.on('timeout', () => req.destroy(stream ? new Error(quiet) : new RequestSilentError(quiet)));
      req.on('error', (e) => reject(new ClusterUnreachableError(this.cluster, server.origin, e.message, { cause: e })));
      // The deadline's reason settles the request first; destroying the socket keeps no half-read
      // response in the keep-alive pool.
      abort = () => {
        reject(signal?.reason);
        req.destroy();
      };
      signal?.addEventListener('abort', abort, { once: true });
      req.end(send.body);
    })
      .finally(() => {
        if (abort) signal?.removeEventListener('abort', abort);
      })
      .catch((error: unknown) => {
        if (error instanceof ClusterUnreachableError && send.ref) {
          Object.defineProperty(error, 'message', { value: `${describeRef(send.ref)}: ${error.message}` });
        }
        throw error;
      });
  }
}

/**
 * A client for the member cluster `cluster` through kubeconfig context `context`. Throws
 * ContextNotFoundError when the context is missing; an unreachable cluster or bad credentials
 * surface on the first request.
 */
export async function connectKubeClient(
  cluster: string,
  context: string,
  kubeconfig: Kubeconfig,
  options: Partial<KubeClientOptions> = {},
): Promise<KubeClient> {
  const doc = contextConfig(kubeconfig, context);
  if (!doc) throw new ContextNotFoundError(cluster, context, kubeconfig.files);
  // Loaded on first use: client-node costs more start-up time than the rest of the CLI together,
  // and offline commands never need it.
  const { KubeConfig } = await import('@kubernetes/client-node');
  const kc = new KubeConfig();
  kc.loadFromString(JSON.stringify(doc));
  const merged = { ...DEFAULT_KUBE_CLIENT_OPTIONS, ...options };
  const limit = createRateLimiter(merged);
  const connection: Connection = {
    cluster,
    context,
    kc,
    server: new URL(kc.getCurrentCluster()?.server ?? ''),
    options: merged,
    acquire: () => (merged.yieldToFlowControl && connection.flowControlled ? Promise.resolve() : limit()),
    flowControlled: false,
  };
  return new ClientNodeKubeClient(connection);
}
