// A local emulator of the parts of GitHub's REST API the action uses, for integration tests with a
// real HTTP client (octokit) and no module mocks.
//
//   const gh = await startEmulator();
//   gh.state.addRepo({ owner: 'acme', name: 'llm' });
//   gh.state.addActionsToken('ghs_x');
//   const octokit = new Octokit({ auth: 'ghs_x', baseUrl: gh.url });
//   ...
//   expect(gh.state.violations).toEqual([]);
//   await gh.close();
//
// Every request is matched to an operation of GitHub's OpenAPI description and its path params,
// query and JSON body are validated against it: a request the description does not allow is
// recorded in `state.violations` and answered 404 (unknown operation) or 422 (invalid request), as
// GitHub would. `validateResponses: true` also checks the emulator's own answers against the
// documented response schemas (violations of kind 'response').

import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultQueue, type Fault } from './faults';
import { errorBody, handlers, HttpError, type HandlerContext, type Reply } from './handlers';
import { openApiSpec, type Route, type RouteMatch } from './openapi';
import { EmulatorState, type ArtifactRecord, type StateOptions, type Violation } from './state';

export { FaultQueue, appliedThenBadGateway, primaryRateLimit, secondaryRateLimit, serverError } from './faults';
export type { Fault, FaultSpec } from './faults';
export { EmulatorState } from './state';
export type { Violation } from './state';

export interface EmulatorOptions extends StateOptions {
  /** Check every response the emulator sends against the OpenAPI response schema. */
  validateResponses?: boolean;
  /**
   * How long an artifact download URL stays valid (GitHub: about a minute). The URL points at a
   * second listener (another origin, like GitHub's storage account): fetch drops Authorization on
   * the cross-origin redirect, and the store refuses a request that still carries one.
   */
  blobUrlTtlMs?: number;
  /** Largest request body accepted (bytes). */
  maxBodyBytes?: number;
}

export interface RecordedRequest {
  method: string;
  /** Decoded path, without the query. */
  path: string;
  /** Raw path as sent (percent-encoded). */
  rawPath: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** Parsed JSON body, the raw text if it was not JSON, or undefined. */
  body: unknown;
  status: number;
  operationId?: string;
  /** The OpenAPI path template matched. */
  template?: string;
  /** Login the token mapped to. */
  login?: string;
  /** A fault answered this request. */
  fault?: boolean;
}

export interface Emulator {
  url: string;
  state: EmulatorState;
  requests: RecordedRequest[];
  faults: FaultQueue;
  /** Requests of one operation, e.g. calls('issues/create-comment'). */
  calls(operationId: string): RecordedRequest[];
  close(): Promise<void>;
}

