/** The configuration cannot work; its message names each setting and why (config.ts, config-chain.ts). */
export class ConfigError extends Error {
  override name = 'ConfigError';
  /** One line per setting (`NAME: why`), when the error lists settings; loadConfig gathers them into one error. */
  problems: string[] = [];

  /** The error naming each of these settings at once, one line each. */
  static of(problems: string[]): ConfigError {
    const error = new ConfigError(`Invalid configuration:\n${problems.map((line) => `  ${line}`).join('\n')}`);
    error.problems = problems;
    return error;
  }
}
