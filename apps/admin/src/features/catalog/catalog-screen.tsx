import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { useTab } from '../../lib/use-url-filters';
import { GiftsTab } from './gifts-tab';
import { ProductsTab } from './products-tab';
import './catalog.css';

const catalogTabs = ['products', 'gifts'] as const;

/** Products and gift grants, one tab each; the tab and each tab's filters live in the address. */
export function CatalogScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useTab(catalogTabs);
  return (
    <ListPage
      id="catalog"
      title={t('catalog.title')}
      lead={tab === 'gifts' ? t('catalog.gifts_lead') : t('catalog.lead')}
      actions={
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
      }
    >
      {tab === 'gifts' ? <GiftsTab /> : <ProductsTab />}
    </ListPage>
  );
}
