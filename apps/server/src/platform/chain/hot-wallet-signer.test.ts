import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignerProxy, type SignerProxy } from './hot-wallet-signer.fixtures.js';
import { externalSigner, keySigner, SignerError, verifySigned, type SignRequest } from './hot-wallet-signer.js';

const hot = privateKeyToAccount(generatePrivateKey());
const other = privateKeyToAccount(generatePrivateKey());
const token: Address = `0x${'11'.repeat(20)}`;
const request: SignRequest = {
  to: token,
  data: encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: [`0x${'22'.repeat(20)}`, 30n * 10n ** 18n],
  }),
  nonce: 7,
  gas: 120_000n,
  gasPrice: 1_000_000_000n,
  chainId: 31337,
};

/** The signer's error, or a failure when it signed. */
async function refusal(signing: Promise<unknown>): Promise<SignerError> {
  const error = await signing.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SignerError);
  return error as SignerError;
}

describe('the hot wallet signer checks what comes back against what it asked for', () => {
  it('a key signs the request as asked: a legacy transaction for the chain, from the hot wallet', async () => {
    const raw = await keySigner(hot).signTransaction(request);
    await expect(verifySigned(raw, request, hot.address)).resolves.toBeUndefined();
  });

  it.each([
    ['another key', { ...request }, other.address, /signed by/],
    ['another nonce', { ...request, nonce: 8 }, hot.address, /nonce 7/],
    ['another recipient', { ...request, to: `0x${'33'.repeat(20)}` as Address }, hot.address, /to 0x1111/],
    ['other data', { ...request, data: '0x' as const }, hot.address, /other data/],
    ['another gas price', { ...request, gasPrice: 2n }, hot.address, /gas price/],
    ['another gas limit', { ...request, gas: 21_000n }, hot.address, /gas 120000/],
    ['another chain', { ...request, chainId: 56 }, hot.address, /chain 31337/],
  ])('refuses a transaction with %s', async (_name, asked, address, message) => {
    const raw = await hot.signTransaction({ ...request, type: 'legacy' });
    const error = await refusal(verifySigned(raw, asked, address));
    expect(error.reason).toBe('mismatch');
    expect(error.message).toMatch(message);
  });

  it('refuses a transaction carrying value, and one that is no transaction', async () => {
    const raw = await hot.signTransaction({ ...request, value: 1n, type: 'legacy' });
    expect((await refusal(verifySigned(raw, request, hot.address))).message).toMatch(/value 1/);
    expect((await refusal(verifySigned('0xdeadbeef', request, hot.address))).reason).toBe('mismatch');
  });

  it('refuses one signed without a chain id (replayable on any chain)', async () => {
    const raw = await hot.signTransaction({ ...request, chainId: undefined, type: 'legacy' } as never);
    expect((await refusal(verifySigned(raw, request, hot.address))).message).toMatch(/chain none/);
  });
});

describe('an external signer that does not sign is unavailable, soon', () => {
  let proxy: SignerProxy;
  beforeAll(async () => {
    proxy = await startSignerProxy({ token: 'right', otherFrom: other.address, otherTo: token });
    // Nothing signs behind it: these tests never reach a node.
    proxy.target = 'http://127.0.0.1:9';
  });
  afterAll(() => proxy.close());
  const signer = (headers: Record<string, string>) =>
    externalSigner({ url: proxy.url, address: hot.address, headers, timeoutMs: 300 });

  it('down: the connection drops', async () => {
    proxy.mode = 'down';
    const error = await refusal(signer({ Authorization: 'Bearer right' }).signTransaction(request));
    expect(error.reason).toBe('unavailable');
  });

  it('hanging: it gives up after its timeout', async () => {
    proxy.mode = 'hang';
    const started = Date.now();
    const error = await refusal(signer({ Authorization: 'Bearer right' }).signTransaction(request));
    expect(error.reason).toBe('unavailable');
    expect(error.message).toMatch(/too long/);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('refusing our credentials: the auth header is what it checks', async () => {
    proxy.mode = 'forward';
    const error = await refusal(signer({ Authorization: 'Bearer wrong' }).signTransaction(request));
    expect(error.reason).toBe('unavailable');
    expect(proxy.signCalls).toBe(0);
  });
});

describe('a Clef-style signer', () => {
  it('is asked account_signTransaction and answers { raw, tx }: the raw transaction is taken, checked', async () => {
    const asked: string[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', async () => {
        const call = JSON.parse(body) as { id: number; method: string; params: [Record<string, string>] };
        asked.push(call.method);
        const tx = call.params[0];
        const raw = await hot.signTransaction({
          to: tx.to as Address,
          data: tx.data as Hex,
          nonce: Number(tx.nonce),
          gas: BigInt(tx.gas!),
          gasPrice: BigInt(tx.gasPrice!),
          chainId: Number(tx.chainId),
          type: 'legacy',
        });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id: call.id, result: { raw, tx: {} } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const signer = externalSigner({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        method: 'account_signTransaction',
        address: hot.address,
        headers: {},
        timeoutMs: 2_000,
      });
      const raw = await signer.signTransaction(request);
      expect(asked).toEqual(['account_signTransaction']);
      await expect(verifySigned(raw, request, hot.address)).resolves.toBeUndefined();
    } finally {
      server.close();
    }
  });
});
