import {
  MONEY_REPORT_DEFAULT_DAYS,
  MONEY_REPORT_MAX_DAYS,
  type MoneyReport,
  type MoneyReportQuery,
  MONEY_SETTINGS_SUBJECT,
  type MoneySettings as MoneySettingsView,
  type MoneySettingsUpdate,
  type OperatorDeposit,
  type OperatorDepositQuery,
  type OperatorDepositReport,
  type OperatorDepositReportQuery,
  type OperatorWithdrawal,
  type OperatorWithdrawalQuery,
  type Page,
  type Proposal,
} from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import type { MoneySettings, StoredMoneySettings } from '../../kernel/money-settings/money-settings.js';
import { decodeKeysetCursor, encodeKeysetCursor } from '../../platform/pagination/cursor.js';
import { pageById, toPage } from '../../platform/pagination/page.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import type { OperatorMoneyRepository, OperatorWithdrawalRow, ReportPosition } from './repository.js';

type Deps = {
  db: Db;
  repository: OperatorMoneyRepository;
  settings: MoneySettings;
  chain: Pick<ChainContext, 'kind' | 'chainId' | 'confirmations' | 'depositAddress' | 'hotWallet'>;
  /** The day the report groups by starts at midnight here (the output job's zone). */
  timeZone: string;
  stuckAfterMs: number;
  /** A change of the fees and limits is a proposal another operator approves (decision 118). */
  propose: Propose;
  now?: () => number;
};

const toWithdrawal = (r: OperatorWithdrawalRow): OperatorWithdrawal => ({
  ...r,
  review_reason: r.review_reason as OperatorWithdrawal['review_reason'],
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const DAY_MS = 24 * 60 * 60 * 1000;
const isReportValue = (v: string) => /^\d{1,20}\|0x[0-9a-f]{64}$/.test(v);

/** Money as operators see it: withdrawals and deposits of every user, the fees and limits, the daily report. */
export function createOperatorMoney({
  db,
  repository,
  settings,
  chain,
  timeZone,
  stuckAfterMs,
  propose,
  now = Date.now,
}: Deps) {
  const view = (stored: StoredMoneySettings): MoneySettingsView => ({
    ...stored.values,
    version: stored.version,
    updated_by: stored.updated_by,
    approved_by: stored.approved_by,
    updated_at: stored.updated_at?.toISOString() ?? null,
    chain: {
      name: chain.kind,
      chain_id: chain.chainId,
      confirmations: chain.confirmations,
      deposit_address: chain.depositAddress.toLowerCase(),
      hot_wallet: chain.hotWallet.address.toLowerCase(),
    },
  });

  return {
    withdrawals(query: OperatorWithdrawalQuery): Promise<Page<OperatorWithdrawal>> {
      const filter = { status: query.status, asset: query.asset, user: query.user, stuckAfterMs };
      return pageById(query, async (range) => (await repository.withdrawals(db, filter, range)).map(toWithdrawal));
    },

    deposits(query: OperatorDepositQuery): Promise<Page<OperatorDeposit>> {
      return pageById(query, async (range) =>
        (await repository.deposits(db, { asset: query.asset, user: query.user }, range)).map((d) => ({
          ...d,
          credited_at: d.credited_at.toISOString(),
        })),
      );
    },

    async depositReports(query: OperatorDepositReportQuery): Promise<Page<OperatorDepositReport>> {
      const cursor = decodeKeysetCursor(query.cursor, isReportValue);
      const after: ReportPosition | null = cursor
        ? { reportedUs: cursor.v.split('|')[0]!, txHash: cursor.v.split('|')[1]!, userId: cursor.id }
        : null;
      const rows = await repository.depositReports(db, { status: query.status }, after, query.limit);
      const items = rows.map(({ user_id: _userId, reported_us: _us, ...r }) => ({
        ...r,
        reported_at: r.reported_at.toISOString(),
        checked_at: r.checked_at.toISOString(),
      }));
      const page = toPage(rows, query.limit, (last) =>
        encodeKeysetCursor({ v: `${last.reported_us}|${last.tx_hash}`, id: last.user_id }),
      );
      return { items, next_cursor: page.next_cursor };
    },

    async settings(): Promise<MoneySettingsView> {
      return view(await settings.read());
    },

    /** Proposes the whole set, made on the version read; nothing changes until another operator approves. */
    proposeSettings(operator: string, input: MoneySettingsUpdate): Promise<Proposal> {
      return propose(operator, {
        kind: 'money_settings.update',
        subjectId: MONEY_SETTINGS_SUBJECT,
        reason: '',
        detail: input,
      });
    },

    async report(query: MoneyReportQuery): Promise<MoneyReport> {
      // The default range ends today where the days are counted: an operator west of the zone
      // opening the report in their evening sees the zone's today, already the next day.
      const to = query.to ?? dayInZone(now(), timeZone);
      const from = query.from ?? addDays(to, 1 - MONEY_REPORT_DEFAULT_DAYS);
      const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
      if (days < 1 || days > MONEY_REPORT_MAX_DAYS)
        throw new AppError('money_report_range', {
          field: days < 1 ? 'from' : 'to',
          params: { days: MONEY_REPORT_MAX_DAYS },
        });
      const rows = await repository.dailyTotals(db, { from, to, timeZone });
      return { from, to, time_zone: timeZone, rows: rows.map((r) => ({ ...r, count: Number(r.count) })) };
    },
  };
}

export type OperatorMoney = ReturnType<typeof createOperatorMoney>;
