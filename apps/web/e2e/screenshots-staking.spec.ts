import crypto from 'node:crypto';
import { formatNumber } from '@wallx/shared';
import { id_ID as id_aid } from '@wallx/shared/i18n/aidFund/id_ID';
import { ja_JP as ja_aid } from '@wallx/shared/i18n/aidFund/ja_JP';
import { ko_KR as ko_aid } from '@wallx/shared/i18n/aidFund/ko_KR';
import { id_ID as id_staking } from '@wallx/shared/i18n/staking/id_ID';
import { ja_JP as ja_staking } from '@wallx/shared/i18n/staking/ja_JP';
import { ko_KR as ko_staking } from '@wallx/shared/i18n/staking/ko_KR';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { expect, test } from './test';
import { depositConfig, mine } from './chain';
import { field } from './funds';
import { authOf, login, setFundPasswordByApi } from './helpers';
import { addAidPartner, grantFromAidFund } from './operator';
import { shoot, toastGone } from './screenshot';
import { seededStaker } from './seeded-stakers.mjs';
import { installWallet } from './wallet';

// The stake screen and the aid fund's page with content (stakes of each kind with their earnings,
// donations, a grant paid on chain) in the languages staking.spec.ts and aid-fund.spec.ts do not
// take them in (en_US and zh_CN are there).
const texts = {
  ja_JP: { aid: ja_aid.aidFund, staking: ja_staking.staking },
  ko_KR: { aid: ko_aid.aidFund, staking: ko_staking.staking },
  id_ID: { aid: id_aid.aidFund, staking: id_staking.staking },
} as const;

for (const [index, language] of (['ja_JP', 'ko_KR', 'id_ID'] as const).entries()) {
  const { aid, staking } = texts[language];

  test(`staking and aid fund screenshots with content in ${language}`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.addInitScript((lang) => localStorage.setItem('wallx_lang', lang), language);
    // Seeded stakers 1–3: a flexible and a 30-day stake since the day before yesterday, rewarded
    // for yesterday (0 is the reward test's).
    const wallet = await installWallet(page, { accounts: [seededStaker(1 + index)] });
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    const auth = await authOf(page);
    const api = async (url: string, data: object) => {
      const response = await page.request.post(url, {
        headers: { ...auth, 'Idempotency-Key': crypto.randomUUID() },
        data,
      });
      expect(((await response.json()) as { code: number }).code, url).toBe(0);
      return ((await response.json()) as { data: unknown }).data;
    };
    // Three more stakes, one of them withdrawn: every kind of row the list shows.
    await api('/api/staking/stakes', { amount: '250', term: 'd90', fund_password: 'secret1' });
    await api('/api/staking/stakes', { amount: '300', term: 'd180', fund_password: 'secret1' });
    const { stake } = (await api('/api/staking/stakes', {
      amount: '12.75',
      term: 'flexible',
      fund_password: 'secret1',
    })) as { stake: { id: string } };
    await api(`/api/staking/stakes/${stake.id}/unstake`, { fund_password: 'secret1' });

    await page.goto('/stake');
    await expect(page.getByRole('heading', { name: staking.title })).toBeVisible();
    await expect(page.locator('.stake-item')).toHaveCount(5);
    await expect(page.locator('.stake-item[data-status="withdrawn"]')).toHaveCount(1);
    await toastGone(page);
    await shoot(page, `${language}-stake-content`);
    await shoot(page, `${language}-stake-content-full`, true);

    // A donation through the sheet, shown by address; then a grant from the fund, paid on chain.
    await page.goto('/aid-fund');
    await page.getByRole('button', { name: aid.donate, exact: true }).click();
    const sheet = page.locator('.bottom-sheet.is-open');
    await field(page, 'amount').fill('20');
    await sheet.getByRole('checkbox', { name: aid.show_me }).check();
    await field(page, 'fund_password').fill('secret1');
    await shoot(page, `${language}-aid-fund-donate-content`);
    await sheet.getByRole('button', { name: aid.donate, exact: true }).click();
    await expect(sheet).toHaveCount(0);

    const partner = await addAidPartner(page.request, {
      name: `${language} Mind Care Foundation`,
      address: privateKeyToAccount(generatePrivateKey()).address,
      website: 'https://example.org/mind-care',
    });
    await grantFromAidFund(page.request, {
      partner_id: partner,
      asset: 'WALLX',
      amount: '5.5',
      reason: 'Counselling sessions for students',
    });
    // The payout worker pays it; its confirmations need blocks of their own. Shown once paid.
    const config = await depositConfig(page.request);
    await expect
      .poll(
        async () => {
          await mine(config.rpc_url, 1);
          const grants = (await (await page.request.get('/api/aid-fund/grants?limit=50')).json()) as {
            data: { items: Array<{ partner: string }> };
          };
          return grants.data.items.some((grant) => grant.partner.startsWith(language));
        },
        { timeout: 60_000, intervals: [1_000] },
      )
      .toBe(true);
    await page.reload();
    await expect(page.getByTestId('grants').locator('li', { hasText: language })).toContainText(formatNumber('5.5'));
    await expect(page.getByTestId('donations').locator('li').first()).toContainText(formatNumber('20'));
    await toastGone(page);
    await shoot(page, `${language}-aid-fund-content`);
    await shoot(page, `${language}-aid-fund-content-full`, true);
  });
}
