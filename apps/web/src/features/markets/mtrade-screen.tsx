import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatNumber, langText, shortAddress, type MarketSort, type MtradeOrder } from '@wallx/shared';
import { PageHeader } from '../../components/page-header';
import { useLanguage } from '../../lib/i18n';
import { useMarketOrders } from './api/get-market-orders';
import { CardStat, CardStats, CatalogImage } from '../../components/card-parts';
import { BuyFoot } from './buy-foot';
import { HeaderLink } from './header-link';
import { MarketSwitch } from './market-switch';
import { HistoryIcon } from '../../components/screen-icons';
import { BoltIcon, CalendarIcon, PlusIcon } from './markets-icons';
import { EmptyState, orderListLook } from './order-list';
import { PagedList } from '../../components/paged-list';
import { isMarketSort, SortBar } from './sort-bar';
import { TimeLeftBadge } from './time-left-badge';
import { useBuyOrderSheet } from './buy-order-sheet';
import { useNow } from './use-now';
import '../../components/funds-form.css';
import './markets-shared.css';
import './order-cards.css';
import './publish-form.css';
import './buy-order-sheet.css';

/** Prices and fees carry up to 6 decimals (priceString); fees of them up to 12. */
const PRICE_DIGITS = 6;

function MtradeCard({
  order,
  now,
  onBuy,
  isBuying,
}: {
  order: MtradeOrder;
  now: number;
  onBuy: () => void;
  isBuying: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = langText(order.product.name, language);
  return (
    <article
      className="list-card market-card"
      data-order={order.id}
      data-machine={order.machine_no}
      aria-label={order.machine_no}
    >
      <div className="market-card__top">
        <CatalogImage src={order.product.image} className="market-card__image" />
        <div className="market-card__main">
          <p className="market-card__no">
            <span className="market-card__no-label">{t('markets.machine_no')}</span>{' '}
            <span className="market-card__no-value">{order.machine_no}</span>
          </p>
          <h3 className="market-card__name">{name}</h3>
          <p className="market-card__seller" title={order.seller}>
            {t('markets.seller')} {shortAddress(order.seller)}
          </p>
        </div>
        <TimeLeftBadge expiresAt={order.expires_at} now={now} />
      </div>

      <CardStats className="mk-stats">
        <CardStat
          label={
            <>
              <BoltIcon />
              {t('markets.daily_output')}
            </>
          }
          unit="WALLX"
        >
          {formatNumber(order.daily_output, 6)}
        </CardStat>
        {/* The seller's fee is not the buyer's business: the buyer pays the price, and gets these days. */}
        <CardStat
          label={
            <>
              <CalendarIcon />
              {t('markets.output_days_left')}
            </>
          }
          testId="order-output-days"
        >
          {t('markets.output_days_value', { count: order.output_days })}
        </CardStat>
      </CardStats>

      <BuyFoot
        label={t('markets.price')}
        value={formatNumber(order.unit_price, PRICE_DIGITS)}
        testId="order-price"
        onBuy={onBuy}
        isBuying={isBuying}
      />
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
  const { open, buyingId, sheet } = useBuyOrderSheet('mtrade');

  const buyOrder = (order: MtradeOrder) =>
    open({
      id: order.id,
      summary: t('markets.buy_mtrade_confirm', {
        machine_no: order.machine_no,
        price: formatNumber(order.unit_price, PRICE_DIGITS),
      }),
      success: t('markets.buy_mtrade_success', { machine_no: order.machine_no }),
    });

  const ordersLink = (
    <HeaderLink to="/mtrade/myorders" label={t('screen.mtrade_myorders')}>
      <HistoryIcon />
    </HeaderLink>
  );

  return (
    <div className="screen screen--tab markets-screen">
      <PageHeader title={t('screen.mtrade')} hasBack={false} end={ordersLink} />
      <div className="market-bar">
        <MarketSwitch current="mtrade" />
        <SortBar
          value={sort}
          onChange={(next) => setParams(next === 'newest' ? {} : { sort: next }, { replace: true })}
        />
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
      <PagedList
        look={orderListLook}
        key={sort}
        query={query}
        label={t('screen.mtrade')}
        renderItem={(order) => (
          <MtradeCard order={order} now={now} onBuy={() => buyOrder(order)} isBuying={buyingId === order.id} />
        )}
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
      {sheet}
    </div>
  );
}
