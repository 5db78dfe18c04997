import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatNumber, langText, shortAddress, type MarketSort, type MtradeOrder } from '@wallx/shared';
import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n';
import { useMarketOrders } from './api/get-market-orders';
import { MachineImage } from './machine-image';
import { MarketSwitch } from './market-switch';
import { BoltIcon, HistoryIcon, PlusIcon } from './markets-icons';
import { EmptyState, OrderList } from './order-list';
import { isMarketSort, SortBar } from './sort-bar';
import { TimeLeftBadge } from './time-left-badge';
import { useBuyAction } from './use-order-actions';
import { useNow } from './use-now';
import '../../components/funds-form.css';
import './markets.css';

/** Prices and fees carry up to 6 decimals (priceString); fees of them up to 12. */
const PRICE_DIGITS = 6;

function MtradeCard({ order, now, onBuy, isBuying }: { order: MtradeOrder; now: number; onBuy: () => void; isBuying: boolean }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = langText(order.product.name, language);
  return (
    <article className="market-card" data-order={order.id} data-machine={order.machine_no} aria-label={order.machine_no}>
      <div className="market-card__top">
        <MachineImage src={order.product.image} className="market-card__image" />
        <div className="market-card__main">
          <p className="market-card__no">
            <span className="market-card__no-label">{t('markets.machine_no')}</span> <span className="market-card__no-value">{order.machine_no}</span>
          </p>
          <h3 className="market-card__name">{name}</h3>
          <p className="market-card__seller" title={order.seller}>
            {t('markets.seller')} {shortAddress(order.seller)}
          </p>
        </div>
        <TimeLeftBadge expiresAt={order.expires_at} now={now} />
      </div>

      <dl className="mk-stats">
        <div className="mk-stat">
          <dt>
            <BoltIcon />
            {t('markets.daily_output')}
          </dt>
          <dd>
            {formatNumber(order.daily_output, 6)} <small>WALLX</small>
          </dd>
        </div>
        <div className="mk-stat">
          <dt>{t('markets.fee')}</dt>
          <dd data-testid="order-fee">
            {formatNumber(order.fee, 12)} <small>USDT</small>
          </dd>
        </div>
      </dl>

      <div className="market-card__foot">
        <p className="market-card__price">
          <span className="market-card__price-label">{t('markets.price')}</span>
          <span className="market-card__price-value" data-testid="order-price">
            {formatNumber(order.unit_price, PRICE_DIGITS)}
          </span>
          <span className="market-card__price-unit">USDT</span>
        </p>
        <button type="button" className="button button--primary button--small market-card__buy" onClick={onBuy} disabled={isBuying} aria-busy={isBuying}>
          {isBuying ? t('markets.buying') : t('markets.buy')}
        </button>
      </div>
    </article>
  );
}

export function MtradeScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('sort');
  const sort: MarketSort = isMarketSort(requested) ? requested : 'newest';
  const query = useMarketOrders('mtrade', sort);
  const now = useNow();
  const { buy, buyingId } = useBuyAction('mtrade');

  const buyOrder = (order: MtradeOrder) =>
    void buy(order.id, {
      confirm: t('markets.buy_mtrade_confirm', { machine_no: order.machine_no, price: formatNumber(order.unit_price, PRICE_DIGITS) }),
      success: t('markets.buy_mtrade_success', { machine_no: order.machine_no }),
    });

  const ordersLink = (
    <Link to="/mtrade/myorders" className="icon-button icon-button--plain mk-header-link" aria-label={t('screen.mtrade_myorders')}>
      <HistoryIcon />
    </Link>
  );

  return (
    <div className="screen screen--tab markets-screen">
      <PageHeader title={t('screen.mtrade')} hasBack={false} end={ordersLink} />
      <div className="market-bar">
        <MarketSwitch current="mtrade" />
        <SortBar value={sort} onChange={(next) => setParams(next === 'newest' ? {} : { sort: next }, { replace: true })} />
      </div>
      <div className="market-actions">
        <Link to="/mtrade/publish" className="button button--primary button--small market-actions__main">
          <PlusIcon />
          {t('markets.sell_miner')}
        </Link>
        <Link to="/mtrade/myorders" className="button button--ghost button--small">
          {t('markets.my_orders')}
        </Link>
      </div>
      <OrderList
        key={sort}
        query={query}
        label={t('screen.mtrade')}
        renderItem={(order) => <MtradeCard order={order} now={now} onBuy={() => buyOrder(order)} isBuying={buyingId === order.id} />}
        empty={
          <EmptyState
            title={t('markets.empty_mtrade')}
            text={t('markets.empty_mtrade_text')}
            action={
              <Link to="/mtrade/publish" className="button button--ghost">
                {t('markets.sell_miner')}
              </Link>
            }
          />
        }
      />
    </div>
  );
}
