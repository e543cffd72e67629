/** Bad flags or arguments: printed without a stack, exit code 2. */
export class UsageError extends Error {}
