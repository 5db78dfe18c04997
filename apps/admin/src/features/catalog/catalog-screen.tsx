import { useTranslation } from 'react-i18next';
import { useTab } from '../../lib/use-url-filters';
import { GiftsTab } from './gifts-tab';
import { ProductsTab } from './products-tab';

const catalogTabs = ['products', 'gifts'] as const;

/** Products and gift grants, one tab each; the tab and each tab's filters live in the address. */
export function CatalogScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useTab(catalogTabs);
  return (
    <section className="list-page" aria-labelledby="catalog-title">
      <header className="page__header">
        <div>
          <h1 id="catalog-title">{t('catalog.title')}</h1>
          <p className="page__lead">{tab === 'gifts' ? t('catalog.gifts_lead') : t('catalog.lead')}</p>
        </div>
        <div className="segmented" role="group" aria-label={t('catalog.title')}>
          <button
            type="button"
            className="segmented__option"
            aria-pressed={tab === 'products'}
            onClick={() => setTab('products')}
          >
            {t('catalog.tab_products')}
          </button>
          <button
            type="button"
            className="segmented__option"
            aria-pressed={tab === 'gifts'}
            onClick={() => setTab('gifts')}
          >
            {t('catalog.tab_gifts')}
          </button>
        </div>
      </header>
      {tab === 'gifts' ? <GiftsTab /> : <ProductsTab />}
    </section>
  );
}
