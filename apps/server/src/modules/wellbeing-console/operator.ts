import {
  AGGREGATE_MIN_PEOPLE,
  CHECKIN_SETTINGS_SUBJECT,
  MONEY_REPORT_DEFAULT_DAYS,
  MONEY_REPORT_MAX_DAYS,
  REWARDS_BUDGET_SUBJECT,
  SUPPORT_LINE_DEFAULT,
  type CheckinSettings,
  type CheckinSettingsUpdate,
  type OperatorSupportLine,
  type Proposal,
  type RewardsFundRequest,
  type SupportLineUpdate,
  type WellbeingSummary,
  type WellbeingSummaryQuery,
} from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import type { Propose } from '../../kernel/money-decisions/decision-handler.js';
import { settingsView } from '../../kernel/money-decisions/settings-proposal.js';
import type { Rewards } from '../../kernel/rewards/rewards.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import type { SupportLineRow, WellbeingConsoleRepository } from './operator-repository.js';

type Deps = {
  db: Db;
  repository: WellbeingConsoleRepository;
  rewards: Rewards;
  /** Check-in days are counted in the output job's zone; the summary's days are the same days. */
  timeZone: string;
  now?: () => number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

const lineView = (row: SupportLineRow): OperatorSupportLine => ({
  country: row.country,
  name: row.name,
  phone: row.phone,
  url: row.url,
  updated_by: row.updated_by,
  updated_at: row.updated_at.toISOString(),
});

/**
 * The console's well-being page (issue 47). Operators see aggregates only, never one person's mood,
 * feelings or note: a day's count and average mood appear only over AGGREGATE_MIN_PEOPLE or more.
 * Changing the reward rules and adding to the budget are proposals another operator approves.
 */
export function createWellbeingConsole({ db, repository, rewards, timeZone, now = Date.now }: Deps) {
  /** The money report's range rules: both ends or neither (the last 7 days up to the zone's today), at most 92 days. */
  function rangeOf(query: WellbeingSummaryQuery): { from: string; to: string } {
    const to = query.to ?? dayInZone(now(), timeZone);
    const from = query.from ?? addDays(to, 1 - MONEY_REPORT_DEFAULT_DAYS);
    const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
    if (days < 1 || days > MONEY_REPORT_MAX_DAYS)
      throw new AppError('money_report_range', {
        field: days < 1 ? 'from' : 'to',
        params: { days: MONEY_REPORT_MAX_DAYS },
      });
    return { from, to };
  }

  return {
    async summary(query: WellbeingSummaryQuery): Promise<WellbeingSummary> {
      const { from, to } = rangeOf(query);
      const [checkins, paid, totals, balance] = await Promise.all([
        repository.dailyCheckins(db, { from, to, minPeople: AGGREGATE_MIN_PEOPLE }),
        repository.dailyRewardsPaid(db, { from, to, timeZone }),
        repository.budgetTotals(db),
        rewards.balance(db),
      ]);
      const checkinsByDay = new Map(checkins.map((row) => [row.day, row]));
      const paidByDay = new Map(paid.map((row) => [row.day, row.paid]));
      // Every day of the range, newest first, so a day nobody checked in on shows as such.
      const days = Array.from({ length: (Date.parse(to) - Date.parse(from)) / DAY_MS + 1 }, (_, i) => {
        const day = addDays(to, -i);
        const aggregate = checkinsByDay.get(day);
        return {
          day,
          // No row and a row below the minimum read alike: fewer than the minimum checked in.
          checkins: aggregate?.checkins ?? null,
          average_mood: aggregate?.average_mood ?? null,
          rewards_paid: paidByDay.get(day) ?? '0',
        };
      });
      return {
        from,
        to,
        time_zone: timeZone,
        min_people: AGGREGATE_MIN_PEOPLE,
        days,
        budget: { balance, funded: totals.funded, paid: totals.paid },
      };
    },

    async settings(): Promise<CheckinSettings> {
      return settingsView(await rewards.settings(db));
    },

    /** The whole set, made on the version read; nothing changes until another operator approves. */
    proposeSettings(propose: Propose, operator: string, input: CheckinSettingsUpdate): Promise<Proposal> {
      return propose(operator, {
        kind: 'checkin_settings.update',
        subjectId: CHECKIN_SETTINGS_SUBJECT,
        reason: '',
        detail: input,
      });
    },

    proposeFunding(propose: Propose, operator: string, input: RewardsFundRequest): Promise<Proposal> {
      return propose(operator, {
        kind: 'rewards.fund',
        subjectId: REWARDS_BUDGET_SUBJECT,
        reason: input.reason,
        detail: { amount: input.amount },
      });
    },

    async supportLines(): Promise<{ items: OperatorSupportLine[] }> {
      return { items: (await repository.supportLines(db)).map(lineView) };
    },

    async saveSupportLine(operator: string, country: string, input: SupportLineUpdate): Promise<OperatorSupportLine> {
      return db.transaction().execute(async (trx) => {
        const before = await repository.lockSupportLine(trx, country);
        const saved = await repository.saveSupportLine(trx, { country, ...input, updatedBy: operator });
        await recordAudit(trx, {
          operator,
          action: before ? 'support_line.update' : 'support_line.add',
          subjectType: 'support_line',
          subjectId: country,
          before: before ? { name: before.name, phone: before.phone, url: before.url } : null,
          after: input,
        });
        return lineView(saved);
      });
    },

    /** The default line answers for every country without one: it is edited, never removed. */
    async deleteSupportLine(operator: string, country: string): Promise<void> {
      if (country === SUPPORT_LINE_DEFAULT) throw new AppError('support_line_default_required', { field: 'country' });
      await db.transaction().execute(async (trx) => {
        const before = await repository.lockSupportLine(trx, country);
        if (!before) throw new AppError('support_line_not_found', { field: 'country' });
        await repository.deleteSupportLine(trx, country);
        await recordAudit(trx, {
          operator,
          action: 'support_line.delete',
          subjectType: 'support_line',
          subjectId: country,
          before: { name: before.name, phone: before.phone, url: before.url },
          after: null,
        });
      });
    },
  };
}
export type WellbeingConsole = ReturnType<typeof createWellbeingConsole>;
