// The error of an input that cannot be used, for config parsing everywhere.

/** An input that cannot be used: names the input, what it got and what it accepts. */
export class ConfigError extends Error {
  constructor(
    readonly input: string,
    message: string,
  ) {
    super(`input "${input}": ${message}`);
    this.name = 'ConfigError';
  }
}
