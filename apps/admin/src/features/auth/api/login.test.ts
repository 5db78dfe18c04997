import { hexToString, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { describe, expect, it } from 'vitest';
import { OPERATOR_LOGIN_STATEMENT } from '@wallx/shared';
import { fakeServer, ok, setUpConsoleTests } from '../../../lib/test-render';
import { loginWithWallet } from './login';

setUpConsoleTests();

const operator = privateKeyToAccount(`0x${'11'.repeat(32)}`);
const nonce = {
  nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  chain_id: 56,
  issued_at: '2026-11-26T04:00:00.000Z',
  expiration_time: '2026-11-26T04:05:00.000Z',
};

function wallet(signature: unknown = `0x${'22'.repeat(65)}`) {
  const calls: Array<{ method: string; params?: unknown }> = [];
  return {
    calls,
    provider: {
      request: async (args: { method: string; params?: unknown }) => {
        calls.push(args);
        return args.method === 'eth_requestAccounts' ? [operator.address.toLowerCase()] : signature;
      },
    },
  };
}

describe('the console sign-in', () => {
  it('signs an EIP-4361 message for this site’s console with the server’s nonce, and sends exactly what was signed', async () => {
    const sent = fakeServer((_method, url) =>
      url.pathname === '/api/web3/nonce'
        ? ok(nonce)
        : ok({
            token: 't',
            expires_at: nonce.expiration_time,
            operator: { address: operator.address.toLowerCase(), role: 'admin' },
          }),
    );
    const { calls, provider } = wallet();
    const session = await loginWithWallet(provider, {
      host: 'console.wallx.test',
      origin: 'https://console.wallx.test',
    });
    expect(session.operator.role).toBe('admin');

    const signing = calls.find((call) => call.method === 'personal_sign')!;
    const [hex, signer] = signing.params as [Hex, string];
    const message = hexToString(hex);
    expect(signer).toBe(operator.address.toLowerCase());
    expect(parseSiweMessage(message)).toMatchObject({
      domain: 'console.wallx.test',
      address: operator.address,
      statement: OPERATOR_LOGIN_STATEMENT,
      uri: 'https://console.wallx.test/admin',
      version: '1',
      chainId: 56,
      nonce: nonce.nonce,
      issuedAt: new Date(nonce.issued_at),
      expirationTime: new Date(nonce.expiration_time),
    });
    expect(sent.map((call) => `${call.method} ${call.url.pathname}`)).toEqual([
      'POST /api/web3/nonce',
      'POST /api/admin/auth/login',
    ]);
    expect(sent[1]!.body).toEqual({
      address: operator.address.toLowerCase(),
      message,
      signature: `0x${'22'.repeat(65)}`,
    });
  });

  it('asks for no nonce and sends nothing when the wallet gives no account, and sends no login when it gives no signature', async () => {
    const sent = fakeServer(() => ok(nonce));
    const empty = { request: async () => [] };
    await expect(loginWithWallet(empty)).rejects.toMatchObject({ name: 'NoAccountError' });
    expect(sent).toEqual([]);
    await expect(loginWithWallet(wallet(null).provider)).rejects.toThrow('no signature');
    expect(sent.map((call) => call.url.pathname)).toEqual(['/api/web3/nonce']);
  });
});
