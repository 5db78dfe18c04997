#!/usr/bin/env node
// Fails when a retired name (docs/glossary.md) appears outside the places it is allowed in.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

/** Each rule: what is retired, where it may stay, and what to use instead. */
const rules = [
  {
    retired: /recharge/i,
    // The spec's fixed paths: the /recharge route and the /api/funds/recharge… calls.
    allowed: [/\/api\/funds\/recharges?\b(\/config)?/g, /(["'`])\/recharge\1/g],
    use: 'deposit',
  },
  { retired: /chain-funds|chainFunds/, use: 'funds' },
  { retired: /\bMyMinersScreen\b|my-miners-screen/, use: 'MineScreen (mine-screen.tsx)' },
  { retired: /\bMyMineScreen\b|my-mine-screen/, use: 'MyMinesScreen (my-mines-screen.tsx)' },
  {
    retired: /(?<!Miner)\bOrdersScreen\b|(?<![\w-])orders-screen|\buseOrders\b|\/get-orders['.]/,
    use: 'MinerOrdersScreen, useMinerOrders',
  },
  {
    retired:
      /\bWithdraw(Request|Config|Form|Field|Errors|Limits|Result|Variables|Icon|Amount)\b|withdraw(Request|Config|Amount)Schema|withdraw-rules|withdraw-config|\bwithdraw_(fee|refund)\b|type: 'withdraw'/,
    use: 'withdrawal (the thing); withdraw only as the verb',
  },
  // Lower case only: "Web3" in the home page's tagline is the industry's word, not a code name.
  // OKX's own host (its universal link) is a third party's name, not ours.
  { retired: /web3/, allowed: [/\/api\/web3\//g, /web3\.okx\.com/g], use: 'auth' },
  {
    retired: /(['"`])wallet\.[a-z_]+\1|\b(t|en_US|zh_CN|ko_KR|ja_JP|id_ID)\.wallet\.|^\s*wallet: \{/m,
    use: 'the auth.* texts',
  },
  {
    // A list's own page size too (USERS_PAGE_SIZE = …): the app pages by PAGE_SIZE, the console by CONSOLE_PAGE_SIZE.
    retired: /\btype Page<T> =|\b\w*PAGE_SIZE\w* =/,
    only: ['packages/shared/src/api/page.ts'],
    use: 'Page, PAGE_SIZE and CONSOLE_PAGE_SIZE from @wallx/shared',
  },
  {
    retired: /\btype (Market|OrderRole) =/,
    only: ['packages/shared/src/markets/constants.ts'],
    use: 'Market and OrderRole from @wallx/shared',
  },
  {
    // The price rule's text, written again where a form checks prices.
    retired: /\\d\{1,12\}\(\\\.\\d\{1,6\}\)\?/,
    only: ['packages/shared/src/markets/constants.ts'],
    use: 'PRICE_PATTERN from @wallx/shared',
  },
  {
    retired: /\^0x\[0-9a-fA-F\]\{40\}\$/,
    only: ['packages/shared/src/api/constants.ts'],
    use: 'ADDRESS_PATTERN / isAddress from @wallx/shared',
  },
];

// The glossary names what is retired; migration 008 renamed the old ledger types, so it must spell them.
// The client types generated from the OpenAPI document name operations after the spec's fixed paths.
// The forms' rules are generated from the schemas, which are built from the constants: they spell the patterns out.
const exempt = new Set([
  'docs/glossary.md',
  'scripts/check-names.mjs',
  'apps/server/src/platform/db/migrations/008-one-name-per-concept.sql',
  'apps/server/src/test/openapi/openapi-types.ts',
  'packages/shared/src/forms/rules.generated.ts',
]);
const files = execFileSync(
  'git',
  [
    'ls-files',
    '--cached',
    '--others',
    '--exclude-standard',
    'apps',
    'packages',
    'bench',
    'scripts',
    'docs',
    'README.md',
  ],
  { encoding: 'utf8' },
)
  .split('\n')
  .filter(
    (file) =>
      /\.(ts|tsx|mjs|js|md|css|sql|json)$/.test(file) &&
      !exempt.has(file) &&
      !file.endsWith('package-lock.json') &&
      fs.existsSync(file),
  );

const problems = [];
for (const file of files) {
  const lines = fs.readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, index) => {
    for (const rule of rules) {
      if (rule.only?.includes(file)) continue;
      const stripped = (rule.allowed ?? []).reduce((text, allowed) => text.replace(allowed, ''), line);
      if (rule.retired.test(stripped))
        problems.push(`${file}:${index + 1}: "${line.trim().slice(0, 100)}" — use ${rule.use}`);
    }
  });
}

if (problems.length > 0) {
  console.error(`Retired names (docs/glossary.md):\n${problems.join('\n')}`);
  process.exit(1);
}
console.log(`names: ${files.length} files checked against ${rules.length} retired names, none found`);
