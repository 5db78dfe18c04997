import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { useTab } from '../../lib/use-url-filters';
import { GiftsTab } from './gifts-tab';
import { ProductsTab } from './products-tab';
import './catalog.css';
import { Segmented } from '../../components/segmented';

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
        <Segmented
          label={t('catalog.title')}
          options={catalogTabs.map((id) => ({ value: id, label: t(`catalog.tab_${id}`) }))}
          value={tab}
          onChange={setTab}
        />
      }
    >
      {tab === 'gifts' ? <GiftsTab /> : <ProductsTab />}
    </ListPage>
  );
}
