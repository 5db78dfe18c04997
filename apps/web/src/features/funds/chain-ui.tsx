import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { shortAddress, type Page } from '@wallx/shared';
import { PagedList, type ListLook } from '../../components/paged-list';
import { copyWithToast } from '../../lib/copy';
import { CopyIcon, ExternalIcon } from './chain-icons';
import { explorerTxUrl } from './wallet-transfer';

export type BadgeTone = 'success' | 'progress' | 'danger' | 'muted';

export function StatusBadge({ tone, children, status }: { tone: BadgeTone; children: ReactNode; status: string }) {
  return (
    <span className={`status-badge status-badge--${tone}`} data-status={status}>
      {children}
    </span>
  );
}

/** A transaction hash, shortened: a link to the explorer when the chain has one, else copyable. */
export function TxLink({ hash, explorerUrl }: { hash: string; explorerUrl: string | null | undefined }) {
  const { t } = useTranslation();
  const url = explorerTxUrl(explorerUrl, hash);
  if (url) {
    return (
      <a
        className="tx-link"
        href={url}
        target="_blank"
        rel="noreferrer"
        title={`${t('chain.view_explorer')}: ${hash}`}
        data-tx={hash}
      >
        {shortAddress(hash)}
        <ExternalIcon />
      </a>
    );
  }
  return (
    <span className="tx-link tx-link--plain" title={hash} data-tx={hash}>
      {shortAddress(hash)}
      <button
        type="button"
        className="copy-button"
        onClick={() => void copyWithToast(hash)}
        aria-label={`${t('common.copy')} ${t('chain.tx_hash')}`}
      >
        <CopyIcon />
      </button>
    </span>
  );
}

/** A paged list under a form: its title, then the rows, an empty line or a retry. */
export function HistorySection<T>({
  title,
  query,
  empty,
  renderItem,
  itemKey,
}: {
  title: string;
  query: UseInfiniteQueryResult<InfiniteData<Page<T>>, Error>;
  empty: string;
  renderItem: (item: T) => ReactNode;
  itemKey?: (item: T) => string;
}) {
  const { t } = useTranslation();
  const look: ListLook = {
    skeleton: (
      <p className="chain-history__note" aria-busy="true">
        {t('common.loading')}
      </p>
    ),
    className: 'chain-list',
    emptyClassName: 'chain-history__failed',
  };
  return (
    <section className="chain-history" aria-label={title}>
      <h2 className="chain-history__title">{title}</h2>
      <PagedList
        query={query}
        look={look}
        label={title}
        empty={<p className="chain-history__note">{empty}</p>}
        renderItem={renderItem}
        {...(itemKey && { itemKey })}
      />
    </section>
  );
}

/** Said when the chain's settings (addresses, limits) could not be loaded, with a retry. */
export function ConfigFailedNotice({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="funds-notice funds-notice--warning" role="alert">
      {t('chain.config_failed')}{' '}
      <button type="button" className="chain-history__retry" onClick={onRetry}>
        {t('common.retry')}
      </button>
    </p>
  );
}
