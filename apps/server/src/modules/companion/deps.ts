import type { Language, SupportLine } from '@wallx/shared';
import type { CompanionConfig } from '../../platform/config/companion.js';
import type { Db, Executor } from '../../platform/db/database.js';
import type { MessageCipher } from './crypto.js';
import type { CompanionRepository, SettingsRow } from './repository.js';

export type CompanionDeps = {
  db: Db;
  repository: CompanionRepository;
  config: CompanionConfig;
  /** null without a data key: nothing can be written or read. */
  cipher: MessageCipher | null;
  /** The allowance and the budget are counted per day of the output zone, as check-ins are. */
  timeZone: string;
  now?: () => number;
};

/**
 * Who asks, as the stream needs them: their id, their language, and the country their browser names
 * (`?country=`, the region of the phone's own locale; decision 159), not the app's language: the app
 * sends the language it shows, which says nothing of where the user is.
 */
export type Asker = { userId: string; language: Language; country: string | undefined };

/** The allowance and the budget in force: the operators' settings, else the deployment's defaults. */
export async function limitsInForce({
  db,
  repository,
  config,
}: { db: Executor } & Pick<CompanionDeps, 'repository' | 'config'>) {
  return limitsOf(config, await repository.settings(db));
}

/** The allowance and the budget of a settings row, else the deployment's defaults. */
export function limitsOf(config: CompanionDeps['config'], row: SettingsRow | undefined) {
  return {
    dailyMessages: row?.daily_messages ?? config.dailyMessages,
    dailyTokenBudget: row ? Number(row.daily_token_budget) : config.dailyTokenBudget,
    row,
  };
}

/**
 * The crisis line for who asks (decisions 159, 161): the country they picked on the crisis card, else
 * their default delivery address's (where what they buy is sent: where they live), else the one their
 * browser names, else the operators' default line (which the list always keeps; the literal only if
 * an operator emptied the table).
 */
export async function crisisLineFor(
  { db, repository }: Pick<CompanionDeps, 'db' | 'repository'>,
  asker: Asker,
): Promise<SupportLine> {
  const country =
    (await repository.crisisCountry(db, asker.userId)) ??
    (await repository.userCountry(db, asker.userId)) ??
    asker.country;
  return (
    (await repository.supportLine(db, country)) ?? {
      country: 'default',
      name: 'Find a Helpline',
      phone: null,
      url: 'https://findahelpline.com',
    }
  );
}
