import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate, langText, type MinerOrder, type MinerOrderStatus, formatNumber, ApiError } from '@wallx/shared';
import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { useMinerOrders } from './api/get-miner-orders';
import { useApplyOrder } from './api/use-miner-order';
import { BoltIcon, CalendarIcon, GiftIcon, ServerIcon, TruckIcon } from './miners-icons';
import { CardSkeleton, EmptyState, minerListLook } from './miner-list';
import { PagedList } from '../../components/paged-list';
import { CatalogImage } from '../../components/card-parts';
import { SegmentedTabs } from '../../components/segmented-tabs';
import './miners-shared.css';
import './mines-screen.css';
import './buy-sheet.css';
import './miner-orders-screen.css';
import './mine-screen.css';
import './my-mines-screen.css';
import './miners-loading.css';

function OrderCard({ order }: { order: MinerOrder }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const mutation = useApplyOrder();
  const [isUsing, setUsing] = useState(false);
  const isUnused = order.status === 'unused';

  async function use() {
    if (isUsing) return;
    setUsing(true);
    try {
      const { miner } = await mutation.mutateAsync(order.id);
      showToast(t('miners.use_success', { machine_no: miner.machine_no }), 'success');
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t('errors.internal'));
    } finally {
      setUsing(false);
    }
  }

  return (
    <article className="list-card miner-card order" data-order={order.id} data-status={order.status}>
      <div className="order__top">
        <CatalogImage src={order.product.image} className="order__image" />
        <div className="order__main">
          <h3 className="order__name">{langText(order.product.name, language)}</h3>
          <div className="m-tags">
            {order.gift && (
              <span className="m-tag m-tag--gift">
                <GiftIcon />
                {t('miners.gift')}
              </span>
            )}
            {order.product.physical && (
              <span className="m-tag m-tag--physical">
                <TruckIcon />
                {t('miners.physical')}
              </span>
            )}
          </div>
          <p className="order__meta">
            <span>
              <BoltIcon /> {formatNumber(order.product.daily_output, 6)} WALLX
            </span>
            <span>
              <CalendarIcon /> {t('miners.days', { count: order.product.output_days })}
            </span>
          </p>
        </div>
      </div>
      <div className="list-card__foot order__foot">
        <div className="order__facts">
          <span className="order__paid">
            {order.gift || order.price === null || order.pay_asset === null
              ? t('miners.gift_order')
              : t('miners.paid', { amount: formatNumber(order.price, 6), asset: order.pay_asset })}
          </span>
          <time className="order__time" dateTime={order.used_at ?? order.created_at}>
            {order.used_at
              ? t('miners.used_at', { time: formatDate(order.used_at, 'Y-m-d H:i') })
              : t('miners.bought_at', { time: formatDate(order.created_at, 'Y-m-d H:i') })}
          </time>
        </div>
        {isUnused && (
          <button
            type="button"
            className="button button--primary button--small"
            onClick={() => void use()}
            disabled={isUsing}
            aria-busy={isUsing}
          >
            {isUsing ? t('miners.using') : t('miners.use')}
          </button>
        )}
      </div>
    </article>
  );
}

function isStatus(value: string | null): value is MinerOrderStatus {
  return value === 'unused' || value === 'used';
}

export function MinerOrdersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const status: MinerOrderStatus = isStatus(tab) ? tab : 'unused';
  const query = useMinerOrders(status);
  const isUnused = status === 'unused';

  const mineLink = (
    <Link to="/mine" className="icon-button icon-button--plain m-header-link" aria-label={t('miners.my_miners')}>
      <ServerIcon />
    </Link>
  );

  return (
    <div className="screen miners-list-screen">
      <PageHeader title={t('user.orders')} end={mineLink} />
      <SegmentedTabs
        className="m-tabs-bar"
        label={t('miners.order_status')}
        value={status}
        onChange={(next) => setParams(next === 'unused' ? {} : { tab: next }, { replace: true })}
        options={[
          { value: 'unused', label: t('miners.tab_unused') },
          { value: 'used', label: t('miners.tab_used') },
        ]}
      />
      <PagedList
        look={minerListLook}
        key={status}
        query={query}
        label={t(isUnused ? 'miners.tab_unused' : 'miners.tab_used')}
        skeleton={<CardSkeleton />}
        renderItem={(order) => <OrderCard order={order} />}
        empty={
          <EmptyState
            title={t(isUnused ? 'miners.empty_unused' : 'miners.empty_used')}
            text={t(isUnused ? 'miners.empty_unused_text' : 'miners.empty_used_text')}
            action={
              <Link to={isUnused ? '/mines' : '/mine'} className="button button--ghost">
                {t(isUnused ? 'miners.browse' : 'miners.my_miners')}
              </Link>
            }
          />
        }
      />
    </div>
  );
}
