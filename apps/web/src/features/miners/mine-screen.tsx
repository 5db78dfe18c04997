import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, langText, type Miner, formatNumber, ApiError } from '@wallx/shared';
import { PageHeader } from '../../components/page-header';
import { confirmDialog } from '../../lib/confirm-dialog';
import { useLanguage } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { useMyMiners } from './api/get-my-miners';
import { useTurnOnMiner } from './api/turn-on-miner';
import { MinerTransferSheet } from './miner-transfer-sheet';
import { canTransfer, canTurnOn, outputProgress } from './miner-rules';
import { GiftIcon, OrdersIcon, PowerIcon, SendIcon } from './miners-icons';
import { CardSkeleton, EmptyState, minerListLook } from './miner-list';
import { acquisitionText, FirstOutputNote, OutputDayZone } from './output-day-zone';
import { PagedList } from '../../components/paged-list';
import { CardStat, CardStats, CatalogImage } from '../../components/card-parts';
import '../../components/funds-form.css';
import './miners-shared.css';
import './mines-screen.css';
import './buy-sheet.css';
import './miner-orders-screen.css';
import './mine-screen.css';
import './my-mines-screen.css';
import './miners-loading.css';

function StateTag({ state }: { state: Miner['state'] }) {
  const { t } = useTranslation();
  return (
    <span className={`state-tag state-tag--${state}`} data-state={state}>
      {state === 'on' && <span className="mining-dot" aria-hidden="true" />}
      {t(`miners.state.${state}`)}
    </span>
  );
}

function MinerCard({
  miner,
  onTransfer,
  onTurnedOn,
}: {
  miner: Miner;
  onTransfer: (miner: Miner) => void;
  onTurnedOn: () => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const turnOn = useTurnOnMiner();
  const isMining = miner.state === 'on';
  const progress = outputProgress(miner);

  async function confirmTurnOn() {
    const isConfirmed = await confirmDialog({
      content: t('miners.turn_on_confirm', { machine_no: miner.machine_no }),
      confirmText: t('miners.turn_on'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    try {
      await turnOn.mutateAsync(miner.id);
      showToast(t('miners.turn_on_success', { machine_no: miner.machine_no }), 'success');
      onTurnedOn();
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t('errors.internal'));
    }
  }

  return (
    <article
      className={`list-card miner-card miner${isMining ? ' is-mining' : ''}`}
      data-miner={miner.machine_no}
      data-state={miner.state}
    >
      <div className="miner__top">
        <div className={`miner__visual${isMining ? ' is-mining' : ''}`}>
          <CatalogImage src={miner.product.image} className="miner__image" />
          {isMining && (
            <span className="mining-badge" role="img" aria-label={t('miners.mining_now')}>
              <span className="mining-badge__bars" aria-hidden="true">
                <i />
                <i />
                <i />
              </span>
            </span>
          )}
        </div>
        <div className="miner__main">
          <p className="miner__no">
            <span className="miner__no-label">{t('miners.machine_no')}</span>{' '}
            <span className="miner__no-value">{miner.machine_no}</span>
          </p>
          <h3 className="miner__name">{langText(miner.product.name, language)}</h3>
          <div className="m-tags">
            <StateTag state={miner.state} />
            {miner.gift && (
              <span className="m-tag m-tag--gift">
                <GiftIcon />
                {t('miners.gift')}
              </span>
            )}
          </div>
          <p className="miner__paid" data-testid="miner-paid" data-via={miner.acquisition.via}>
            {acquisitionText(t, miner.acquisition)}
          </p>
        </div>
      </div>

      <div className="miner__progress">
        <div className="miner__progress-head">
          <span>{t('miners.progress')}</span>
          <span className="miner__progress-value">
            {t('miners.progress_value', { done: miner.days_produced, total: miner.output_days })}
          </span>
        </div>
        <div
          className="progress-bar"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={miner.output_days}
          aria-valuenow={miner.days_produced}
        >
          <span
            className={`progress-bar__fill${isMining ? ' is-mining' : ''}`}
            style={{ width: `${(progress * 100).toFixed(2)}%` }}
          />
        </div>
      </div>

      <CardStats className="m-stats m-stats--two">
        <CardStat label={t('miners.daily_output')} unit="WALLX">
          {formatNumber(miner.daily_output, 6)}
        </CardStat>
        <CardStat label={t('miners.output_so_far')} unit="WALLX" testId="miner-output">
          {formatNumber(miner.output_total, 6)}
        </CardStat>
      </CardStats>

      <div className="list-card__foot miner__foot">
        <span className="miner__time">
          {miner.activated_at
            ? t('miners.activated_at', { time: formatDate(miner.activated_at, 'Y-m-d H:i') })
            : t('miners.not_activated')}
        </span>
        <div className="miner__actions">
          {canTransfer(miner) && (
            <button type="button" className="button button--ghost button--small" onClick={() => onTransfer(miner)}>
              <SendIcon />
              {t('miners.transfer')}
            </button>
          )}
          {canTurnOn(miner) && (
            <button
              type="button"
              className="button button--primary button--small"
              onClick={() => void confirmTurnOn()}
              disabled={turnOn.isPending}
              aria-busy={turnOn.isPending}
            >
              <PowerIcon />
              {turnOn.isPending ? t('miners.turning_on') : t('miners.turn_on')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

export function MineScreen() {
  const { t } = useTranslation();
  const query = useMyMiners();
  const [transferring, setTransferring] = useState<Miner | null>(null);
  const [hasTurnedOn, setTurnedOn] = useState(false);

  const ordersLink = (
    <Link to="/orders" className="icon-button icon-button--plain m-header-link" aria-label={t('user.orders')}>
      <OrdersIcon />
    </Link>
  );

  return (
    <div className="screen miners-list-screen">
      <PageHeader title={t('miners.miner_list')} end={ordersLink} />
      {hasTurnedOn ? <FirstOutputNote /> : <OutputDayZone />}
      <PagedList
        look={minerListLook}
        query={query}
        label={t('miners.miner_list')}
        skeleton={<CardSkeleton tall />}
        renderItem={(miner) => (
          <MinerCard miner={miner} onTransfer={setTransferring} onTurnedOn={() => setTurnedOn(true)} />
        )}
        empty={
          <EmptyState
            title={t('miners.empty_miners')}
            text={t('miners.empty_miners_text')}
            action={
              <Link to="/orders" className="button button--ghost">
                {t('miners.to_orders')}
              </Link>
            }
          />
        }
      />
      <MinerTransferSheet miner={transferring} onClose={() => setTransferring(null)} />
    </div>
  );
}
