/** The configuration cannot work; its message names each setting and why (config.ts, config-chain.ts). */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
