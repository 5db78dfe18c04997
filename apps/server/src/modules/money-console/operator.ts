import {
  MONEY_REPORT_DEFAULT_DAYS,
  MONEY_REPORT_MAX_DAYS,
  type MoneyReport,
  type MoneyReportQuery,
  MONEY_SETTINGS_SUBJECT,
  type MoneySettings as MoneySettingsView,
  type MoneySettingsUpdate,
  type Proposal,
} from '@wallx/shared';
import type { ChainContext } from '../../platform/chain/context.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { settingsView } from '../../kernel/money-decisions/settings-proposal.js';
import type { MoneySettings, StoredMoneySettings } from '../../kernel/money-settings/money-settings.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import type { MoneyConsoleRepository } from './operator-repository.js';

type Deps = {
  db: Db;
  repository: MoneyConsoleRepository;
  settings: MoneySettings;
  chain: Pick<ChainContext, 'kind' | 'chainId' | 'confirmations' | 'depositAddress' | 'hotWallet'>;
  /** The day the report groups by starts at midnight here (the output job's zone). */
  timeZone: string;
  /** A change of the fees and limits is a proposal another operator approves (decision 118). */
  propose: Propose;
  now?: () => number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** The console's money settings (fees, limits, the chain's) and the daily money report. */
export function createMoneyConsole({ db, repository, settings, chain, timeZone, propose, now = Date.now }: Deps) {
  const view = (stored: StoredMoneySettings): MoneySettingsView => ({
    ...settingsView(stored),
    chain: {
      name: chain.kind,
      chain_id: chain.chainId,
      confirmations: chain.confirmations,
      deposit_address: chain.depositAddress.toLowerCase(),
      hot_wallet: chain.hotWallet.address.toLowerCase(),
    },
  });

  return {
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
export type MoneyConsole = ReturnType<typeof createMoneyConsole>;
