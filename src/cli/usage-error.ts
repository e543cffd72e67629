import { parseArgs, type ParseArgsConfig } from 'node:util';

/** Bad flags or arguments: printed without a stack, exit code 2. */
export class UsageError extends Error {}

/** node:util's parseArgs, with its errors (unknown flag, missing value) as usage errors. */
export function parseCliArgs<T extends ParseArgsConfig>(config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
