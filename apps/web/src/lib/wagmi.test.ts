import { describe, expect, it } from 'vitest';
import { chainOf, createWagmiConfig } from './wagmi';

describe('wagmi config', () => {
  it('uses BSC with the injected connector only', () => {
    const config = createWagmiConfig();
    expect(config.chains.map((chain) => chain.id)).toEqual([56]);
    expect(config.connectors.map((connector) => connector.type)).toEqual(['injected']);
  });

  it('describes a local development chain announced by the server', () => {
    const chain = chainOf(31337, 'http://127.0.0.1:8545');
    expect(chain.id).toBe(31337);
    expect(chain.rpcUrls.default.http).toEqual(['http://127.0.0.1:8545']);
    expect(chainOf(97).name).toMatch(/testnet/i);
  });
});
