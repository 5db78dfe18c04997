import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, test } from './test';
import { en_US, fill } from './catalog';
import { deposit, fundedAccount, depositConfig } from './chain';
import { reviewAndConfirm, reviewRow, reviewSheet } from './funds';
import { connectDialog, login, registerWallet, setFundPasswordByApi, waitForApp, expectToast } from './helpers';
import { SEEDED_DAY_FILE, seededMinerOwner } from './seeded-miners.mjs';
import { installWallet } from './wallet';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

const run = promisify(execFile);
/** The server's CLIs find the running e2e server through its data directory. */
const cliEnv = { ...process.env, DATA_DIR: process.env.WALLX_E2E_DATA_DIR };

/** Today in the output job's time zone (the server's default, Asia/Shanghai), as YYYY-MM-DD. */
function todayInShanghai(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

function nextDay(day: string, by: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + by);
  return date.toISOString().slice(0, 10);
}

/** The days from the seeded miners' turn-on day up to yesterday: one, or two after a midnight. */
function endedDaysSinceSeeding(): string[] {
  const seeded = fs.readFileSync(path.join(process.env.WALLX_E2E_DATA_DIR!, SEEDED_DAY_FILE), 'utf8').trim();
  const yesterday = nextDay(todayInShanghai(), -1);
  const days: string[] = [];
  for (let day = seeded; day <= yesterday; day = nextDay(day, 1)) days.push(day);
  return days;
}

