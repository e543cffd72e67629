// The GitHub client: octokit with retries for server errors and throttling that honours rate
// limits (primary and secondary, with retry-after). Writes that create something are not retried
// blindly: a POST that reached GitHub but lost its answer must not create a second comment, so
// callers of create* check what exists before trying again (see comments.ts, checks.ts).
// Success bodies are parsed here with JSON.parse: on Node 20 octokit's own parser (json-with-bigint)
// overflows the regex stack on a reply over ~8 MB and hands back the unparsed text (a large journal).

import { Octokit } from 'octokit';

export type GitHubClient = InstanceType<typeof Octokit>;

export interface ClientOptions {
  token: string;
  /** GITHUB_API_URL: https://api.github.com, a GHES URL, or a test emulator. */
  baseUrl: string;
  /** Retries of a request that failed with a server error or a rate limit. */
  retries?: number;
  /** Base of the retry back-off in ms (tests make it small). */
  retryBaseMs?: number;
  log?: {
    debug(message: string): void;
    info(message: string): void;
    warn(message: string): void;
    error(message: string): void;
  };
}

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

export function createClient(options: ClientOptions): GitHubClient {
  const retries = options.retries ?? 3;
  const log = options.log ?? quiet;
  const retryAllowed = (retryCount: number) => retryCount < retries;
  const octokit = new Octokit({
    auth: options.token,
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    log,
    retry: { retries, retryAfterBaseValue: options.retryBaseMs ?? 1000 },
    throttle: {
      // Both limits tell how long to wait; wait and retry a bounded number of times.
      onRateLimit: (retryAfter: number, request: { method: string; url: string; request: { retryCount: number } }) => {
        log.warn(`GitHub rate limit on ${request.method} ${request.url}: retrying after ${retryAfter} s`);
        return retryAllowed(request.request.retryCount);
      },
      onSecondaryRateLimit: (
        retryAfter: number,
        request: { method: string; url: string; request: { retryCount: number } },
      ) => {
        log.warn(`GitHub secondary rate limit on ${request.method} ${request.url}: retrying after ${retryAfter} s`);
        return retryAllowed(request.request.retryCount);
      },
    },
  });
  octokit.hook.wrap('request', async (request, endpoint) => {
    // In place: the plugins' wrappers (retry, throttling) were bound to this same options object.
    endpoint.request = { ...endpoint.request, parseSuccessResponseBody: false };
    const response = await request(endpoint);
    return { ...response, data: await responseData(response.data, response.headers['content-type']) };
  });
  return octokit;
}

/** The body as octokit would give it (JSON, text or bytes), parsed with the platform's JSON.parse. */
async function responseData(body: unknown, contentType: string | undefined): Promise<unknown> {
  if (!(body instanceof ReadableStream)) return body ?? '';
  const response = new Response(body);
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  if (type === 'application/json' || type === 'application/scim+json') {
    const text = await response.text();
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  if (
    !contentType ||
    type.startsWith('text/') ||
    (/charset=utf-8/i.test(contentType) && type !== 'application/octet-stream')
  )
    return response.text();
  return response.arrayBuffer();
}

/** The HTTP status of an octokit error, or undefined for network errors and others. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown })?.status;
  return typeof status === 'number' ? status : undefined;
}

/** A failure after which the request may or may not have been applied by GitHub. */
export function outcomeUnknown(error: unknown): boolean {
  const status = statusOf(error);
  return status === undefined || status >= 500;
}
