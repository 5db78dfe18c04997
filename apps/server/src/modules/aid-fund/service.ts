import {
  compare,
  shortAddress,
  type AidDonation,
  type AidDonationRequest,
  type AidDonationResult,
  type AidFund,
  type AidGrant,
  type Page,
} from '@wallx/shared';
import type { FundPasswords } from '../../kernel/fund-password/fund-password.js';
import type { Idempotency } from '../../kernel/idempotency/idempotency.js';
import type { Ledger } from '../../kernel/ledger/ledger.js';
import { lockActiveUser } from '../../kernel/users/active.js';
import type { UserRepository } from '../../kernel/users/repository.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { pageById, type PageQuery } from '../../platform/pagination/page.js';
import type { AidFundRepository, DonationRow } from './repository.js';

type Deps = {
  db: Db;
  ledger: Ledger;
  users: UserRepository;
  fundPasswords: FundPasswords;
  idempotency: Idempotency;
  repository: AidFundRepository;
};

/** The donor's short address when they chose to be shown; nobody's id, ever. */
const donationView = (row: DonationRow): AidDonation => ({
  id: row.id,
  asset: row.asset,
  amount: row.amount,
  donor: row.shown ? shortAddress(row.user) : null,
  created_at: row.created_at.toISOString(),
});

/**
 * The aid fund as everyone sees it (issue 48, decision 147), and donations into it. Every figure is
 * read from the books; a donation is the posting from the donor to `aid_fund` and its row, in one
 * transaction.
 */
export function createAidFundService({ db, ledger, users, fundPasswords, idempotency, repository }: Deps) {
  return {
    async fund(): Promise<AidFund> {
      const [assets, partners] = await Promise.all([
        repository.totals(db),
        repository.partners(db, { activeOnly: true }),
      ]);
      return {
        assets,
        partners: partners.map(({ id, name, address, website }) => ({ id, name, address, website })),
      };
    },

    donations(query: PageQuery): Promise<Page<AidDonation>> {
      return pageById(query, async (range) => (await repository.donations(db, range)).map(donationView));
    },

    grants(query: PageQuery): Promise<Page<AidGrant>> {
      return pageById(query, async (range) =>
        (await repository.grants(db, range, { paidOnly: true })).map((g) => ({
          id: g.id,
          partner: g.partner,
          asset: g.asset,
          amount: g.amount,
          tx_hash: g.tx_hash!,
          paid_at: g.paid_at!.toISOString(),
        })),
      );
    },

    /**
     * A donation of WALLX or USDT. Checked before the fund password (Argon2, the slow step) so a
     * donation that cannot be paid costs no password try; the posting itself never overdraws (it
     * moves the balance only where it covers the amount), so racing donations past the balance fail.
     */
    async donate(
      donor: { id: string; address: string },
      input: AidDonationRequest,
      idempotencyKey: string | undefined,
    ): Promise<AidDonationResult> {
      const { fund_password, ...request } = input;
      const shown = request.show_me ?? false;
      const idem = {
        userId: donor.id,
        key: idempotencyKey,
        scope: 'aid_fund.donate',
        body: { ...request, show_me: shown },
      };
      const earlier = await idempotency.previous<AidDonationResult>(idem);
      if (earlier) return earlier;
      const balances = await users.balances(db, donor.id);
      if (compare(input.asset === 'USDT' ? balances.usdt : balances.wallx, input.amount) < 0)
        throw new AppError(input.asset === 'USDT' ? 'insufficient_usdt' : 'insufficient_wallx', { field: 'amount' });
      await fundPasswords.verify(donor.id, fund_password);

      return idempotency.run(idem, async (trx) => {
        await lockActiveUser(trx, donor.id);
        const { transactionId } = await ledger.post(trx, {
          debit: { user: donor.id },
          credit: { platform: 'aid_fund' },
          asset: input.asset,
          amount: input.amount,
          type: 'donation',
        });
        const row = await repository.insertDonation(trx, {
          userId: donor.id,
          asset: input.asset,
          amount: input.amount,
          shown,
          transactionId,
        });
        return {
          donation: {
            id: row.id,
            asset: input.asset,
            amount: input.amount,
            donor: shown ? shortAddress(donor.address) : null,
            shown,
            created_at: row.created_at.toISOString(),
          },
        };
      });
    },
  };
}
export type AidFundService = ReturnType<typeof createAidFundService>;
