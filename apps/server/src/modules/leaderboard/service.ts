import { PAGE_SIZE, shortAddress, type Leaderboard, type LeaderboardProfile } from '@wallx/shared';
import type { Rewards } from '../../kernel/rewards/rewards.js';
import type { Db } from '../../platform/db/database.js';
import { AppError } from '../../platform/errors/app-error.js';
import type { LeaderboardRepository, PageStart, PrizeRow, RankedRow } from './repository.js';
import { aheadOf, createWeekStats, sliceAt, type WeekStats } from './week-stats.js';
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
   * Where a page starts: the first from the top of the rank index, without waiting for the week's
   * counts (a small week's are counted at every read); a later one at the slice its first place is in
   * (the counts say which), so that page 40,000 does not walk 800,000 places to get there. Null past the end.
   */
  const startOf = async (stats: Promise<WeekStats>, offset: number): Promise<PageStart | { top: number } | null> =>
    offset === 0 ? { top: 0 } : sliceAt(await stats, offset);

  /** The prizes by place and what a place shows of them: the settings' for an open week, the record for a closed one. */
  async function prizesOf(week: string, isClosed: boolean, settings: { values: { prizes: string[] } }) {
    const recorded = isClosed ? await repository.prizes(db, week) : [];
    const prizes = isClosed ? recorded.map((prize) => prize.amount) : settings.values.prizes;
    const paidTo = new Map(recorded.filter((prize) => prize.paid).map((prize) => [prize.user_id, prize.amount]));
    const prizeOf = (rank: number, userId: string): string | null => {
      if (isClosed) return paidTo.get(userId) ?? null;
      const amount = prizes[rank - 1];
      return amount !== undefined && !isZero(amount) ? amount : null;
    };
    return { recorded, prizes, prizeOf };
  }

  /** A board from its reads: a week that ended with nobody on it has nothing to pay, as final as a closed one. */
  async function assemble(
    week: string,
    page: number,
    read: { isClosed: boolean; stats: WeekStats; rows: RankedRow[]; settings: { values: { prizes: string[] } } },
  ): Promise<WeekBoard & { prizeOf: (rank: number, userId: string) => string | null }> {
    const ends = weekEnds(week, timeZone);
    const closed = read.isClosed || (ends.getTime() <= now() && !(await repository.hasEntries(db, week)));
    const { recorded, prizes, prizeOf } = await prizesOf(week, read.isClosed, read.settings);
    const offset = (page - 1) * PAGE_SIZE;
    return {
      week,
      ends: ends.toISOString(),
      closed,
      page,
      total: read.stats.total,
      stats: read.stats,
      prizes,
      recorded,
      rows: read.rows.map((row, i) => ({ ...row, rank: offset + i + 1, prize: prizeOf(offset + i + 1, row.user_id) })),
      prizeOf,
    };
  }

  /** The board as the console reads it: its reads do not wait on one another but for the week's counts (kept). */
  async function weekBoard(query: { week?: string | undefined; page: number }): Promise<WeekBoard> {
    const week = weekAsked(query.week);
    const statsRead = weekStats(db, week);
    const start = await startOf(statsRead, (query.page - 1) * PAGE_SIZE);
    const [isClosed, stats, rows, settings] = await Promise.all([
      repository.isClosed(db, week),
      statsRead,
      start ? rankedPage(week, start) : [],
      rewards.settings(db),
    ]);
    const { prizeOf: _prizeOf, ...board } = await assemble(week, query.page, { isClosed, stats, rows, settings });
    return board;
  }

  const rankedPage = (week: string, start: PageStart | { top: number }) =>
    'top' in start
      ? repository.ranked(db, week, start.top, PAGE_SIZE)
      : repository.rankedFrom(db, week, start, PAGE_SIZE);

  async function profile(userId: string): Promise<LeaderboardProfile> {
    const row = await repository.profile(db, userId);
    return row
      ? { nickname: row.nickname, on_board: row.on_board, hidden: row.hidden }
      : { nickname: null, on_board: true, hidden: false };
  }

  return {
    weekBoard,
    profile,

    /**
     * The board as the app reads it, and the caller's own place. The route checked the token only:
     * the session's check is part of the one statement that reads the page and the place (the
     * settings' read goes beside it), so the request waits on one round trip, as GET /api/user/info does.
     */
    async board(
      caller: { userId: string; sessionId: string },
      query: { week?: string | undefined; page: number },
    ): Promise<Leaderboard> {
      const { userId } = caller;
      const week = weekAsked(query.week);
      const statsRead = weekStats(db, week);
      const start = await startOf(statsRead, (query.page - 1) * PAGE_SIZE);
      const [stats, read, settings] = await Promise.all([
        statsRead,
        repository.userBoard(db, { week, ...caller, start, limit: PAGE_SIZE }),
        rewards.settings(db),
      ]);
      if (!read.live) throw new AppError('unauthorized');
      const board = await assemble(week, query.page, { isClosed: read.closed, stats, rows: read.rows, settings });
      const toRow = (row: RankedRow & { rank: number; prize: string | null }) => ({
        rank: row.rank,
        name: shownName(row),
        days: row.days,
        streak: row.streak,
        me: row.user_id === userId,
        prize: row.prize,
      });
      const own = read.own;
      const rank = own ? aheadOf(stats, own.days, own.streak, own.slice) + own.ahead_in_bucket + 1 : 0;
      return {
        week: board.week,
        ends: board.ends,
        closed: board.closed,
        page: board.page,
        page_size: PAGE_SIZE,
        total: board.total,
        prizes: board.prizes,
        items: board.rows.map(toRow),
        me: own ? toRow({ ...own, rank, prize: nonZero(board.prizeOf(rank, userId)) }) : null,
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
