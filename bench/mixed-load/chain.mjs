// One anvil for every server instance of the mixed load, with the project's test tokens.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { createPublicClient, createWalletClient, defineChain, http as rpcTransport, parseUnits } from 'viem';
import { root, sleep } from '../lib.mjs';

const dist = (/** @type {string} */ p) => path.join(root, 'apps/server/dist', p);

/** The chain id the servers are told they are on: anvil serves it, so CHAIN=bsc-testnet passes verifyChain. */
export const CHAIN_ID = 97;
/** Each token minted to the hot wallet at the start. */
const HOT_START = '10000000';

/**
 * One anvil for every instance, serving chain id 97 with the project's test tokens: the servers run
 * with CHAIN=bsc-testnet and RPC_URL pointing at it (CHAIN=local would start an anvil per server).
 * Blocks every second, so confirmations come whether or not anyone sends a transaction.
 * `endpoints` > 1: the servers get that many endpoints of it in RPC_URL (TCP relays on the next
 * ports), as hosts of several providers serve one chain, so that every money question is asked of a
 * quorum of two (issue 44).
 */
export async function startSharedChain({ port, endpoints = 1 }) {
  const local = await import(dist('platform/chain/local-node.js'));
  const child = spawn(
    local.anvilBinary(),
    [
      '--host',
      '127.0.0.1',
      '--port',
      String(port),
      '--chain-id',
      String(CHAIN_ID),
      '--mnemonic',
      local.DEV_MNEMONIC,
      '--silent',
      '--block-time',
      '1',
    ],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const rpcUrl = `http://127.0.0.1:${port}`;
  const chain = defineChain({
    id: CHAIN_ID,
    name: 'bench',
    nativeCurrency: { name: 'BNB', symbol: 'BNB', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
  const client = createPublicClient({ chain, transport: rpcTransport(rpcUrl), cacheTime: 0, pollingInterval: 200 });
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`anvil exited: ${stderr}`);
    try {
      await client.getChainId();
      break;
    } catch {
      if (i > 200) throw new Error(`anvil did not answer on ${rpcUrl}: ${stderr}`);
      await sleep(50);
    }
  }
  const rpc = async (method, params = []) => {
    const answer = await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
      })
    ).json();
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result;
  };
  const deployer = local.devAccount(local.LOCAL_ROLES.deployer);
  const hot = local.devAccount(local.LOCAL_ROLES.hotWallet);
  const depositAddress = local.devAccount(local.LOCAL_ROLES.deposit).address;
  // Cold storage: the servers never have its key (issue 33).
  const cold = local.devAccount(local.LOCAL_ROLES.cold).address;
  const deployerWallet = createWalletClient({ account: deployer, chain, transport: rpcTransport(rpcUrl) });
  const { abi, bytecode } = local.testTokenArtifact();
  const tokens = {};
  for (const symbol of ['USDT', 'WALLX']) {
    const hash = await deployerWallet.deployContract({
      account: deployer,
      abi,
      bytecode,
      args: [`Test ${symbol}`, symbol],
    });
    tokens[symbol] = (await client.waitForTransactionReceipt({ hash })).contractAddress;
  }
  // The factory of users' own deposit addresses; sweeps send to the hot wallet.
  const factory = local.depositFactoryArtifact();
  const depositFactory = (
    await client.waitForTransactionReceipt({
      hash: await deployerWallet.deployContract({
        account: deployer,
        abi: factory.abi,
        bytecode: factory.bytecode,
        args: [hot.address],
      }),
    })
  ).contractAddress;

  /** Mints `amount` of both tokens to each address from the deployer (nonces counted here, one receipt awaited). */
  async function mint(addresses, amount) {
    let nonce = await client.getTransactionCount({ address: deployer.address, blockTag: 'pending' });
    let last;
    for (const to of addresses) {
      for (const symbol of ['USDT', 'WALLX']) {
        last = await deployerWallet.writeContract({
          account: deployer,
          address: tokens[symbol],
          abi,
          functionName: 'mint',
          args: [to, parseUnits(amount, 18)],
          nonce: nonce++,
        });
      }
    }
    if (last) await client.waitForTransactionReceipt({ hash: last });
  }
  await mint([hot.address], HOT_START);
  const relays = await Promise.all(Array.from({ length: endpoints - 1 }, (_, i) => relay(port, port + 1 + i)));
  const rpcUrls = [rpcUrl, ...relays.map((r) => r.url)];

  return {
    pid: child.pid,
    rpcUrl,
    chain,
    client,
    tokens,
    depositAddress,
    hotWallet: hot.address,
    /** What the hot wallet holds of each token before anything happens: the books-check's starting point. */
    hotStart: HOT_START,
    coldWallet: cold,
    depositFactory,
    rpc,
    mint,
    /** The servers' chain settings. */
    env: {
      CHAIN: 'bsc-testnet',
      RPC_URL: rpcUrls.join(','),
      PUBLIC_RPC_URL: rpcUrl,
      USDT_ADDRESS: tokens.USDT,
      WALLX_ADDRESS: tokens.WALLX,
      DEPOSIT_ADDRESS: depositAddress,
      DEPOSIT_FACTORY_ADDRESS: depositFactory,
      HOT_WALLET_PRIVATE_KEY: `0x${Buffer.from(hot.getHdKey().privateKey).toString('hex')}`,
      COLD_WALLET_ADDRESS: cold,
      CONFIRMATIONS: '2',
    },
    async stop() {
      for (const r of relays) r.close();
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * A second endpoint of the node on `port`: a TCP relay listening on `on`.
 * @param {number} port
 * @param {number} on
 */
async function relay(port, on) {
  const sockets = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => (socket === client ? upstream : client).destroy());
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(on, '127.0.0.1', () => resolve(undefined));
  });
  return {
    url: `http://127.0.0.1:${on}`,
    close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}
