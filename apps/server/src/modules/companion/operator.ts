import {
  AGGREGATE_MIN_PEOPLE,
  MONEY_REPORT_DEFAULT_DAYS,
  MONEY_REPORT_MAX_DAYS,
  type CompanionSettings,
  type CompanionSettingsUpdate,
  type CompanionSummary,
  type WellbeingSummaryQuery,
} from '@wallx/shared';
import { recordAudit } from '../../kernel/audit/audit.js';
import { AppError } from '../../platform/errors/app-error.js';
import { transaction } from '../../platform/db/transaction.js';
import { addDays, dayInZone } from '../../platform/time/days.js';
import { limitsInForce, type CompanionDeps } from './deps.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The console's companion page: counts, errors and spend per day, and the allowance and budget.
 * Nothing here reads a message: operators never see a word of a conversation. The allowance and the
 * budget bound a cost, move no one's money, and take effect at once with an audit row (decision 156).
 */
export function createCompanionConsole(deps: CompanionDeps) {
  const { db, repository, config, timeZone, now = Date.now } = deps;

  async function settings(): Promise<CompanionSettings> {
    const limits = await limitsInForce(deps);
    return {
      daily_messages: limits.dailyMessages,
      daily_token_budget: limits.dailyTokenBudget,
      version: limits.row?.version ?? 0,
      updated_by: limits.row?.updated_by ?? null,
      updated_at: limits.row?.updated_at.toISOString() ?? null,
    };
  }

  return {
    settings,

    async summary(query: WellbeingSummaryQuery): Promise<CompanionSummary> {
      const to = query.to ?? dayInZone(now(), timeZone);
      const from = query.from ?? addDays(to, 1 - MONEY_REPORT_DEFAULT_DAYS);
      const length = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
      if (length < 1 || length > MONEY_REPORT_MAX_DAYS)
        throw new AppError('money_report_range', {
          field: length < 1 ? 'from' : 'to',
          params: { days: MONEY_REPORT_MAX_DAYS },
        });
      const [rows, conversations] = await Promise.all([
        repository.days(db, { from, to }),
        repository.conversationCount(db),
      ]);
      const byDay = new Map(rows.map((row) => [row.day, row]));
      const days = Array.from({ length }, (_, i) => {
        const day = addDays(to, -i);
        const row = byDay.get(day);
        // A day few people wrote on says too much of each: its counts are withheld, its spend is not.
        const shown = (count: number | undefined) => (row && row.people < AGGREGATE_MIN_PEOPLE ? null : (count ?? 0));
        return {
          day,
          messages: shown(row?.messages),
          answers: shown(row?.answers),
          errors: shown(row?.errors),
          crisis: shown(row?.crisis),
          prompt_tokens: Number(row?.prompt_tokens ?? 0),
          completion_tokens: Number(row?.completion_tokens ?? 0),
          estimated_tokens: Number(row?.estimated_tokens ?? 0),
        };
      });
      return {
        from,
        to,
        time_zone: timeZone,
        configured: Boolean(config.model && deps.cipher),
        model: config.model?.model ?? null,
        days,
        conversations,
        min_people: AGGREGATE_MIN_PEOPLE,
      };
    },

    /** Made on the version read: a change another operator made meanwhile is not overwritten. */
    async saveSettings(operator: string, input: CompanionSettingsUpdate): Promise<CompanionSettings> {
      await transaction(db, async (trx) => {
        const before = await repository.lockSettings(trx);
        const version = before?.version ?? 0;
        if (input.version !== version)
          throw new AppError('companion_settings_stale', { field: 'version', data: { version } });
        const limits = await limitsInForce({ ...deps, db: trx });
        await repository.saveSettings(trx, {
          dailyMessages: input.daily_messages,
          dailyTokenBudget: input.daily_token_budget,
          version: version + 1,
          updatedBy: operator,
        });
        await recordAudit(trx, {
          operator,
          action: 'companion_settings.update',
          subjectType: 'companion_settings',
          subjectId: 'companion',
          before: { daily_messages: limits.dailyMessages, daily_token_budget: limits.dailyTokenBudget, version },
          after: {
            daily_messages: input.daily_messages,
            daily_token_budget: input.daily_token_budget,
            version: version + 1,
          },
        });
      });
      return settings();
    },
  };
}
export type CompanionConsole = ReturnType<typeof createCompanionConsole>;