const BLOB_PREFIX = '/_emulator/blobs/artifacts/';
const JSON_TYPE = 'application/json; charset=utf-8';

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) over = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(over ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function parseAuth(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const m = /^(?:token|bearer)\s+(\S+)\s*$/i.exec(header);
  return m ? m[1] : '';
}

function docUrlOf(route: Route | undefined): string {
  const docs = route?.operation.externalDocs as { url?: string } | undefined;
  return docs?.url ?? 'https://docs.github.com/rest';
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  const spec = openApiSpec();
  const state = new EmulatorState(options);
  const faults = new FaultQueue();
  const requests: RecordedRequest[] = [];
  const secret = randomBytes(16);
  const ttl = options.blobUrlTtlMs ?? 60_000;
  const maxBody = options.maxBodyBytes ?? 50 * 1024 * 1024;
  const used = new Map<string, number>();
  const recordOf = new WeakMap<IncomingMessage, RecordedRequest>();
  let url = '';
  let blobOrigin = '';
  let requestCounter = 0;

  const sign = (id: number, expires: number) => createHmac('sha256', secret).update(`${id}:${expires}`).digest('hex');
  const blobUrl = (a: ArtifactRecord) => {
    const expires = Date.now() + ttl;
    return `${blobOrigin}${BLOB_PREFIX}${a.id}?se=${expires}&sig=${sign(a.id, expires)}`;
  };

  function violation(v: Violation): void {
    state.violations.push(v);
  }

  function send(
    res: ServerResponse,
    record: RecordedRequest,
    reply: Reply,
    extraHeaders: Record<string, string>,
  ): void {
    record.status = reply.status;
    const headers: Record<string, string> = { ...extraHeaders, ...(reply.headers ?? {}) };
    if (reply.raw) {
      headers['content-type'] = reply.raw.contentType;
      headers['content-length'] = String(reply.raw.data.length);
      res.writeHead(reply.status, headers);
      res.end(Buffer.from(reply.raw.data.buffer, reply.raw.data.byteOffset, reply.raw.data.length));
      return;
    }
    if (reply.body === undefined) {
      res.writeHead(reply.status, headers);
      res.end();
      return;
    }
    const text = JSON.stringify(reply.body);
    headers['content-type'] = JSON_TYPE;
    headers['content-length'] = String(Buffer.byteLength(text));
    res.writeHead(reply.status, headers);
    res.end(text);
  }

  function storageError(status: number, code: string, message: string): Reply {
    const xml = `<?xml version="1.0" encoding="utf-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
    return { status, raw: { contentType: 'application/xml', data: Buffer.from(xml) } };
  }

  function serveBlob(path: string, query: URLSearchParams): Reply {
    const id = Number(path.slice(BLOB_PREFIX.length));
    const expires = Number(query.get('se'));
    const sig = query.get('sig') ?? '';
    const artifact = state.artifacts.get(id);
    if (!artifact || sig !== sign(id, expires))
      return storageError(403, 'AuthenticationFailed', 'Signature did not match.');
    if (Date.now() > expires) return storageError(403, 'AuthenticationFailed', 'Signed expiry time has passed.');
    return { status: 200, raw: { contentType: 'application/zip', data: artifact.zip } };
  }

  function faultReply(fault: Fault, docUrl: string): Reply {
    return {
      status: fault.status,
      headers: fault.headers,
      body:
        fault.body !== undefined
          ? fault.body
          : errorBody(fault.status, fault.status >= 500 ? 'Server Error' : 'Injected fault', docUrl),
    };
  }

  function newRecord(req: IncomingMessage): { record: RecordedRequest; query: URLSearchParams } {
    const method = (req.method ?? 'GET').toUpperCase();
    const parsed = new URL(req.url ?? '/', 'http://emulator.invalid');
    let path = parsed.pathname;
    try {
      path = decodeURIComponent(parsed.pathname);
    } catch {
      /* keep raw */
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers))
      if (v !== undefined) headers[k] = Array.isArray(v) ? v.join(', ') : v;
    const record: RecordedRequest = {
      method,
      path,
      rawPath: parsed.pathname,
      query: Object.fromEntries(parsed.searchParams),
      headers,
      body: undefined,
      status: 0,
    };
    requests.push(record);
    recordOf.set(req, record);
    return { record, query: parsed.searchParams };
  }

  /** The blob store (a separate origin, like GitHub's storage account): signed URL, no token. */
  async function handleBlob(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { record, query } = newRecord(req);
    record.operationId = 'blob-storage';
    await readBody(req, maxBody);
    const fault = faults.take(record.method, record.path, undefined);
    if (fault) {
      record.fault = true;
      if (fault.delayMs) await sleep(fault.delayMs);
      return send(res, record, faultReply(fault, 'https://docs.github.com/rest'), {});
    }
    if (record.method !== 'GET' || !record.path.startsWith(BLOB_PREFIX)) {
      return send(res, record, storageError(404, 'ResourceNotFound', 'The specified resource does not exist.'), {});
    }
    if (record.headers.authorization !== undefined) {
      // Signed storage URLs carry their own credentials; a second mechanism is refused.
      return send(
        res,
        record,
        storageError(
          400,
          'InvalidAuthenticationInfo',
          'Authentication information is not given in the correct format.',
        ),
        {},
      );
    }
    return send(res, record, serveBlob(record.path, query), {});
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const { record, query } = newRecord(req);
    const { method, path, rawPath, headers } = record;
    const requestId = `EMU0:${(++requestCounter).toString(16).toUpperCase()}`;
    const baseHeaders: Record<string, string> = {
      'x-github-request-id': requestId,
      'x-github-api-version-selected': '2022-11-28',
      'x-github-media-type': 'github.v3; format=json',
    };

    const bodyBuf = await readBody(req, maxBody);

    if (bodyBuf === 'too-large')
      return send(
        res,
        record,
        { status: 413, body: errorBody(413, 'Request body too large', 'https://docs.github.com/rest') },
        baseHeaders,
      );

    const match: RouteMatch | undefined = spec.match(method, rawPath);
    if (!match) {
      const why = spec.hasPath(rawPath) ? 'the path exists, but not for this method' : 'no such path';
      violation({
        kind: 'unknown-route',
        method,
        path,
        messages: [`${method} ${path} is not an operation of GitHub's OpenAPI description (${why})`],
      });
      return send(
        res,
        record,
        { status: 404, body: errorBody(404, 'Not Found', 'https://docs.github.com/rest') },
        baseHeaders,
      );
    }
    const { route } = match;
    record.operationId = route.operationId;
    record.template = route.template;
    const docUrl = docUrlOf(route);

    // JSON body
    let body: unknown = undefined;
    const hasBody = bodyBuf.length > 0;
    if (hasBody) {
      const text = bodyBuf.toString('utf8');
      try {
        body = JSON.parse(text);
        record.body = body;
      } catch {
        record.body = text;
        violation({
          kind: 'json',
          method,
          path,
          operationId: route.operationId,
          messages: ['request body is not valid JSON'],
        });
        return send(res, record, { status: 400, body: errorBody(400, 'Problems parsing JSON', docUrl) }, baseHeaders);
      }
    }

    // OpenAPI request validation
    const problems = spec.validateRequest(match, query, { present: hasBody, value: body });
    if (problems.length) {
      for (const where of ['path', 'query', 'body'] as const) {
        const messages = problems.filter((p) => p.where === where).map((p) => p.message);
        if (messages.length) violation({ kind: where, method, path, operationId: route.operationId, messages });
      }
      return send(
        res,
        record,
        {
          status: 422,
          body: errorBody(422, `Invalid request.\n\n${problems.map((p) => p.message).join('\n')}`, docUrl),
        },
        baseHeaders,
      );
    }

    const fault = faults.take(method, path, route.template);
    if (fault && !fault.afterApply) {
      record.fault = true;
      if (fault.delayMs) await sleep(fault.delayMs);
      return send(res, record, faultReply(fault, docUrl), baseHeaders);
    }

    // Authentication
    const tokenValue = parseAuth(headers.authorization);
    const token = tokenValue ? state.tokens.get(tokenValue) : undefined;
    if (!token) {
      const message = tokenValue === undefined ? 'Requires authentication' : 'Bad credentials';
      return send(
        res,
        record,
        { status: 401, body: errorBody(401, message, 'https://docs.github.com/rest') },
        baseHeaders,
      );
    }
    const user = state.user(token.login)!;
    record.login = user.login;
    const count = (used.get(token.token) ?? 0) + 1;
    used.set(token.token, count);
    const rateHeaders = {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': String(Math.max(0, 5000 - count)),
      'x-ratelimit-reset': String(Math.floor(Date.now() / 1000) + 3600),
      'x-ratelimit-used': String(count),
      'x-ratelimit-resource': 'core',
    };

    const handler = handlers[route.operationId];
    if (!handler) {
      violation({
        kind: 'not-emulated',
        method,
        path,
        operationId: route.operationId,
        messages: [`${route.operationId} is valid but not emulated`],
      });
      return send(
        res,
        record,
        { status: 501, body: errorBody(501, `${route.operationId} is not emulated`, docUrl) },
        { ...baseHeaders, ...rateHeaders },
      );
    }
    const ctx: HandlerContext = {
      api: url,
      state,
      method,
      path,
      params: match.pathParams,
      query,
      body,
      token,
      user,
      docUrl,
      blobUrl,
    };
    let reply: Reply;
    try {
      reply = handler(ctx);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
      reply = { status: err.status, body: err.body, headers: err.headers };
    }
    if (options.validateResponses && !reply.raw) {
      const messages = spec.validateResponse(route, reply.status, reply.body).map((p) => p.message);
      if (messages.length) violation({ kind: 'response', method, path, operationId: route.operationId, messages });
    }
    if (fault?.afterApply) {
      record.fault = true;
      if (fault.delayMs) await sleep(fault.delayMs);
      reply = faultReply(fault, docUrl);
    }
    return send(res, record, reply, { ...baseHeaders, ...rateHeaders });
  }

  /** An emulator bug: answered 500 and recorded as a violation so no test passes over it. */
  const onError = (req: IncomingMessage, res: ServerResponse) => (err: unknown) => {
    const message = err instanceof Error ? `${err.message}\n${err.stack}` : String(err);
    const record = recordOf.get(req);
    violation({
      kind: 'emulator-error',
      method: req.method ?? 'GET',
      path: record?.path ?? req.url ?? '',
      operationId: record?.operationId,
      messages: [message],
    });
    if (record && record.status === 0) record.status = 500;
    if (!res.headersSent) {
      res.writeHead(500, { 'content-type': JSON_TYPE });
      res.end(JSON.stringify({ message: `emulator crashed: ${message}` }));
    }
  };
  const server = createServer((req, res) => void handle(req, res).catch(onError(req, res)));
  const blobServer = createServer((req, res) => void handleBlob(req, res).catch(onError(req, res)));
  for (const s of [server, blobServer]) {
    s.keepAliveTimeout = 1000;
    await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  }
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  blobOrigin = `http://127.0.0.1:${(blobServer.address() as AddressInfo).port}`;

  return {
    url,
    state,
    requests,
    faults,
    calls: (operationId) => requests.filter((r) => r.operationId === operationId),
    close: async () => {
      for (const s of [server, blobServer]) {
        s.closeAllConnections();
        await new Promise<void>((resolve, reject) => s.close((err) => (err ? reject(err) : resolve())));
      }
    },
  };
}
