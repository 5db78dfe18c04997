import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { NICKNAME_HIDE_REASON, roleCan, shortAddress, type OperatorRole } from '@wallx/shared';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { addressColumn, DataTable } from '../../components/data-table';
import { Field } from '../../components/form-parts';
import { ReasonDialog } from '../../components/reason-dialog';
import { QueryError } from '../../components/table-footer';
import { useNicknameVisibility, useOperatorBoard, type OperatorBoard, type OperatorBoardRow } from './api/leaderboard';

/**
 * The weekly board as operators see it (addresses beside nicknames, never a mood), what a closed
 * week paid, and — for support — hiding a nickname that abuses the board, with a reason (audited).
 */
export function LeaderboardTab({ role }: { role: OperatorRole }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const week = params.get('week') ?? undefined;
  const page = Math.max(1, Number(params.get('page') ?? 1) || 1);
  const board = useOperatorBoard({ ...(week ? { week } : {}), page });
  const [picked, setPicked] = useState(week ?? '');
  const canHide = roleCan(role, 'support');
  const [acting, setActing] = useState<{ row: OperatorBoardRow; hide: boolean } | null>(null);
  const go = (next: { week?: string; page?: number }) =>
    setParams({
      tab: 'leaderboard',
      ...((next.week ?? week) ? { week: next.week ?? week! } : {}),
      page: String(next.page ?? 1),
    });

  return (
    <>
      <p className="page__lead tab-lead">{t('wellbeing.board_lead')}</p>
      <div className="toolbar">
        <form
          className="filters"
          aria-label={t('table.filters')}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            go({ week: picked, page: 1 });
          }}
        >
          <Field label={t('wellbeing.board_week')}>
            <input
              className="input"
              type="date"
              name="week"
              value={picked}
              onChange={(e) => setPicked(e.target.value)}
            />
          </Field>
          <div className="filters__buttons">
            <button type="submit" className="button button--primary">
              {t('wellbeing.show')}
            </button>
          </div>
        </form>
      </div>
      {board.isError && <QueryError error={board.error} retry={() => void board.refetch()} />}
      {board.isPending && <p className="table-message">{t('table.loading')}</p>}
      {board.data && (
        <Board
          board={board.data}
          canHide={canHide}
          onAct={(row, hide) => setActing({ row, hide })}
          onPage={(next) => go({ week: board.data.week, page: next })}
        />
      )}
      {acting && <VisibilityDialog row={acting.row} hide={acting.hide} onClose={() => setActing(null)} />}
    </>
  );
}

type BoardProps = {
  board: OperatorBoard;
  canHide: boolean;
  onAct: (row: OperatorBoardRow, hide: boolean) => void;
  onPage: (page: number) => void;
};

function Board({ board, canHide, onAct, onPage }: BoardProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(board.total / board.page_size));
  return (
    <>
      <p className="muted">
        {t(board.closed ? 'wellbeing.board_closed' : 'wellbeing.board_open', {
          week: board.week,
          ends: board.ends,
          total: board.total,
        })}
      </p>
      <div className="panel table-panel">
        <DataTable
          rows={board.items}
          rowKey={(row) => row.user}
          columns={[
            { header: t('wellbeing.board_rank'), num: true, cell: (row) => row.rank },
            {
              header: t('wellbeing.board_name'),
              cell: (row) => (
                <>
                  {row.name}
                  {row.hidden && (
                    <span className="cell-note">{t('wellbeing.board_hidden', { nickname: row.nickname ?? '' })}</span>
                  )}
                </>
              ),
            },
            addressColumn(t('wellbeing.board_user'), (row: OperatorBoardRow) => row.user),
            { header: t('wellbeing.board_days'), num: true, cell: (row) => row.days },
            { header: t('wellbeing.board_streak'), num: true, cell: (row) => row.streak },
            { header: t('wellbeing.board_prize'), num: true, cell: (row) => row.prize ?? '—' },
            canHide && {
              header: t('wellbeing.actions'),
              hideHeader: true,
              className: 'table__actions',
              cell: (row) =>
                row.nickname ? (
                  <button type="button" className="button button--small" onClick={() => onAct(row, !row.hidden)}>
                    {t(row.hidden ? 'wellbeing.board_unhide' : 'wellbeing.board_hide', { nickname: row.nickname })}
                  </button>
                ) : null,
            },
          ]}
        />
        {board.items.length === 0 && <p className="table-message">{t('wellbeing.board_empty')}</p>}
      </div>
      {pages > 1 && (
        <nav className="filters__buttons" aria-label={t('wellbeing.board_pages')}>
          <button
            type="button"
            className="button button--small"
            disabled={board.page <= 1}
            onClick={() => onPage(board.page - 1)}
          >
            {t('wellbeing.board_previous')}
          </button>
          <span className="muted">{t('wellbeing.board_page', { page: board.page, pages })}</span>
          <button
            type="button"
            className="button button--small"
            disabled={board.page >= pages}
            onClick={() => onPage(board.page + 1)}
          >
            {t('wellbeing.board_next')}
          </button>
        </nav>
      )}
      {board.closed && board.payouts.length > 0 && <Payouts payouts={board.payouts} />}
    </>
  );
}

