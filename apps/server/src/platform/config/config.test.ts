import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

/** A BSC chain's own settings, and what a real deployment must set besides (decision 123). */
const bscChain = {
  CHAIN: 'bsc',
  RPC_URL: 'https://rpc.example.com',
  WALLX_ADDRESS: `0x${'1'.repeat(40)}`,
  DEPOSIT_ADDRESS: `0x${'2'.repeat(40)}`,
  DEPOSIT_FACTORY_ADDRESS: `0x${'5'.repeat(40)}`,
  HOT_WALLET_PRIVATE_KEY: `0x${'3'.repeat(64)}`,
  COLD_WALLET_ADDRESS: `0x${'6'.repeat(40)}`,
};
const deployment = {
  JWT_PRIVATE_KEY: 'private pem',
  JWT_PUBLIC_KEY: 'public pem',
  OPERATORS: `0x${'4'.repeat(40)}:admin`,
  PUBLIC_APP_URL: 'https://app.wallx.io',
  DATABASE_URL: 'postgres://wallx_app@db:5432/wallx',
};

describe('loadConfig', () => {
  it('runs on embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: null,
      dataDir: path.resolve('./data'),
      publicApiHost: '',
      accessTokenTtlSeconds: 900,
      redisUrl: null,
      trustProxy: false,
    });
  });

  it('reads and coerces values; empty strings count as unset', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@localhost:5432/wallx',
      DATA_DIR: '',
      TRUST_PROXY: '1',
      PUBLIC_API_HOST: 'https://api.wallx.io',
    });
    expect(config.port).toBe(9000);
    expect(config.databaseUrl).toBe('postgres://u@localhost:5432/wallx');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.trustProxy).toBe(1);
    expect(config.publicApiHost).toBe('https://api.wallx.io');
  });

  it('reads the jobs settings: the output check pace and the trace file, off by default', () => {
    expect(loadConfig({}).jobs).toEqual({ outputCheckIntervalMs: 60_000, traceFile: null });
    expect(loadConfig({ OUTPUT_CHECK_INTERVAL_MS: '1000', JOB_TRACE_FILE: 'jobs.jsonl' }).jobs).toEqual({
      outputCheckIntervalMs: 1000,
      traceFile: path.resolve('jobs.jsonl'),
    });
    expect(() => loadConfig({ OUTPUT_CHECK_INTERVAL_MS: '10' })).toThrow(/OUTPUT_CHECK_INTERVAL_MS/);
  });

  it('reads OPERATOR_COOLDOWN as a length of time, 24 hours by default, at most 30 days', () => {
    expect(loadConfig({}).operatorCooldownMs).toBe(24 * 3_600_000);
    expect(loadConfig({ OPERATOR_COOLDOWN: '' }).operatorCooldownMs).toBe(24 * 3_600_000);
    for (const [value, ms] of [
      ['0', 0],
      ['90s', 90_000],
      ['30m', 1_800_000],
      ['2h', 7_200_000],
      ['30d', 30 * 86_400_000],
    ] as const)
      expect(loadConfig({ OPERATOR_COOLDOWN: value }).operatorCooldownMs, value).toBe(ms);
    for (const value of ['24', '1.5h', '-1h', '31d', 'a day'])
      expect(() => loadConfig({ OPERATOR_COOLDOWN: value }), value).toThrow(/OPERATOR_COOLDOWN/);
  });

  it('reads the metrics settings: nothing served by default, a port of their own and a long enough token', () => {
    expect(loadConfig({}).metrics).toEqual({ port: null, host: '127.0.0.1', token: null, cacheMs: 5000 });
    const token = 'x'.repeat(32);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '10.0.0.5', METRICS_TOKEN: token }).metrics).toEqual({
      port: 9464,
      host: '10.0.0.5',
      token,
      cacheMs: 5000,
    });
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: `${'x'.repeat(31)} y` })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('reads the tracing settings: off without an endpoint, one in twenty sampled by default; the drain, 5 s', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(loadConfig({ OTEL_SERVICE_NAME: 'ignored-without-endpoint' }).tracing).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      endpoint: 'http://collector:4318',
      serviceName: 'wallx',
      sampleRatio: 0.05,
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://collector.internal',
        OTEL_SERVICE_NAME: 'wallx-eu.1',
        OTEL_TRACES_SAMPLER_ARG: '1',
      }).tracing,
    ).toEqual({ endpoint: 'https://collector.internal', serviceName: 'wallx-eu.1', sampleRatio: 1 });
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://collector:4317' })).toThrow(
      /OTEL_EXPORTER_OTLP_ENDPOINT: must be an http/,
    );
    expect(() => loadConfig({ OTEL_TRACES_SAMPLER_ARG: '1.5' })).toThrow(/OTEL_TRACES_SAMPLER_ARG/);
    expect(() => loadConfig({ OTEL_SERVICE_NAME: 'two words' })).toThrow(/OTEL_SERVICE_NAME/);
    expect(loadConfig({}).shutdownDrainMs).toBe(5000);
    expect(loadConfig({ SHUTDOWN_DRAIN_MS: '0' }).shutdownDrainMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: '-1' })).toThrow(/SHUTDOWN_DRAIN_MS/);
    expect(loadConfig({}).shutdownDrainMode).toBe('serve');
    expect(loadConfig({ SHUTDOWN_DRAIN_MODE: 'refuse' }).shutdownDrainMode).toBe('refuse');
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MODE: 'drop' })).toThrow(/SHUTDOWN_DRAIN_MODE/);
  });

  it('reads WalletConnect only with a project id; its relay must be a ws(s) origin', () => {
    expect(loadConfig({}).walletConnect).toBeNull();
    expect(loadConfig({ WALLETCONNECT_PROJECT_ID: 'abc123' }).walletConnect).toEqual({
      projectId: 'abc123',
      relayUrl: 'wss://relay.walletconnect.org',
    });
    expect(
      loadConfig({ WALLETCONNECT_PROJECT_ID: 'abc123', WALLETCONNECT_RELAY_URL: 'ws://127.0.0.1:18081' }).walletConnect,
    ).toEqual({ projectId: 'abc123', relayUrl: 'ws://127.0.0.1:18081' });
    expect(() =>
      loadConfig({ WALLETCONNECT_PROJECT_ID: 'abc123', WALLETCONNECT_RELAY_URL: 'https://relay.example/path' }),
    ).toThrow(/WALLETCONNECT_RELAY_URL/);
    expect(() => loadConfig({ WALLETCONNECT_PROJECT_ID: 'a b' })).toThrow(/WALLETCONNECT_PROJECT_ID/);
  });

  describe('NODE_ENV=production refuses what development runs on by default, naming each setting', () => {
    const production = { NODE_ENV: 'production', ...bscChain, ...deployment };

    it('starts with every production setting', () => {
      expect(loadConfig(production)).toMatchObject({
        env: 'production',
        chain: { kind: 'bsc' },
        databaseUrl: production.DATABASE_URL,
        migrationDatabaseUrl: null,
      });
    });

    it.each([
      ['CHAIN', { CHAIN: 'local' }, /CHAIN: must be bsc or bsc-testnet when NODE_ENV=production/],
      [
        'JWT keys',
        { JWT_PRIVATE_KEY: '', JWT_PUBLIC_KEY: '' },
        /JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: required when NODE_ENV=production/,
      ],
      ['OPERATORS', { OPERATORS: '' }, /OPERATORS: name at least one admin when NODE_ENV=production/],
      ['PUBLIC_APP_URL', { PUBLIC_APP_URL: '' }, /PUBLIC_APP_URL: required when NODE_ENV=production/],
      ['DATABASE_URL', { DATABASE_URL: '' }, /DATABASE_URL: required when NODE_ENV=production/],
    ])('without %s', (_name, change, message) => {
      expect(() => loadConfig({ ...production, ...change })).toThrow(message);
    });

    it('an empty production environment names all five at once; development starts on the same', () => {
      expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
        /CHAIN[\s\S]*JWT_PRIVATE_KEY[\s\S]*OPERATORS[\s\S]*PUBLIC_APP_URL[\s\S]*DATABASE_URL/,
      );
      expect(loadConfig({ NODE_ENV: 'development' }).chain.kind).toBe('local');
    });

    it('takes a schema owner for the migrations, only beside a DATABASE_URL', () => {
      expect(
        loadConfig({ ...production, MIGRATION_DATABASE_URL: 'postgres://wallx_owner@db:5432/wallx' })
          .migrationDatabaseUrl,
      ).toBe('postgres://wallx_owner@db:5432/wallx');
      expect(() => loadConfig({ MIGRATION_DATABASE_URL: 'postgres://wallx_owner@db:5432/wallx' })).toThrow(
        /MIGRATION_DATABASE_URL: needs DATABASE_URL/,
      );
    });
  });

  // Issue 44: CHAIN=bsc without NODE_ENV started on generated keys, the embedded database, no
  // operator and sign-in domains checked against the request's own Host.
  describe('on BSC and its testnet the same guards apply, whatever NODE_ENV says', () => {
    const guarded = ['JWT_PRIVATE_KEY, JWT_PUBLIC_KEY', 'OPERATORS', 'PUBLIC_APP_URL', 'DATABASE_URL'];

    it.each([
      ['bsc', undefined],
      ['bsc', 'development'],
      ['bsc-testnet', undefined],
      ['bsc-testnet', 'test'],
    ])('CHAIN=%s, NODE_ENV=%s: refused, each development default named in one message', (chain, nodeEnv) => {
      // The testnet has no USDT of its own to default to.
      const env = { ...bscChain, CHAIN: chain, NODE_ENV: nodeEnv, USDT_ADDRESS: `0x${'7'.repeat(40)}` };
      let message = '';
      try {
        loadConfig(env);
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as ConfigError).message;
      }
      for (const setting of guarded) expect(message).toContain(`${setting}: `);
      expect(message).toContain(`PUBLIC_APP_URL: required when CHAIN=${chain}`);
      expect(message).not.toContain('CHAIN: must be');
      expect(loadConfig({ ...env, ...deployment }).chain.kind).toBe(chain);
    });

    it.each([
      [
        'JWT keys',
        { JWT_PRIVATE_KEY: '', JWT_PUBLIC_KEY: '' },
        /JWT_PRIVATE_KEY, JWT_PUBLIC_KEY: required when CHAIN=bsc/,
      ],
      ['OPERATORS', { OPERATORS: '' }, /OPERATORS: name at least one admin when CHAIN=bsc/],
      ['PUBLIC_APP_URL', { PUBLIC_APP_URL: '' }, /PUBLIC_APP_URL: required when CHAIN=bsc/],
      ['DATABASE_URL', { DATABASE_URL: '' }, /DATABASE_URL: required when CHAIN=bsc/],
    ])('without %s alone', (_name, change, message) => {
      expect(() => loadConfig({ ...bscChain, ...deployment, ...change })).toThrow(message);
    });

    it('names the chain settings it lacks, malformed values and the development defaults together', () => {
      expect(() => loadConfig({ CHAIN: 'bsc' })).toThrow(
        /RPC_URL: required when CHAIN=bsc[\s\S]*COLD_WALLET_ADDRESS[\s\S]*JWT_PRIVATE_KEY[\s\S]*OPERATORS[\s\S]*PUBLIC_APP_URL[\s\S]*DATABASE_URL/,
      );
      expect(() => loadConfig({ ...bscChain, TRUST_PROXY: '0.0.0.0/0', PORT: 'x' })).toThrow(
        /PORT[\s\S]*TRUST_PROXY[\s\S]*JWT_PRIVATE_KEY[\s\S]*OPERATORS[\s\S]*PUBLIC_APP_URL[\s\S]*DATABASE_URL/,
      );
    });

    it('the local chain still starts on every development default, as `npm start` does', () => {
      for (const env of [{}, { CHAIN: 'local' }, { NODE_ENV: 'development' }, { NODE_ENV: 'test' }]) {
        expect(loadConfig(env)).toMatchObject({
          chain: { kind: 'local' },
          databaseUrl: null,
          publicAppUrl: '',
          operators: [],
          jwt: { privateKeyPem: null },
        });
      }
    });
  });

  it('names every invalid variable', () => {
    expect(() =>
      loadConfig({ PORT: 'eighty', MAIN_SITE_URL: 'not a url', PUBLIC_API_HOST: 'https://x.io/api/' }),
    ).toThrow(/PORT[\s\S]*MAIN_SITE_URL[\s\S]*PUBLIC_API_HOST/);
  });

  it('takes several RPC endpoints in their ranked order, each checked', () => {
    const bsc = (extra: Record<string, string>) => loadConfig({ ...bscChain, ...deployment, ...extra }).chain;
    expect(
      bsc({ RPC_URL: 'https://a.example.com/v1/key, https://b.example.org', RPC_MAX_LAG_BLOCKS: '3' }),
    ).toMatchObject({ rpcUrls: ['https://a.example.com/v1/key', 'https://b.example.org'], rpcMaxLagBlocks: 3 });
    expect(() => bsc({ RPC_URL: 'https://a.example.com,ftp://b.example.org' })).toThrow(/RPC_URL: must be one http/);
    expect(() => bsc({ RPC_URL: 'https://a.example.com,' })).toThrow(/RPC_URL: must be one http/);
    expect(() => bsc({ RPC_URL: 'https://a.example.com,https://a.example.com' })).toThrow(/RPC_URL: names the same/);
    expect(() => bsc({ RPC_URL: 'https://a.example.com', RPC_MAX_LAG_BLOCKS: '-1' })).toThrow(/RPC_MAX_LAG_BLOCKS/);
  });

  it('asks two nodes alike by default when several are named; never one alone, never more than there are', () => {
    const bsc = (extra: Record<string, string>) => loadConfig({ ...bscChain, ...deployment, ...extra }).chain;
    const three = 'https://a.example.com,https://b.example.org,https://c.example.net';
    expect(bsc({ RPC_URL: 'https://a.example.com' })).toMatchObject({ rpcQuorum: 1 });
    expect(bsc({ RPC_URL: three })).toMatchObject({ rpcQuorum: 2 });
    expect(bsc({ RPC_URL: three, RPC_QUORUM: '3' })).toMatchObject({ rpcQuorum: 3 });
    expect(() => bsc({ RPC_URL: three, RPC_QUORUM: '1' })).toThrow(
      /RPC_QUORUM: must be from 2 to 3 \(the nodes in RPC_URL\), got 1$/m,
    );
    expect(() => bsc({ RPC_URL: three, RPC_QUORUM: '4' })).toThrow(/RPC_QUORUM: must be from 2 to 3/);
    expect(() => bsc({ RPC_URL: 'https://a.example.com', RPC_QUORUM: '2' })).toThrow(
      /RPC_QUORUM: must be 1 with one node/,
    );
    expect(() => bsc({ RPC_URL: three, RPC_QUORUM: 'two' })).toThrow(/RPC_QUORUM/);
  });

  it('runs the local chain by default and needs the full set for BSC', () => {
    expect(loadConfig({}).chain).toMatchObject({
      kind: 'local',
      confirmations: 2,
      withdraw: { USDT: { min: '10', fee: '1' } },
    });
    expect(() => loadConfig({ CHAIN: 'bsc' })).toThrow(
      /RPC_URL: required when CHAIN=bsc[\s\S]*WALLX_ADDRESS[\s\S]*DEPOSIT_ADDRESS[\s\S]*DEPOSIT_FACTORY_ADDRESS[\s\S]*HOT_WALLET_PRIVATE_KEY[\s\S]*COLD_WALLET_ADDRESS/,
    );
    const bsc = loadConfig({ ...bscChain, ...deployment }).chain;
    expect(bsc).toMatchObject({
      kind: 'bsc',
      chainId: 56,
      confirmations: 15,
      explorerUrl: 'https://bscscan.com',
      depositFactory: `0x${'5'.repeat(40)}`,
      rpcUrls: ['https://rpc.example.com'],
      rpcMaxLagBlocks: 5,
    });
    expect(() => loadConfig({ CHAIN: 'bsc', DEPOSIT_FACTORY_ADDRESS: '0x1234' })).toThrow(
      /DEPOSIT_FACTORY_ADDRESS: must be a 0x-prefixed 20-byte address/,
    );
    expect(bsc.kind === 'bsc' && bsc.tokens.USDT).toBe('0x55d398326f99059fF775485246999027B3197955');
    expect(() => loadConfig({ CHAIN: 'bsc-testnet', WITHDRAW_MIN_USDT: '0' })).toThrow(/WITHDRAW_MIN_USDT/);
    expect(bsc.treasury).toMatchObject({ coldWallet: `0x${'6'.repeat(40)}`, sweepMin: { USDT: '10', WALLX: '10' } });
  });

  it('keeps the hot wallet marks in order per token: low ≤ target ≤ high', () => {
    expect(
      loadConfig({ HOT_LOW_USDT: '5', HOT_TARGET_USDT: '50', HOT_HIGH_USDT: '50' }).chain.treasury.hot.USDT,
    ).toEqual({
      low: '5',
      target: '50',
      high: '50',
    });
    expect(() => loadConfig({ HOT_LOW_USDT: '60', HOT_TARGET_USDT: '50', HOT_HIGH_USDT: '100' })).toThrow(
      /HOT_LOW_USDT, HOT_TARGET_USDT, HOT_HIGH_USDT: must be low ≤ target ≤ high/,
    );
    expect(() => loadConfig({ HOT_TARGET_WALLX: '100.5', HOT_HIGH_WALLX: '100.25' })).toThrow(/HOT_HIGH_WALLX/);
    expect(() => loadConfig({ SWEEP_MIN_USDT: 'ten' })).toThrow(/SWEEP_MIN_USDT/);
  });

  describe('the hot wallet: a key or an external signer, never both', () => {
    const { HOT_WALLET_PRIVATE_KEY: _key, ...withoutKey } = bscChain;
    const bsc = { ...withoutKey, ...deployment };
    const key = `0x${'3'.repeat(64)}`;
    const signer = {
      SIGNER_URL: 'https://signer.internal:9000',
      SIGNER_AUTH_HEADER: 'Authorization: Bearer s3cret',
      HOT_WALLET_ADDRESS: `0x${'7'.repeat(40)}`,
    };

    it('takes a signer, its auth header and the address it signs for; then the configuration holds no key', () => {
      const config = loadConfig({ ...bsc, ...signer });
      expect(config.chain.hotWallet).toEqual({
        kind: 'signer',
        url: signer.SIGNER_URL,
        method: 'eth_signTransaction',
        headers: { Authorization: 'Bearer s3cret' },
        address: signer.HOT_WALLET_ADDRESS,
        timeoutMs: 10_000,
      });
      expect(JSON.stringify(config)).not.toMatch(/[0-9a-f]{64}/i);
      expect(loadConfig({ ...bsc, HOT_WALLET_PRIVATE_KEY: key }).chain.hotWallet).toEqual({
        kind: 'key',
        privateKey: key,
      });
    });

    it('refuses to start with both SIGNER_URL and HOT_WALLET_PRIVATE_KEY, on any chain', () => {
      for (const chain of [bsc, {}]) {
        expect(() => loadConfig({ ...chain, ...signer, HOT_WALLET_PRIVATE_KEY: key })).toThrow(ConfigError);
        expect(() => loadConfig({ ...chain, ...signer, HOT_WALLET_PRIVATE_KEY: key })).toThrow(
          /SIGNER_URL, HOT_WALLET_PRIVATE_KEY: set one, not both/,
        );
      }
    });

    it('needs one of them on BSC, the address with a signer, and a signer for its address and header', () => {
      expect(() => loadConfig(bsc)).toThrow(/HOT_WALLET_PRIVATE_KEY or SIGNER_URL: required when CHAIN=bsc/);
      expect(() => loadConfig({ ...bsc, SIGNER_URL: signer.SIGNER_URL })).toThrow(/HOT_WALLET_ADDRESS/);
      expect(() => loadConfig({ HOT_WALLET_ADDRESS: signer.HOT_WALLET_ADDRESS })).toThrow(
        /HOT_WALLET_ADDRESS: only with SIGNER_URL/,
      );
      expect(() => loadConfig({ SIGNER_AUTH_HEADER: 'Authorization: x' })).toThrow(/SIGNER_AUTH_HEADER: only with/);
      expect(() => loadConfig({ SIGNER_URL: signer.SIGNER_URL, SIGNER_AUTH_HEADER: 'Bearer x' })).toThrow(
        /SIGNER_AUTH_HEADER: must be a header line/,
      );
      expect(() => loadConfig({ SIGNER_URL: signer.SIGNER_URL, SIGNER_TIMEOUT_MS: '10' })).toThrow(/SIGNER_TIMEOUT_MS/);
      expect(() => loadConfig({ SIGNER_URL: signer.SIGNER_URL, SIGNER_METHOD: 'eth_sign' })).toThrow(/SIGNER_METHOD/);
    });

    it('on the local chain: its dev account, or a signer for that account unless told another address', () => {
      expect(loadConfig({}).chain.hotWallet).toEqual({ kind: 'dev' });
      expect(loadConfig({ HOT_WALLET_PRIVATE_KEY: key }).chain.hotWallet).toEqual({ kind: 'dev' });
      expect(loadConfig({ SIGNER_URL: signer.SIGNER_URL }).chain.hotWallet).toMatchObject({
        kind: 'signer',
        address: null,
        headers: {},
      });
    });
  });

  it('trusts a number of proxies or their addresses, never every hop', () => {
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 10.1.0.0/16,::1' }).trustProxy).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    for (const value of ['true', '*', 'all', '0', '11', 'proxy.local', '10.0.0.1/33', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: must be false, the number of proxies/,
      );
    }
  });

  // Issue 44: 0.0.0.0/0,::/0 was accepted, and trusts every client to write its own X-Forwarded-For.
  it('refuses a network so wide it trusts clients, on every chain, naming each entry (decision 123)', () => {
    const catchAll = [
      '0.0.0.0/0',
      '::/0',
      '0.0.0.0/1,128.0.0.0/1',
      '0.0.0.0/7',
      '::ffff:0:0/96',
      '::ffff:0.0.0.0/97',
      '::/64',
      '2000::/3',
      '2a00::/12',
      '10.0.0.1, 0.0.0.0/0',
    ];
    for (const chain of [{}, { ...bscChain, ...deployment }]) {
      for (const value of catchAll) {
        expect(() => loadConfig({ ...chain, TRUST_PROXY: value }), value).toThrow(
          /TRUST_PROXY: "[^"]+" (wider than an IPv[46] \/\d+|holds every IPv4 address).*trust clients/,
        );
      }
    }
    expect(() => loadConfig({ TRUST_PROXY: '0.0.0.0/0,::/0' })).toThrow(
      /TRUST_PROXY: "0.0.0.0\/0" wider than an IPv4 \/8; "::\/0" wider than an IPv6 \/24/,
    );
    // Private networks at any width they come in, a CDN's published ranges, IPv4 written mapped.
    const proxies = [
      '10.0.0.0/8',
      '172.16.0.0/12',
      '100.64.0.0/10',
      'fc00::/7',
      'fd00::/8',
      'fe80::/10',
      '104.16.0.0/13',
      '2a06:98c0::/29',
      '::ffff:10.0.0.0/104',
      '::1',
    ];
    expect(loadConfig({ ...bscChain, ...deployment, TRUST_PROXY: proxies.join(',') }).trustProxy).toEqual(proxies);
  });

  it('requires both JWT keys or neither', () => {
    expect(() => loadConfig({ JWT_PRIVATE_KEY: 'x' })).toThrow(ConfigError);
    expect(() => loadConfig({ JWT_PRIVATE_KEY: 'x' })).toThrow(/JWT_PUBLIC_KEY/);
  });

  it('accepts a previous JWT public key only beside a configured pair', () => {
    expect(() => loadConfig({ JWT_PREVIOUS_PUBLIC_KEY: 'old' })).toThrow(/JWT_PREVIOUS_PUBLIC_KEY: needs/);
    const config = loadConfig({
      JWT_PRIVATE_KEY: 'new',
      JWT_PUBLIC_KEY: 'new pub',
      JWT_PREVIOUS_PUBLIC_KEY: 'old pub',
    });
    expect(config.jwt).toEqual({ privateKeyPem: 'new', publicKeyPem: 'new pub', previousPublicKeyPem: 'old pub' });
  });
});
