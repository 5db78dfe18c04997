import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { langText, type MinerCategory, type MinerProduct, formatNumber } from '@wallx/shared';
import { assetIcons } from '../../components/asset-icons';
import { PageHeader } from '../../components/page-header';
import { PullRefresh } from '../../components/pull-refresh';
import { useLanguage } from '../../lib/i18n';
import { isLoggedIn, session, useSession } from '../../lib/session-store';
import { useProducts } from './api/get-products';
import { isSoldOut, payAssetsOf, priceOf, totalOutput } from './buy-rules';
import { BoltIcon, CalendarIcon, CoinsIcon, OrdersIcon, ServerIcon, TruckIcon } from './miners-icons';
import { useErrorToast } from '../../components/paged-list';
import { CardSkeleton, EmptyState, LoadFailed } from './miner-list';
import { CardStat, CardStats, CatalogImage } from '../../components/card-parts';
import { SegmentedTabs } from '../../components/segmented-tabs';
import './miners-shared.css';
import './mines-screen.css';
import './buy-sheet.css';
import './miner-orders-screen.css';
import './mine-screen.css';
import './my-mines-screen.css';
import './miners-loading.css';

const OUTPUT_DIGITS = 6;

// Guests only look: the sheet, the mutation and its helpers load when a logged-in user buys.
const BuySheet = lazy(() => import('./buy-sheet').then((m) => ({ default: m.BuySheet })));

function ProductCard({ product, onBuy }: { product: MinerProduct; onBuy: (product: MinerProduct) => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const name = langText(product.name, language);
  const isOut = isSoldOut(product);
  const assets = payAssetsOf(product);
  const onlyWallx = assets.length === 1 && assets[0] === 'WALLX';
  return (
    <article
      className={`list-card miner-card product${isOut ? ' is-sold-out' : ''}`}
      data-product={product.id}
      aria-label={name}
    >
      <div className="product__top">
        <CatalogImage src={product.image} className="product__image" />
        <div className="product__main">
          <h3 className="product__name">{name}</h3>
          <div className="m-tags">
            {product.physical && (
              <span className="m-tag m-tag--physical" title={t('miners.physical_hint')}>
                <TruckIcon />
                {t('miners.physical')}
              </span>
            )}
            {product.per_user_limit !== null && (
              <span className="m-tag">{t('miners.limit', { count: product.per_user_limit })}</span>
            )}
          </div>
          <ul className="product__prices">
            {/* Two prices are two ways to pay, not a sum: the second reads "or". */}
            {assets.map((asset, index) => {
              const AssetIcon = assetIcons[asset];
              return (
                <li key={asset} className="product__price" data-price={asset}>
                  {index > 0 && <span className="product__price-or">{t('miners.price_or')}</span>}
                  <AssetIcon className="product__price-icon" />
                  <span className="product__price-value">
                    {formatNumber(priceOf(product, asset) ?? '0', OUTPUT_DIGITS)}
                  </span>
                  <span className="product__price-unit">{asset}</span>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <CardStats className="m-stats">
        <CardStat
          label={
            <>
              <BoltIcon />
              {t('miners.daily_output')}
            </>
          }
          unit="WALLX"
        >
          {formatNumber(product.daily_output, OUTPUT_DIGITS)}
        </CardStat>
        <CardStat
          label={
            <>
              <CalendarIcon />
              {t('miners.output_days')}
            </>
          }
        >
          {t('miners.days', { count: product.output_days })}
        </CardStat>
        <CardStat
          label={
            <>
              <CoinsIcon />
              {t('miners.total_output')}
            </>
          }
          unit="WALLX"
        >
          {formatNumber(totalOutput(product.daily_output, product.output_days), 2)}
        </CardStat>
      </CardStats>
      <div className="list-card__foot product__foot">
        <span className={`product__stock${isOut ? ' is-out' : ''}`} data-stock={product.stock}>
          {isOut ? t('miners.sold_out') : t('miners.stock_left', { amount: formatNumber(String(product.stock), 0) })}
        </span>
        <button
          type="button"
          className="button button--primary button--small product__buy"
          disabled={isOut || assets.length === 0}
          onClick={() => onBuy(product)}
        >
          {isOut ? t('miners.sold_out') : onlyWallx ? t('miners.exchange') : t('miners.buy')}
        </button>
      </div>
    </article>
  );
}

function ProductList({ category, onBuy }: { category: MinerCategory; onBuy: (product: MinerProduct) => void }) {
  const { t } = useTranslation();
  const query = useProducts(category);
  useErrorToast(query.error);

  if (query.isPending) return <CardSkeleton tall />;
  if (!query.data) return <LoadFailed onRetry={() => void query.refetch()} />;
  return (
    <PullRefresh onRefresh={() => query.refetch({ throwOnError: true })}>
      {query.data.items.length === 0 ? (
        <EmptyState title={t('miners.empty_products')} text={t('miners.empty_products_text')} />
      ) : (
        <ul
          className="card-list miner-list"
          aria-label={t(category === 'node' ? 'miners.tab_node' : 'miners.tab_machine')}
        >
          {query.data.items.map((product) => (
            <li key={product.id} className="card-list__item">
              <ProductCard product={product} onBuy={onBuy} />
            </li>
          ))}
        </ul>
      )}
    </PullRefresh>
  );
}

function isCategory(value: string | null): value is MinerCategory {
  return value === 'node' || value === 'machine';
}

export function MinesScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const category: MinerCategory = isCategory(tab) ? tab : 'node';
  const loggedIn = useSession(isLoggedIn);
  const [buying, setBuying] = useState<MinerProduct | null>(null);
  const [hasBought, setHasBought] = useState(false);

  const onBuy = (product: MinerProduct) => {
    // Guests may look; buying needs a wallet session.
    if (!loggedIn) {
      session.openConnectBox();
      return;
    }
    setHasBought(true);
    setBuying(product);
  };

  return (
    <div className="screen screen--tab mines-screen">
      <PageHeader title={t('nav.mines')} hasBack={false} />

      <section className="mines-hero">
        <div className="mines-hero__text">
          <h2 className="mines-hero__title">{t('miners.intro_title')}</h2>
          <p className="mines-hero__lead">{t('miners.intro_text')}</p>
        </div>
        {loggedIn && (
          <nav className="mines-hero__links">
            <Link to="/orders" className="mines-hero__link">
              <OrdersIcon />
              {t('user.orders')}
            </Link>
            <Link to="/mymines" className="mines-hero__link">
              <ServerIcon />
              {t('user.my_mines')}
            </Link>
          </nav>
        )}
      </section>

      <SegmentedTabs
        className="m-tabs-bar"
        label={t('miners.categories')}
        value={category}
        onChange={(next) => setParams(next === 'node' ? {} : { tab: next }, { replace: true })}
        options={[
          { value: 'node', label: t('miners.tab_node') },
          { value: 'machine', label: t('miners.tab_machine') },
        ]}
      />

      <ProductList key={category} category={category} onBuy={onBuy} />

      {hasBought && (
        <Suspense fallback={null}>
          <BuySheet product={buying} onClose={() => setBuying(null)} />
        </Suspense>
      )}
    </div>
  );
}