/** The seeded miner's daily 1.2 WALLX times `days`, as the app prints it (no float). */
function timesOutput(days: number): string {
  const tenths = 12 * days;
  return tenths % 10 === 0 ? String(tenths / 10) : `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

test.describe('mines as a guest', () => {
  test('shows both categories with their products; buying asks to connect a wallet', async ({ page }) => {
    await page.goto('/mines');
    await waitForApp(page);
    await expect(page.locator('.page-header__title')).toHaveText(en_US.nav.mines);
    const tabs = page.getByRole('tablist', { name: en_US.miners.categories });
    await expect(tabs.getByRole('tab', { name: en_US.miners.tab_node })).toHaveAttribute('aria-selected', 'true');

    const genesis = page.getByRole('article', { name: 'Genesis Node' });
    await expect(genesis).toBeVisible();
    await expect(genesis.locator('[data-price="USDT"]')).toContainText('1,000');
    await expect(genesis.locator('[data-price="WALLX"]')).toContainText('5,000');
    await expect(genesis.getByText(fill(en_US.miners.limit, { count: 5 }))).toBeVisible();
    await expect(genesis.getByText(fill(en_US.miners.days, { count: 360 }))).toBeVisible();
    // Paid in WALLX only: no USDT price, and the button says exchange.
    const community = page.getByRole('article', { name: 'Community Node' });
    await expect(community.locator('[data-price="USDT"]')).toHaveCount(0);
    await expect(community.getByRole('button', { name: en_US.miners.exchange })).toBeVisible();
    // No gift product is ever listed.
    await expect(page.getByRole('article', { name: /Welcome/ })).toHaveCount(0);

    await tabs.getByRole('tab', { name: en_US.miners.tab_machine }).click();
    await expect(page).toHaveURL('/mines?tab=machine');
    const home = page.getByRole('article', { name: 'WX-M1 Home Miner' });
    await expect(home).toBeVisible();
    await expect(home.getByText(en_US.miners.physical, { exact: true })).toBeVisible();
    await expect(home.locator('img')).toHaveJSProperty('complete', true);
    expect(await home.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('article', { name: 'Genesis Node' })).toHaveCount(0);

    await home.getByRole('button', { name: en_US.miners.buy }).click();
    await expect(connectDialog(page)).toBeVisible();
    await expect(page.getByRole('dialog', { name: en_US.miners.buy_title })).toHaveCount(0);
  });
});

test.describe('miners from purchase to collected output', () => {
  test('buys two miners, uses them, turns one on, transfers the other', async ({ page }) => {
    test.setTimeout(90_000);
    const config = await depositConfig(page.request);
    const account = await fundedAccount(config, { USDT: '250' });
    const wallet = await installWallet(page, { accounts: [account] });
    await login(page, wallet);
    await setFundPasswordByApi(page, 'secret1');
    // Money enters from the chain: a real deposit of 250 USDT.
    await deposit(page, account, config, 'USDT', '250');

    // Buy two Home Miners (100 USDT each) with USDT.
    const buys: Array<{ key: string | undefined; body: unknown }> = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/miners/buy')
        buys.push({ key: request.headers()['idempotency-key'], body: request.postDataJSON() });
    });
    await page.goto('/mines?tab=machine');
    await page
      .getByRole('article', { name: 'WX-M1 Home Miner' })
      .getByRole('button', { name: en_US.miners.buy })
      .click();
    const sheet = page.getByRole('dialog', { name: en_US.miners.buy_title });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole('radio', { name: new RegExp(en_US.miners.buy_usdt) })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(sheet.locator('[data-balance="USDT"]')).toHaveText('250 USDT');
    await sheet.getByRole('button', { name: en_US.miners.increase }).click();
    await expect(sheet.getByTestId('buy-total')).toHaveText('200 USDT');
    // WALLX: nothing to pay with, said before sending.
    await sheet.getByRole('radio', { name: new RegExp(en_US.miners.exchange_wallx) }).click();
    await expect(sheet.getByText(en_US.errors.insufficient_wallx)).toBeVisible();
    await expect(sheet.getByRole('button', { name: en_US.miners.confirm_exchange })).toBeDisabled();
    await sheet.getByRole('radio', { name: new RegExp(en_US.miners.buy_usdt) }).click();
    await sheet.getByRole('button', { name: en_US.miners.confirm_buy }).click();

    await expectToast(page, en_US.miners.buy_success);
    await expect(page).toHaveURL('/orders');
    expect(buys).toHaveLength(1);
    expect(buys[0]?.body).toMatchObject({ pay_asset: 'USDT', quantity: 2 });
    expect(buys[0]?.key).toMatch(/^[0-9a-f-]{36}$/);

    // Two orders to use; each places a miner.
    const orders = page.locator('.order[data-status="unused"]');
    await expect(orders).toHaveCount(2);
    await expect(orders.first()).toContainText(fill(en_US.miners.paid, { amount: '100', asset: 'USDT' }));
    const machineNumbers: string[] = [];
    for (let n = 0; n < 2; n += 1) {
      const answer = page.waitForResponse((r) => /\/api\/miners\/orders\/[^/]+\/use$/.test(new URL(r.url()).pathname));
      await orders.first().getByRole('button', { name: en_US.miners.use }).click();
      const body = (await (await answer).json()) as { data: { miner: { machine_no: string } } };
      machineNumbers.push(body.data.miner.machine_no);
      await expectToast(page, fill(en_US.miners.use_success, { machine_no: body.data.miner.machine_no }));
      await expect(orders).toHaveCount(1 - n);
    }
    expect(machineNumbers[0]).toMatch(/^WX\d{8}$/);
    await expect(page.getByRole('heading', { name: en_US.miners.empty_unused })).toBeVisible();
    await page.getByRole('tab', { name: en_US.miners.tab_used }).click();
    await expect(page.locator('.order[data-status="used"]')).toHaveCount(2);

    // My miners: both off. Turn the first on, after the warning.
    await page.goto('/mine');
    const [onNo, otherNo] = machineNumbers as [string, string];
    const first = page.locator(`.miner[data-miner="${onNo}"]`);
    const second = page.locator(`.miner[data-miner="${otherNo}"]`);
    await expect(first.locator('[data-state]').first()).toHaveText(en_US.miners.state.off);
    await first.getByRole('button', { name: en_US.miners.turn_on }).click();
    const dialog = page.locator('.adm-dialog');
    await expect(dialog).toContainText(fill(en_US.miners.turn_on_confirm, { machine_no: onNo }));
    await dialog.getByRole('button', { name: en_US.miners.turn_on }).click();
    await expectToast(page, fill(en_US.miners.turn_on_success, { machine_no: onNo }));
    await expect(first).toHaveAttribute('data-state', 'on');
    await expect(first.getByRole('img', { name: en_US.miners.mining_now })).toBeVisible();
    // An on miner can be neither turned on again nor transferred.
    await expect(first.getByRole('button', { name: en_US.miners.transfer })).toHaveCount(0);

    // Transfer the other one: the address rules of the funds transfer first.
    const recipient = await registerWallet(page.request);
    await second.getByRole('button', { name: en_US.miners.transfer }).click();
    const transfer = page.getByRole('dialog', { name: en_US.miners.transfer_title });
    await transfer.getByRole('button', { name: en_US.miners.transfer_review }).click();
    await expect(transfer.getByText(en_US.funds.recipient_required)).toBeVisible();
    await expect(transfer.getByText(en_US.funds.fund_password_required)).toBeVisible();
    await transfer.locator('#to').fill(wallet.address.toUpperCase().replace('0X', '0x'));
    await expect(transfer.getByText(en_US.errors.transfer_to_self)).toBeVisible();
    await transfer.locator('#to').fill('0x1234');
    await expect(transfer.getByText(en_US.errors.invalid_wallet_account)).toBeVisible();
    // A well-formed address that never signed in: the check before the review says so on the field.
    await transfer.locator('#to').fill(privateKeyToAccount(generatePrivateKey()).address);
    await transfer.locator('#fund_password').fill('wrong-one');
    await transfer.getByRole('button', { name: en_US.miners.transfer_review }).click();
    await expect(transfer.locator('#to-message')).toHaveText(en_US.errors.invalid_wallet_account);
    await expect(transfer.locator('#to')).toHaveAttribute('aria-invalid', 'true');
    await expect(reviewSheet(page)).toBeHidden();
    await transfer.locator('#to').fill(recipient);
    // The review, over the transfer sheet: the whole address and the machine; Back leaves the form as typed.
    await transfer.getByRole('button', { name: en_US.miners.transfer_review }).click();
    await expect(reviewRow(page, 'address')).toHaveText(recipient);
    await expect(reviewRow(page, 'machine')).toHaveText(otherNo);
    await reviewSheet(page).getByRole('button', { name: en_US.common.back }).click();
    await expect(reviewSheet(page)).toBeHidden();
    await expect(transfer.locator('#to')).toHaveValue(recipient);
    await reviewAndConfirm(page, { review: en_US.miners.transfer_review, confirm: en_US.miners.transfer_submit });
    await expectToast(page, fill(en_US.errors.fund_password_incorrect, { tries_left: 4, minutes: 15 }));
    await expect(reviewSheet(page)).toBeHidden();
    await transfer.locator('#fund_password').fill('secret1');
    await reviewAndConfirm(page, { review: en_US.miners.transfer_review, confirm: en_US.miners.transfer_submit });
    await expectToast(page, en_US.miners.transfer_success);
    await expect(transfer).toBeHidden();
    await expect(second).toHaveCount(0);
    await expect(page.locator('.miner')).toHaveCount(1);
  });

  test('collects the output of a miner on since yesterday, once the daily job has produced the day', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    // A miner turned on yesterday, seeded before the server started: today has not ended, and the
    // job produces only days that have. A run that crossed midnight (in the output's time zone)
    // since the seeding finds two ended days, and produces both.
    const wallet = await installWallet(page, { accounts: [seededMinerOwner(test.info().repeatEachIndex)] });
    await login(page, wallet);
    const days = endedDaysSinceSeeding();
    for (const day of days) {
      const { stdout } = await run('node', ['apps/server/dist/cli/jobs-output.js', '--date', day], {
        cwd: repoRoot,
        env: cliEnv,
      });
      expect(stdout).toMatch(/output record/);
    }
    const total = timesOutput(days.length);
    // Today cannot be produced yet.
    await expect(
      run('node', ['apps/server/dist/cli/jobs-output.js', '--date', todayInShanghai()], { cwd: repoRoot, env: cliEnv }),
    ).rejects.toThrow(/has not ended yet/);

    await page.goto('/mine');
    const onNo = (await page.locator('.miner[data-state="on"]').first().getAttribute('data-miner'))!;
    expect(onNo).toMatch(/^WX\d{8}$/);
    await page.goto('/mymines');
    await expect(page.locator(`.output[data-status="to_collect"]`, { hasText: onNo })).toHaveCount(days.length);
    const record = page.locator(`.output[data-status="to_collect"]`, { hasText: onNo }).filter({
      hasText: days[days.length - 1],
    });
    await expect(record).toBeVisible();
    await expect(record.locator('.output__amount')).toContainText('+1.2');
    await expect(page.getByTestId('summary-mining')).toHaveText('1');
    await expect(page.getByTestId('to-collect-amount')).toContainText(total);
    // The same account collects everything in another tab; this tab's list is now stale, and its
    // record's own Collect is refused by the server: the spec's "Collection failed", with the reason.
    const other = await page.context().newPage();
    await other.goto('/mymines');
    await other.getByRole('button', { name: en_US.miners.collect_all }).click();
    await expectToast(other, fill(en_US.miners.collect_all_success, { amount: total }));
    await other.close();
    await record.getByRole('button', { name: en_US.miners.collect }).click();
    await expectToast(page, `${en_US.miners.collect_failed}: ${en_US.errors.output_already_collected}`);
    await page.reload();
    await expect(page.getByTestId('collected-amount')).toHaveText(total);
    await expect(page.getByRole('heading', { name: en_US.miners.empty_to_collect })).toBeVisible();
    await expect(page.getByRole('button', { name: en_US.miners.collect_all })).toBeDisabled();
    await page.getByRole('tab', { name: en_US.miners.tab_collected }).click();
    await expect(page.locator('.output[data-status="collected"]', { hasText: onNo })).toHaveCount(days.length);

    await page.goto('/mine');
    await expect(page.locator(`.miner[data-miner="${onNo}"]`).getByTestId('miner-output')).toContainText('1.2');

    await page.goto('/user');
    await expect(page.locator('[data-asset="WALLX"]')).toHaveText(total);
    await page.goto('/records');
    const outputs = page.locator('.record', { hasText: en_US.funds.type.mining_output });
    await expect(outputs).toHaveCount(days.length);
    await expect(outputs.first()).toContainText('+1.2');
  });
});
