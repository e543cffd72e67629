// A GitHub call the run can go on without: a refusal (HTTP 403) is logged with the permission it needs.

import { permissionError } from '../github/permissions';
import { warning } from './log';

/** Runs a GitHub call whose 403 is not fatal: says which permission it needs and returns undefined. */
export async function softly<T>(what: string, work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    const missing = permissionError(error, what);
    if (!missing) throw error;
    warning(missing.message);
    return undefined;
  }
}
