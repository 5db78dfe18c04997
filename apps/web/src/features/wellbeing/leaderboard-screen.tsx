import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatNumber, type Leaderboard } from '@wallx/shared';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { LIST_EMPTY_RING, ListEmpty, ListLoadFailed } from '../../components/list-empty';
import { PageHeader } from '../../components/page-header';
import { useLeaderboard } from './api/leaderboard';
import { ProfilePanel } from './leaderboard-profile';
import { pageCount, shiftDay } from './wellbeing-rules';
import '../../components/funds-form.css';
import './wellbeing.css';

type Row = Leaderboard['items'][number];

/** `ends` is an instant (the next Monday's 00:00 in the zone) or a day: shown as the server gives it, in local time. */
const endsText = (ends: string) => (ends.includes('T') ? formatDate(ends, 'Y-m-d H:i') : ends);

function WeekHeader({ board, onWeek }: { board: Leaderboard; onWeek: (week: string) => void }) {
  const { t } = useTranslation();
  return (
    <section className="card board-week" aria-labelledby="board-week-title">
      <header className="board-week__head">
        <button
          type="button"
          className="icon-button icon-button--plain"
          aria-label={t('leaderboard.previous_week')}
          onClick={() => onWeek(shiftDay(board.week, -7))}
        >
          <ChevronLeftIcon />
        </button>
        <h2 className="board-week__title" id="board-week-title" data-week={board.week}>
          {t('leaderboard.week', { from: board.week, to: shiftDay(board.week, 6) })}
        </h2>
        <button
          type="button"
          className="icon-button icon-button--plain"
          aria-label={t('leaderboard.next_week')}
          disabled={!board.closed}
          onClick={() => onWeek(shiftDay(board.week, 7))}
        >
          <ChevronRightIcon />
        </button>
      </header>
      <p className={`board-week__state${board.closed ? ' is-closed' : ''}`} data-testid="board-state">
        {board.closed ? t('leaderboard.closed') : t('leaderboard.ends', { time: endsText(board.ends) })}
      </p>
      {board.prizes.length > 0 && (
        <ol className="board-prizes" aria-label={t('leaderboard.prizes')}>
          {board.prizes.map((prize, i) => (
            <li key={i} className="board-prizes__item">
              <span>{t('leaderboard.place', { rank: i + 1 })}</span> <strong>{formatNumber(prize)}</strong>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function BoardRow({ row }: { row: Row }) {
  const { t } = useTranslation();
  return (
    <tr className={row.me ? 'is-me' : undefined} data-rank={row.rank} {...(row.me && { 'aria-current': 'true' })}>
      <td className="board-table__rank">{row.rank}</td>
      <th scope="row" className="board-table__name">
        <span className="board-table__name-text">{row.name}</span>
        {row.me && <span className="board-table__me">{t('leaderboard.me')}</span>}
      </th>
      <td className="num">{row.days}</td>
      <td className="num">{row.streak}</td>
      <td className="num board-table__prize">{row.prize ? formatNumber(row.prize) : '–'}</td>
    </tr>
  );
}

function BoardTable({ rows, label }: { rows: Row[]; label: string }) {
  const { t } = useTranslation();
  return (
    <table className="board-table" aria-label={label}>
      <thead>
        <tr>
          <th scope="col">{t('leaderboard.rank')}</th>
          <th scope="col">{t('leaderboard.name')}</th>
          <th scope="col" className="num">
            {t('leaderboard.days')}
          </th>
          <th scope="col" className="num">
            {t('leaderboard.streak')}
          </th>
          <th scope="col" className="num">
            {t('leaderboard.prize')}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <BoardRow key={`${row.rank}/${row.name}`} row={row} />
        ))}
      </tbody>
    </table>
  );
}

function Pager({ board, onPage }: { board: Leaderboard; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = pageCount(board.total, board.page_size);
  if (pages <= 1) return null;
  return (
    <nav className="board-pager" aria-label={t('leaderboard.title')}>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={board.page <= 1}
        onClick={() => onPage(board.page - 1)}
      >
        {t('leaderboard.prev_page')}
      </button>
      <span className="board-pager__at">{t('leaderboard.page', { page: board.page, pages })}</span>
      <button
        type="button"
        className="button button--ghost button--small"
        disabled={board.page >= pages}
        onClick={() => onPage(board.page + 1)}
      >
        {t('leaderboard.next_page')}
      </button>
    </nav>
  );
}

function EmptyBoard({ isOpen }: { isOpen: boolean }) {
  const { t } = useTranslation();
  const art = (
    <path
      d="M44 40h32v14a16 16 0 0 1-32 0zM54 70h12v10H54zM48 84h24"
      fill="#182036"
      stroke={LIST_EMPTY_RING}
      strokeWidth="3"
      strokeLinejoin="round"
    />
  );
  return (
    <ListEmpty
      title={t('leaderboard.empty')}
      {...(isOpen && { text: t('leaderboard.empty_text') })}
      art={art}
      className="wb-empty"
      action={
        isOpen ? (
          <Link to="/checkin" className="button button--primary">
            {t('mood.check_in')}
          </Link>
        ) : undefined
      }
    />
  );
}

function BoardView({ board, onPage }: { board: Leaderboard; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const isMeShown = board.items.some((row) => row.me);
  return (
    <>
      {/* Where I stand, pinned above the board whatever page is shown. */}
      {board.me && !isMeShown && (
        <div className="card board-me" data-testid="board-me">
          <BoardTable rows={[board.me]} label={t('leaderboard.my_place')} />
        </div>
      )}
      {!board.me && !board.closed && <p className="wb-note">{t('leaderboard.not_ranked')}</p>}
      {board.items.length ? (
        <div className="card board-rows">
          <BoardTable rows={board.items} label={t('leaderboard.title')} />
        </div>
      ) : (
        <EmptyBoard isOpen={!board.closed} />
      )}
      <Pager board={board} onPage={onPage} />
    </>
  );
}

/** /leaderboard: this week's board (or a past one), my place, and my name on it. */
export function LeaderboardScreen() {
  const { t } = useTranslation();
  const [{ week, page }, setAt] = useState({ week: '', page: 1 });
  const board = useLeaderboard(week, page);
  const data = board.data;
  return (
    <div className="screen wb-screen">
      <PageHeader title={t('leaderboard.title')} />
      <div className="wb-body">
        <p className="wb-lead">{t('leaderboard.lead')}</p>
        {data ? (
          <>
            <WeekHeader board={data} onWeek={(next) => setAt({ week: next, page: 1 })} />
            <BoardView board={data} onPage={(next) => setAt({ week: data.week, page: next })} />
          </>
        ) : board.isPending ? (
          <div className="card board-rows" aria-busy="true" aria-label={t('common.loading')}>
            <span className="shimmer wb-skeleton wb-skeleton--block" />
          </div>
        ) : (
          <ListLoadFailed
            text={t('leaderboard.load_failed')}
            className="wb-empty"
            onRetry={() => void board.refetch()}
          />
        )}
        <ProfilePanel />
      </div>
    </div>
  );
}
