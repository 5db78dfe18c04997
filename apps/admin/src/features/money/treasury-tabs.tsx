import { useTranslation } from 'react-i18next';
import { assets, type ColdTransfer, type DepositAddressHolding, type HotWalletAsset, type Sweep } from '@wallx/shared';
import { DataTable } from '../../components/data-table';
import { Fact } from '../../components/fact';
import { ErrorNotice } from '../../components/form-parts';
import { addressColumn, PagedTable, timeColumn, type Column } from '../../components/paged-table';
import { QueryError } from '../../components/table-footer';
import { rowsOf } from '../../lib/paged-query';
import { useColdTransfers, useDepositAddresses, useHotWallet, useSweeps } from './api/treasury';
import { ChainMoveStatus } from './money-status';

/** A figure as the server wrote it (a decimal string), or a dash where there is none yet. */
const figure = (value: string | number | null) => value ?? <span className="muted">—</span>;

/** A figure column, right-aligned, never wrapped. */
function figureColumn<Row>(header: string, value: (row: Row) => string | number | null): Column<Row> {
  return { header, num: true, className: 'nowrap', cell: (row) => figure(value(row)) };
}

/** Users' deposit addresses still holding tokens by the books, and what a sweep is moving from them. */
export function DepositAddressesTab() {
  const { t } = useTranslation();
  const list = useDepositAddresses();
  return (
    <>
      <p className="page__lead tab-lead">{t('money.deposit_addresses_lead')}</p>
      <PagedTable
        list={list}
        rows={rowsOf(list)}
        rowKey={(row) => row.address}
        empty={t('money.deposit_addresses_empty')}
        columns={[
          addressColumn(t('money.deposit_address'), (row: DepositAddressHolding) => row.address),
          addressColumn(t('money.user'), (row: DepositAddressHolding) => row.user),
          ...assets.map((asset) =>
            figureColumn(t('money.unswept_of', { asset }), (row: DepositAddressHolding) => row.unswept[asset]),
          ),
          ...assets.map((asset) =>
            figureColumn(t('money.in_flight_of', { asset }), (row: DepositAddressHolding) => row.in_flight[asset]),
          ),
        ]}
      />
    </>
  );
}

/** Sweeps into the hot wallet, newest first: what each moved and what its gas cost. */
export function SweepsTab() {
  const { t } = useTranslation();
  const list = useSweeps();
  return (
    <>
      <p className="page__lead tab-lead">{t('money.sweeps_lead')}</p>
      <PagedTable
        list={list}
        rows={rowsOf(list)}
        rowKey={(sweep) => sweep.id}
        empty={t('money.sweeps_empty')}
        columns={[
          timeColumn(t('money.sent_at'), (sweep: Sweep) => sweep.created_at),
          addressColumn(t('money.tx'), (sweep: Sweep) => sweep.tx_hash, 16),
          { header: t('money.asset'), cell: (sweep) => sweep.asset },
          figureColumn(t('money.swept_addresses'), (sweep: Sweep) => sweep.addresses),
          figureColumn(t('money.expected'), (sweep: Sweep) => sweep.expected),
          figureColumn(t('money.amount_received'), (sweep: Sweep) => sweep.amount_received),
          figureColumn(t('money.gas_cost'), (sweep: Sweep) => sweep.gas_cost),
          { header: t('money.status'), cell: (sweep) => <ChainMoveStatus status={sweep.status} /> },
          figureColumn(t('money.deployed'), (sweep: Sweep) => sweep.deployed_count),
          timeColumn(t('money.settled_at'), (sweep: Sweep) => sweep.settled_at),
        ]}
      />
    </>
  );
}

/**
 * The hot wallet against its marks, per token, with cold storage and what is in flight; a notice
 * for each token whose payouts wait. Under it, the transfers of its excess to cold storage.
 */
