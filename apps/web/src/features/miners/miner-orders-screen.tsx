import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate, langText, type MinerOrder, type MinerOrderStatus, formatNumber, ApiError } from '@wallx/shared';
import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { invalidateDomains } from '../../lib/query-keys';
import { useMinerOrders } from './api/get-miner-orders';
import { applyOrder, useApplyOrder } from './api/use-miner-order';
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

function OrderCard({ order, onUsed }: { order: MinerOrder; onUsed: () => void }) {
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
      onUsed();
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
  const queryClient = useQueryClient();
  // Miners placed on this visit: once the orders are used up, the way on is to them, not to buy more.
  const [placed, setPlaced] = useState(0);
  const [isUsingAll, setUsingAll] = useState(false);
  const unused = isUnused ? (query.data?.pages.flatMap((page) => page.items) ?? []) : [];

  /** Every order on the list placed at once, one request each, in order; a refusal stops there and says why. */
  async function placeAll() {
    if (isUsingAll) return;
    setUsingAll(true);
    let count = 0;
    try {
      for (const order of unused) {
        await applyOrder(order.id);
        count += 1;
      }
      showToast(t('miners.use_all_success', { count }), 'success');
    } catch (error) {
      showToast(error instanceof ApiError ? error.message : t('errors.internal'));
    } finally {
      setPlaced((n) => n + count);
      setUsingAll(false);
      invalidateDomains(queryClient, ['miners', 'shipping']);
    }
  }

  // Labelled, not an icon alone: it is the next step after "Use".
  const mineLink = (
    <Link to="/mine" className="m-header-text-link">
      <ServerIcon />
      {t('miners.my_miners')}
    </Link>
  );
  const isLedOn = isUnused && placed > 0;

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
      {unused.length > 1 && (
        <div className="m-use-all">
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => void placeAll()}
            disabled={isUsingAll}
            aria-busy={isUsingAll}
          >
            {isUsingAll ? t('miners.using') : t('miners.use_all', { count: unused.length })}
          </button>
        </div>
      )}
      <PagedList
        look={minerListLook}
        key={status}
        query={query}
        label={t(isUnused ? 'miners.tab_unused' : 'miners.tab_used')}
        skeleton={<CardSkeleton />}
        renderItem={(order) => <OrderCard order={order} onUsed={() => setPlaced((n) => n + 1)} />}
        empty={
          <EmptyState
            title={t(isUnused ? 'miners.empty_unused' : 'miners.empty_used')}
            text={t(isLedOn ? 'miners.placed_text' : isUnused ? 'miners.empty_unused_text' : 'miners.empty_used_text')}
            action={
              isLedOn ? (
                <Link to="/mine" className="button button--primary">
                  {t('miners.turn_on_placed')}
                </Link>
              ) : (
                <Link to={isUnused ? '/mines' : '/mine'} className="button button--ghost">
                  {t(isUnused ? 'miners.browse' : 'miners.my_miners')}
                </Link>
              )
            }
          />
        }
      />
    </div>
  );
}