function Payouts({ payouts }: { payouts: OperatorBoard['payouts'] }) {
  const { t } = useTranslation();
  return (
    <section className="panel wellbeing__panel" aria-labelledby="board-payouts-title">
      <h2 id="board-payouts-title">{t('wellbeing.payouts_title')}</h2>
      <DataTable
        rows={payouts}
        rowKey={(p) => String(p.rank)}
        compact
        columns={[
          { header: t('wellbeing.board_rank'), num: true, cell: (p) => p.rank },
          addressColumn(t('wellbeing.board_user'), (p: OperatorBoard['payouts'][number]) => p.user),
          { header: t('wellbeing.board_prize'), num: true, cell: (p) => p.amount },
          {
            header: t('wellbeing.payout_state'),
            cell: (p) =>
              p.paid ? t('wellbeing.payout_paid') : t(`wellbeing.payout_skipped_${p.reason ?? 'budget_empty'}`),
          },
        ]}
      />
    </section>
  );
}

function VisibilityDialog({ row, hide, onClose }: { row: OperatorBoardRow; hide: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useNicknameVisibility();
  const who = `${row.nickname ?? ''} (${shortAddress(row.user, 12)})`;
  if (!hide)
    return (
      <ConfirmDialog
        title={t('wellbeing.unhide_title', { who })}
        cancelLabel={t('wellbeing.cancel')}
        confirmLabel={t('wellbeing.unhide_confirm')}
        busy={change.isPending}
        error={change.error?.message ?? null}
        onConfirm={() => change.mutate({ user: row.user, hide: false }, { onSuccess: onClose })}
        onClose={onClose}
      >
        <p>{t('wellbeing.unhide_text')}</p>
      </ConfirmDialog>
    );
  return (
    <ReasonDialog
      title={t('wellbeing.hide_title', { who })}
      rule={NICKNAME_HIDE_REASON}
      label={t('wellbeing.hide_reason')}
      hint={t('wellbeing.hide_hint', { min: NICKNAME_HIDE_REASON.min, max: NICKNAME_HIDE_REASON.max })}
      tooShort={t('wellbeing.reason_too_short', { min: NICKNAME_HIDE_REASON.min })}
      tooLong={t('wellbeing.reason_too_long', { max: NICKNAME_HIDE_REASON.max })}
      cancelLabel={t('wellbeing.cancel')}
      submitLabel={t('wellbeing.hide_confirm')}
      danger
      busy={change.isPending}
      onSubmit={(reason, refuse) =>
        change.mutate({ user: row.user, hide: true, reason }, { onSuccess: onClose, onError: refuse })
      }
      onClose={onClose}
    >
      <p>{t('wellbeing.hide_text')}</p>
    </ReasonDialog>
  );
}