export function HotWalletTab() {
  const { t } = useTranslation();
  const hot = useHotWallet();
  const rows = hot.data?.assets ?? [];
  const wallets = rows[0];
  const signer = hot.data?.signer;
  return (
    <>
      <p className="page__lead tab-lead">{t('money.hot_wallet_lead')}</p>
      {/* A signer that does not sign holds every token's payouts: one notice, not one per token. */}
      {signer?.failing_since ? (
        <ErrorNotice>{t('money.payouts_wait_signer_unavailable', { error: signer.error ?? '—' })}</ErrorNotice>
      ) : (
        rows
          .filter((row) => row.payouts_waiting)
          .map((row) => (
            <ErrorNotice key={row.asset}>
              {row.payouts_wait_reason === 'hot_wallet_low'
                ? t('money.payouts_wait_hot_wallet_low', {
                    asset: row.asset,
                    balance: row.hot_balance ?? '—',
                    low: row.low,
                  })
                : t('money.payouts_wait', { asset: row.asset })}
            </ErrorNotice>
          ))
      )}
      {rows.some((row) => row.chain_error) && <p className="notice notice--info">{t('money.chain_unreachable')}</p>}
      <div className="panel table-panel">
        {hot.isError && <QueryError error={hot.error} retry={() => void hot.refetch()} />}
        <DataTable
          rows={rows}
          rowKey={(row) => row.asset}
          columns={[
            { header: t('money.asset'), cell: (row) => row.asset },
            figureColumn(t('money.hot_balance'), (row: HotWalletAsset) => row.hot_balance),
            figureColumn(t('money.low_mark'), (row: HotWalletAsset) => row.low),
            figureColumn(t('money.target_mark'), (row: HotWalletAsset) => row.target),
            figureColumn(t('money.high_mark'), (row: HotWalletAsset) => row.high),
            figureColumn(t('money.cold_balance'), (row: HotWalletAsset) => row.cold_balance),
            figureColumn(t('money.unswept'), (row: HotWalletAsset) => row.unswept),
            figureColumn(t('money.sweeps_in_flight'), (row: HotWalletAsset) => row.sweeps_in_flight),
            figureColumn(t('money.cold_in_flight'), (row: HotWalletAsset) => row.cold_in_flight),
            { header: t('money.payouts'), className: 'nowrap', cell: (row) => <PayoutsState row={row} /> },
          ]}
        />
        {hot.isPending && <p className="table-message">{t('table.loading')}</p>}
        {wallets && (
          <dl className="facts treasury-wallets">
            <Fact label={t('money.hot_wallet')} code={wallets.hot_wallet} />
            <Fact label={t('money.cold_wallet')} code={wallets.cold_wallet} />
          </dl>
        )}
      </div>
      <h2 className="treasury-heading">{t('money.cold_transfers')}</h2>
      <ColdTransfersTable />
    </>
  );
}

function PayoutsState({ row }: { row: HotWalletAsset }) {
  const { t } = useTranslation();
  if (row.payouts_waiting === null) return <span className="status status--info">{t('money.payouts_unknown')}</span>;
  return row.payouts_waiting ? (
    <span className="status status--bad">{t('money.payouts_waiting')}</span>
  ) : (
    <span className="status status--ok">{t('money.payouts_paying')}</span>
  );
}

function ColdTransfersTable() {
  const { t } = useTranslation();
  const list = useColdTransfers();
  return (
    <PagedTable
      list={list}
      rows={rowsOf(list)}
      rowKey={(move) => move.id}
      empty={t('money.cold_transfers_empty')}
      columns={[
        timeColumn(t('money.sent_at'), (move: ColdTransfer) => move.created_at),
        addressColumn(t('money.tx'), (move: ColdTransfer) => move.tx_hash, 16),
        { header: t('money.amount'), num: true, className: 'nowrap', cell: (move) => `${move.amount} ${move.asset}` },
        addressColumn(t('money.cold_to'), (move: ColdTransfer) => move.to_address),
        figureColumn(t('money.gas_cost'), (move: ColdTransfer) => move.gas_cost),
        { header: t('money.status'), cell: (move) => <ChainMoveStatus status={move.status} /> },
        timeColumn(t('money.settled_at'), (move: ColdTransfer) => move.settled_at),
      ]}
    />
  );
}
