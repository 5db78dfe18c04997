import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createPublicClient, erc20Abi, http, parseUnits } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, describe, expect, it } from 'vitest';
import {
  anvilBinary,
  deployLocalFactory,
  deployLocalTokens,
  devAccount,
  LOCAL_ROLES,
  runnable,
  startLocalNode,
  type LocalNode,
} from './local-node.js';

describe('local chain', () => {
  const nodes: LocalNode[] = [];
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.stop()));
  });

  it('names the cause when anvil cannot run where npm put it (no execute permission, or a noexec mount), instead of a spawn stack trace', () => {
    expect(runnable(anvilBinary())).toBe(anvilBinary());
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-anvil-'));
    const copy = path.join(dir, 'anvil');
    fs.writeFileSync(copy, '#!/bin/sh\n', { mode: 0o644 });
    try {
      expect(() => runnable(copy)).toThrow(
        `anvil cannot run from ${copy} (EACCES). Is the project on a file system mounted noexec?`,
      );
    } finally {
      fs.rmSync(dir, { recursive: true });
    }
  });

  it('starts anvil, deploys the test tokens at fixed addresses and funds the hot wallet and dev users', async () => {
    const node = await startLocalNode();
    nodes.push(node);
    const tokens = await deployLocalTokens(node.rpcUrl);
    const client = createPublicClient({ chain: foundry, transport: http(node.rpcUrl), cacheTime: 0 });
    for (const symbol of ['USDT', 'WALLX'] as const) {
      expect(await client.readContract({ address: tokens[symbol], abi: erc20Abi, functionName: 'symbol' })).toBe(
        symbol,
      );
      expect(await client.readContract({ address: tokens[symbol], abi: erc20Abi, functionName: 'decimals' })).toBe(18);
      const hot = await client.readContract({
        address: tokens[symbol],
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [devAccount(LOCAL_ROLES.hotWallet).address],
      });
      expect(hot).toBe(parseUnits('1000000', 18));
    }
    // Deploying again on the same chain finds the tokens instead of deploying twice.
    expect(await deployLocalTokens(node.rpcUrl)).toEqual(tokens);
  });

  it('keeps its chain in a state file across restarts', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wallx-anvil-'));
    const stateFile = path.join(dir, 'anvil-state.json');
    const first = await startLocalNode({ stateFile });
    const tokens = await deployLocalTokens(first.rpcUrl);
    const factory = await deployLocalFactory(first.rpcUrl);
    await first.stop();
    expect(fs.existsSync(stateFile)).toBe(true);

    const second = await startLocalNode({ stateFile });
    nodes.push(second);
    const client = createPublicClient({ chain: foundry, transport: http(second.rpcUrl), cacheTime: 0 });
    const balance = await client.readContract({
      address: tokens.USDT,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [devAccount(LOCAL_ROLES.firstUser).address],
    });
    expect(balance).toBe(parseUnits('1000000', 18));
    // The deposit factory is found where it was, not deployed again.
    expect(await client.getCode({ address: factory.address })).toMatch(/^0x[0-9a-f]{100,}$/);
    expect(await deployLocalFactory(second.rpcUrl)).toEqual(factory);
    expect(await client.getTransactionCount({ address: devAccount(LOCAL_ROLES.factoryDeployer).address })).toBe(1);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
