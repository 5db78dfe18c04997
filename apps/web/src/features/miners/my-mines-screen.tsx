import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate, type MinerOutput, type MinerOutputStatus, formatNumber, ApiError } from '@wallx/shared';
import { WallxIcon } from '../../components/asset-icons';
import { PageHeader } from '../../components/page-header';
import { showToast } from '../../lib/toast';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useCollectOutput } from './api/collect-output';
import { useMineSummary } from './api/get-mine-summary';
import { OutputDayZone } from './output-day-zone';
import { useOutputs } from './api/get-outputs';
import { CheckCircleIcon, ServerIcon } from './miners-icons';
import { useErrorToast } from '../../components/paged-list';
import { CardSkeleton, EmptyState, minerListLook } from './miner-list';
import { PagedList } from '../../components/paged-list';
import { SegmentedTabs } from '../../components/segmented-tabs';
import '../../components/summary-card.css';
import './miners-shared.css';
import './mines-screen.css';
import './buy-sheet.css';
import './miner-orders-screen.css';
import './mine-screen.css';
import './my-mines-screen.css';
import './miners-loading.css';

const AMOUNT_DIGITS = 6;

function useCollect() {
  const { t } = useTranslation();
  const mutation = useCollectOutput();
  // A collect that got no answer may have moved the WALLX already: tapping again reuses its key.
  const sendCollect = useIdempotentSubmit(mutation.mutateAsync);
  return {
    isPending: mutation.isPending,
    async collect(outputId: string | undefined): Promise<void> {
      try {
        const result = await sendCollect({ outputId });
        const text =
          outputId === undefined
            ? t('miners.collect_all_success', { amount: formatNumber(result.amount, AMOUNT_DIGITS) })
            : t('miners.collect_success');
        showToast(text, 'success');
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : t('errors.internal');
        showToast(`${t('miners.collect_failed')}: ${reason}`, 'fail');
      }
    },
  };
}

function OutputItem({ output }: { output: MinerOutput }) {
  const { t } = useTranslation();
  const [isCollecting, setCollecting] = useState(false);
  const { collect } = useCollect();
  const isWaiting = output.status === 'to_collect';

  const onCollect = async () => {
    setCollecting(true);
    await collect(output.id);
    setCollecting(false);
  };

  return (
    <article className="output" data-output={output.id} data-status={output.status}>
      <span className={`output__icon${isWaiting ? ' is-waiting' : ''}`}>
        {isWaiting ? <WallxIcon /> : <CheckCircleIcon />}
      </span>
      <div className="output__main">
        <h3 className="output__title">{output.machine_no}</h3>
        <p className="output__detail">
          {output.collected_at
            ? t('miners.collected_at', { time: formatDate(output.collected_at, 'Y-m-d H:i') })
            : t('miners.output_of', { day: output.day })}
        </p>
      </div>
      <div className="output__end">
        <p className="output__amount">
          +{formatNumber(output.amount, AMOUNT_DIGITS)} <small>WALLX</small>
        </p>
        {isWaiting && (
          <button
            type="button"
            className="button button--primary button--tiny"
            onClick={() => void onCollect()}
            disabled={isCollecting}
            aria-busy={isCollecting}
          >
            {isCollecting ? t('miners.collecting') : t('miners.collect')}
          </button>
        )}
      </div>
    </article>
  );
}

function SummaryCard() {
  const { t } = useTranslation();
  const summary = useMineSummary();
  const { collect, isPending } = useCollect();
  useErrorToast(summary.error);
  const data = summary.data;
  const canCollect = data !== undefined && data.to_collect_count > 0;

  return (
    <section className="summary-card mine-head" aria-label={t('miners.summary')} aria-busy={summary.isPending}>
      <div className="mine-head__collect">
        <div className="mine-head__pending">
          <span className="mine-head__label">{t('miners.to_collect_total')}</span>
          <span className="mine-head__amount" data-testid="to-collect-amount">
            {data ? formatNumber(data.to_collect_amount, AMOUNT_DIGITS) : '–'}
            <small>WALLX</small>
          </span>
        </div>
        <button
          type="button"
          className="button button--primary mine-head__button"
          onClick={() => void collect(undefined)}
          disabled={!canCollect || isPending}
          aria-busy={isPending}
        >
          {isPending ? t('miners.collecting') : t('miners.collect_all')}
        </button>
      </div>
      <dl className="summary-stats mine-head__stats">
        <div>
          <dt>{t('miners.miners_count')}</dt>
          <dd data-testid="summary-miners">{data?.miners ?? '–'}</dd>
        </div>
        <div>
          <dt>{t('miners.mining_count')}</dt>
          <dd data-testid="summary-mining">
            {data && data.mining > 0 && <span className="mining-dot" aria-hidden="true" />}
            {data?.mining ?? '–'}
          </dd>
        </div>
        <div>
          <dt>{t('miners.collected_total')}</dt>
          <dd data-testid="collected-amount">{data ? formatNumber(data.collected_amount, 2) : '–'}</dd>
        </div>
      </dl>
    </section>
  );
}

function isStatus(value: string | null): value is MinerOutputStatus {
  return value === 'to_collect' || value === 'collected';
}

export function MyMinesScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const status: MinerOutputStatus = isStatus(tab) ? tab : 'to_collect';
  const query = useOutputs(status);
  const summary = useMineSummary();
  const isWaiting = status === 'to_collect';

  const minersLink = (
    <Link to="/mine" className="icon-button icon-button--plain m-header-link" aria-label={t('miners.my_miners')}>
      <ServerIcon />
    </Link>
  );

  return (
    <div className="screen miners-list-screen">
      <PageHeader title={t('user.my_mines')} end={minersLink} />
      <SummaryCard />
      <h2 className="m-section-title">{t('miners.output_records')}</h2>
      <OutputDayZone />
      <SegmentedTabs
        className="m-tabs-bar"
        label={t('miners.output_records')}
        value={status}
        onChange={(next) => setParams(next === 'to_collect' ? {} : { tab: next }, { replace: true })}
        options={[
          { value: 'to_collect', label: t('miners.tab_to_collect') },
          { value: 'collected', label: t('miners.tab_collected') },
        ]}
      />
      <PagedList
        look={minerListLook}
        key={status}
        query={query}
        label={t(isWaiting ? 'miners.tab_to_collect' : 'miners.tab_collected')}
        skeleton={<CardSkeleton count={4} />}
        onRefresh={() => Promise.all([query.refetch({ throwOnError: true }), summary.refetch({ throwOnError: true })])}
        renderItem={(output) => <OutputItem output={output} />}
        empty={
          <EmptyState
            title={t(isWaiting ? 'miners.empty_to_collect' : 'miners.empty_collected')}
            text={t(isWaiting ? 'miners.empty_to_collect_text' : 'miners.empty_collected_text')}
            action={
              isWaiting ? (
                <Link to="/mine" className="button button--ghost">
                  {t('miners.my_miners')}
                </Link>
              ) : undefined
            }
          />
        }
      />
    </div>
  );
}
