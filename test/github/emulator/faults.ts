// Fault injection: queued answers that replace the emulator's own for matching requests.

export interface FaultSpec {
  /** HTTP method; omitted or '*' matches any. */
  method?: string;
  /**
   * A template with braces ('/repos/{owner}/{repo}/issues/{issue_number}/comments') matches the
   * OpenAPI path template of the request; any other string matches the decoded path exactly; a
   * RegExp is tested against the decoded path.
   */
  path: string | RegExp;
  status: number;
  headers?: Record<string, string>;
  /** JSON body (default: GitHub's error JSON for the status). */
  body?: unknown;
  /** How many matching requests this fault answers (default 1; Infinity for all). */
  times?: number;
  /** Run the real handler first (its effect persists), then answer with the fault. */
  afterApply?: boolean;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface Fault extends FaultSpec {
  /** Requests this fault has answered. */
  hits: number;
  remaining: number;
}

export class FaultQueue {
  private readonly faults: Fault[] = [];

  push(spec: FaultSpec): Fault {
    const fault: Fault = { ...spec, hits: 0, remaining: spec.times ?? 1 };
    this.faults.push(fault);
    return fault;
  }

  /** The first pending fault matching the request, consumed once. */
  take(method: string, path: string, template: string | undefined): Fault | undefined {
    const fault = this.faults.find((f) => f.remaining > 0 && matches(f, method, path, template));
    if (!fault) return undefined;
    fault.remaining--;
    fault.hits++;
    return fault;
  }

  pending(): Fault[] {
    return this.faults.filter((f) => f.remaining > 0);
  }

  clear(): void {
    this.faults.length = 0;
  }
}

function matches(f: FaultSpec, method: string, path: string, template: string | undefined): boolean {
  if (f.method && f.method !== '*' && f.method.toUpperCase() !== method.toUpperCase()) return false;
  if (f.path instanceof RegExp) return f.path.test(path);
  if (f.path.includes('{')) return template === f.path;
  return f.path === path;
}

type Where = Pick<FaultSpec, 'method' | 'path' | 'times'>;

/** 403 secondary rate limit with Retry-After, as GitHub answers bursts of writes. */
export function secondaryRateLimit(where: Where, retryAfterSeconds = 1): FaultSpec {
  return {
    ...where,
    status: 403,
    headers: { 'retry-after': String(retryAfterSeconds), 'x-ratelimit-remaining': '4990' },
    body: {
      message:
        'You have exceeded a secondary rate limit and have been temporarily blocked from content creation. Please retry your request again later. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000:0000:0000.',
      documentation_url:
        'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
      status: '403',
    },
  };
}

/** 403 primary rate limit: x-ratelimit-remaining 0 and a reset time `resetInSeconds` from now. */
export function primaryRateLimit(where: Where, resetInSeconds = 1): FaultSpec {
  return {
    ...where,
    status: 403,
    headers: {
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-used': '5000',
      'x-ratelimit-reset': String(Math.ceil(Date.now() / 1000) + resetInSeconds),
      'x-ratelimit-resource': 'core',
    },
    body: {
      message:
        'API rate limit exceeded for installation ID 1. If you reach out to GitHub Support for help, please include the request ID 0000:0000:0000:0000:0000.',
      documentation_url:
        'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-the-primary-rate-limit',
      status: '403',
    },
  };
}

/** 500 once (or `times`). */
export function serverError(where: Where): FaultSpec {
  return { ...where, status: 500 };
}

/** The request takes effect, but the client sees a 502 (a retried POST must not duplicate). */
export function appliedThenBadGateway(where: Where): FaultSpec {
  return { ...where, status: 502, afterApply: true, body: { message: 'Server Error' } };
}
