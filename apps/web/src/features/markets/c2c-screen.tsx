import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatNumber, shortAddress, type C2cOrder, type MarketSort } from '@wallx/shared';
import { AddressAvatar } from '../../components/address-avatar';
import { CardStat, CardStats } from '../../components/card-parts';
import { PageHeader } from '../../components/page-header';
import { useMarketOrders } from './api/get-market-orders';
import { BuyFoot } from './buy-foot';
import { HeaderLink } from './header-link';
import { MarketSwitch } from './market-switch';
import { PlusIcon } from './markets-icons';
import { C2cMyOrderCard } from './my-order-cards';
import { EmptyState, orderListLook } from './order-list';
import { PagedList } from '../../components/paged-list';
import { SegmentedTabs } from '../../components/segmented-tabs';
import { isMarketSort, SortBar } from './sort-bar';
import { TimeLeftBadge } from './time-left-badge';
import { useBuyOrderSheet } from './buy-order-sheet';
import { useMyOrders, type OrderRole } from './api/get-my-orders';
import { useNow } from './use-now';
import '../../components/funds-form.css';
import './markets-shared.css';
import './order-cards.css';
import './publish-form.css';
import './buy-order-sheet.css';

const PRICE_DIGITS = 6;

function C2cCard({
  order,
  now,
  onBuy,
  isBuying,
}: {
  order: C2cOrder;
  now: number;
  onBuy: () => void;
  isBuying: boolean;
}) {
  const { t } = useTranslation();
  const amount = formatNumber(order.amount, 0);
  return (
    <article className="list-card market-card c2c-card" data-order={order.id} aria-label={`${amount} WALLX`}>
      <div className="c2c-card__top">
        <p className="c2c-card__amount">
          <span className="c2c-card__amount-value" data-testid="order-amount">
            {amount}
          </span>
          <span className="c2c-card__amount-unit">WALLX</span>
        </p>
        <TimeLeftBadge expiresAt={order.expires_at} now={now} />
      </div>
      <p className="c2c-card__seller" title={order.seller}>
        <AddressAvatar address={order.seller} size="calc(18 * var(--px))" />
        {t('markets.seller')} {shortAddress(order.seller)}
      </p>

      <CardStats className="mk-stats">
        <CardStat label={t('markets.unit_price')} unit="USDT" testId="order-price">
          {formatNumber(order.unit_price, PRICE_DIGITS)}
        </CardStat>
        <CardStat label={t('markets.fee')} unit="WALLX">
          {formatNumber(order.fee, 6)}
        </CardStat>
      </CardStats>

      <BuyFoot
        label={t('markets.total')}
        value={formatNumber(order.total, PRICE_DIGITS)}
        testId="order-total"
        onBuy={onBuy}
        isBuying={isBuying}
      />
    </article>
  );
}

function C2cMarket({ sort }: { sort: MarketSort }) {
  const { t } = useTranslation();
  const query = useMarketOrders('c2c', sort);
  const now = useNow();
  const { open, buyingId, sheet } = useBuyOrderSheet('c2c');

  const buyOrder = (order: C2cOrder) => {
    const amount = formatNumber(order.amount, 0);
    open({
      id: order.id,
      summary: t('markets.buy_c2c_confirm', { amount, total: formatNumber(order.total, PRICE_DIGITS) }),
      success: t('markets.buy_c2c_success', { amount }),
    });
  };

  return (
    <>
      <PagedList
        look={orderListLook}
        key={sort}
        query={query}
        label={t('screen.c2c')}
        renderItem={(order) => (
          <C2cCard order={order} now={now} onBuy={() => buyOrder(order)} isBuying={buyingId === order.id} />
        )}
        empty={
          <EmptyState
            title={t('markets.empty_c2c')}
            text={t('markets.empty_c2c_text')}
            action={
              <Link to="/c2c/publish" className="button button--ghost">
                {t('markets.sell_wallx')}
              </Link>
            }
          />
        }
      />
      {sheet}
    </>
  );
}

function C2cMine({ role }: { role: OrderRole }) {
  const { t } = useTranslation();
  const query = useMyOrders('c2c', role);
  const now = useNow();
  return (
    <PagedList
      look={orderListLook}
      key={role}
      query={query}
      label={t('markets.my_orders')}
      renderItem={(order) => <C2cMyOrderCard order={order} role={role} now={now} />}
      empty={
        role === 'sell' ? (
          <EmptyState title={t('markets.empty_selling')} text={t('markets.empty_selling_text')} />
        ) : (
          <EmptyState title={t('markets.empty_bought')} text={t('markets.empty_bought_text')} />
        )
      }
    />
  );
}

type Tab = 'market' | 'mine';

export function C2cScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'market';
  const role: OrderRole = params.get('role') === 'buy' ? 'buy' : 'sell';
  const requested = params.get('sort');
  const sort: MarketSort = isMarketSort(requested) ? requested : 'newest';
  const go = (next: Record<string, string>) => setParams(next, { replace: true });

  const publishLink = (
    <HeaderLink to="/c2c/publish" label={t('screen.c2c_publish')}>
      <PlusIcon />
    </HeaderLink>
  );

  return (
    <div className="screen screen--tab markets-screen">
      <PageHeader title={t('screen.c2c')} hasBack={false} end={publishLink} />
      <div className="market-bar">
        <MarketSwitch current="c2c" />
        <SegmentedTabs
          isCompact
          className="mk-tabs-bar"
          isSticky={false}
          label={t('screen.c2c')}
          value={tab}
          onChange={(next) => go(next === 'mine' ? { tab: 'mine' } : {})}
          options={[
            { value: 'market', label: t('markets.tab_market') },
            { value: 'mine', label: t('markets.tab_mine') },
          ]}
        />
        {tab === 'market' ? (
          <SortBar value={sort} onChange={(next) => go(next === 'newest' ? {} : { sort: next })} />
        ) : (
          <SegmentedTabs
            isCompact
            className="mk-tabs-bar"
            isSticky={false}
            label={t('markets.role')}
            value={role}
            onChange={(next) => go(next === 'buy' ? { tab: 'mine', role: 'buy' } : { tab: 'mine' })}
            options={[
              { value: 'sell', label: t('markets.role_sell') },
              { value: 'buy', label: t('markets.role_buy') },
            ]}
          />
        )}
      </div>
      <div className="market-actions">
        <Link to="/c2c/publish" className="button button--primary button--small market-actions__main">
          <PlusIcon />
          {t('markets.sell_wallx')}
        </Link>
      </div>
      {tab === 'market' ? <C2cMarket sort={sort} /> : <C2cMine role={role} />}
    </div>
  );
}
