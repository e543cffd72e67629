// A 403 from the API means the workflow did not grant the token a permission (or, for a pull request
// from a fork, that the token is read-only). Say which permission the failed request needs, as the
// workflow's `permissions:` block spells it, instead of a stack trace.

import { statusOf } from './client';

/** The `permissions:` entry a request needs, from its method and path. */
export function neededPermission(method: string, url: string): string {
  const path = url.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/\?.*$/, '');
  const write = method.toUpperCase() !== 'GET' && method.toUpperCase() !== 'HEAD';
  const scope = /\/check-runs\b|\/check-suites\b/.test(path)
    ? 'checks'
    : /\/actions\//.test(path)
      ? 'actions'
      : /\/pulls\b|\/issues\b/.test(path)
        ? 'pull-requests'
        : /\/contents\/|\/git\//.test(path)
          ? 'contents'
          : 'metadata';
  return `${scope}: ${write ? 'write' : 'read'}`;
}

export class PermissionError extends Error {
  readonly status = 403;
  constructor(
    readonly permission: string,
    what: string,
  ) {
    super(`${what}: the token lacks ${permission} (HTTP 403); grant it in the workflow's permissions`);
  }
}

/** The error as a PermissionError when it is a 403, else undefined. */
export function permissionError(error: unknown, what: string): PermissionError | undefined {
  if (error instanceof PermissionError) return error;
  // A rate limit also answers 403; the client has waited and retried those already.
  if (statusOf(error) !== 403 || /rate limit/i.test(String((error as Error)?.message))) return undefined;
  const request = (error as { request?: { method?: string; url?: string } }).request;
  return new PermissionError(neededPermission(request?.method ?? 'GET', request?.url ?? ''), what);
}

/** Runs a request whose 403 is fatal: rethrown as a PermissionError that names the permission. */
export async function needing<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw permissionError(error, what) ?? error;
  }
}
