import { PAGE_SIZE, shortAddress, type Leaderboard, type LeaderboardProfile } from '@wallx/shared';
import type { Rewards } from '../../kernel/rewards/rewards.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { LeaderboardRepository, PrizeRow, RankedRow } from './repository.js';
import { aheadOf, bucketAt, createWeekStats, type WeekStats } from './week-stats.js';
import { isMonday, weekEnds, weekOf } from './weeks.js';

type Deps = {
  db: Db;
  repository: LeaderboardRepository;
  rewards: Pick<Rewards, 'settings'>;
  timeZone: string;
  now?: () => number;
};

/** A place with no prize, or a zero one, shows none. */
const isZero = (amount: string) => /^0+(\.0+)?$/.test(amount);
const nonZero = (amount: string | null) => (amount !== null && !isZero(amount) ? amount : null);

/** The name a place shows: the nickname, unless there is none or an operator hid it. */
export const shownName = (row: Pick<RankedRow, 'nickname' | 'hidden' | 'address'>): string =>
  row.nickname !== null && !row.hidden ? row.nickname : shortAddress(row.address);

/** The board of one week as both the app and the console read it: its places, prizes and state. */
export type WeekBoard = {
  week: string;
  ends: string;
  closed: boolean;
  page: number;
  total: number;
  /** The prizes by place: the settings' for an open week, what was recorded for a closed one. */
  prizes: string[];
  stats: WeekStats;
  /** A closed week's recorded places; empty for an open one. */
  recorded: PrizeRow[];
  rows: (RankedRow & { rank: number; prize: string | null })[];
};

export function createLeaderboardService({ db, repository, rewards, timeZone, now = Date.now }: Deps) {
  const weekStats = createWeekStats({ repository });

  /** The week asked for, or this one: a Monday that has begun. */
  function weekAsked(week: string | undefined): string {
    const current = weekOf(now(), timeZone);
    if (week === undefined) return current;
    if (!isMonday(week) || week > current) throw new AppError('leaderboard_week_invalid', { field: 'week' });
    return week;
  }

  /**
   * A page's places. Past the first page the rank index is entered at the bucket the page starts in
   * (the week's counts say which), so that page 40,000 does not walk 800,000 places to get there.
   */
  async function pageOf(week: string, stats: WeekStats, offset: number): Promise<RankedRow[]> {
    if (offset === 0) return repository.ranked(db, week, 0, PAGE_SIZE);
    const start = bucketAt(stats, offset);
    if (!start) return [];
    return repository.rankedFrom(db, week, start, offset - start.before, PAGE_SIZE);
  }

  async function weekBoard(query: { week?: string | undefined; page: number }): Promise<WeekBoard> {
    const week = weekAsked(query.week);
    const ends = weekEnds(week, timeZone);
    const offset = (query.page - 1) * PAGE_SIZE;
    const [isClosed, stats] = await Promise.all([repository.isClosed(db, week), weekStats(db, week)]);
    const rows = await pageOf(week, stats, offset);
    // A week that ended with nobody on it has nothing to pay: it is as final as a closed one.
    const closed = isClosed || (ends.getTime() <= now() && !(await repository.hasEntries(db, week)));
    const recorded = isClosed ? await repository.prizes(db, week) : [];
    const prizes = isClosed ? recorded.map((prize) => prize.amount) : (await rewards.settings(db)).values.prizes;
    const paidTo = new Map(recorded.filter((prize) => prize.paid).map((prize) => [prize.user_id, prize.amount]));
    const prizeOf = (rank: number, userId: string): string | null => {
      if (isClosed) return paidTo.get(userId) ?? null;
      const amount = prizes[rank - 1];
      return amount !== undefined && !isZero(amount) ? amount : null;
    };
    return {
      week,
      ends: ends.toISOString(),
      closed,
      page: query.page,
      total: stats.total,
      stats,
      prizes,
      recorded,
      rows: rows.map((row, i) => ({ ...row, rank: offset + i + 1, prize: prizeOf(offset + i + 1, row.user_id) })),
    };
  }

  async function profile(userId: string): Promise<LeaderboardProfile> {
    const row = await repository.profile(db, userId);
    return row
      ? { nickname: row.nickname, on_board: row.on_board, hidden: row.hidden }
      : { nickname: null, on_board: true, hidden: false };
  }

  return {
    weekBoard,
    profile,

    async board(userId: string, query: { week?: string | undefined; page: number }): Promise<Leaderboard> {
      const board = await weekBoard(query);
      const own = await repository.standing(db, board.week, userId);
      const toRow = (row: RankedRow & { rank: number; prize: string | null }) => ({
        rank: row.rank,
        name: shownName(row),
        days: row.days,
        streak: row.streak,
        me: row.user_id === userId,
        prize: row.prize,
      });
      const rankOf = (row: { days: number; streak: number; slice: number; ahead_in_bucket: number }) =>
        aheadOf(board.stats, row.days, row.streak, row.slice) + row.ahead_in_bucket + 1;
      const ownPrize = (rank: number) =>
        board.closed
          ? (board.recorded.find((prize) => prize.paid && prize.user_id === userId)?.amount ?? null)
          : (board.prizes[rank - 1] ?? null);
      return {
        week: board.week,
        ends: board.ends,
        closed: board.closed,
        page: board.page,
        page_size: PAGE_SIZE,
        total: board.total,
        prizes: board.prizes,
        items: board.rows.map(toRow),
        me: own ? toRow({ ...own, rank: rankOf(own), prize: nonZero(ownPrize(rankOf(own))) }) : null,
      };
    },

    /** Joins the board, or renames: a nickname is one user's, whatever its case. */
    async join(userId: string, nickname: string | null): Promise<LeaderboardProfile> {
      if ((await repository.join(db, userId, nickname)) === 'taken')
        throw new AppError('nickname_taken', { field: 'nickname' });
      return profile(userId);
    },

    async leave(userId: string): Promise<LeaderboardProfile> {
      await repository.leave(db, userId);
      return profile(userId);
    },
  };
}
export type LeaderboardService = ReturnType<typeof createLeaderboardService>;
