import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Tabs } from '../../components/tabs';
import { PointsTab } from './points-tab';
import { RequestsTab } from './requests-tab';
import { ValidatorsTab } from './validators-tab';

const tabIds = ['requests', 'points', 'validators'] as const;
type TabId = (typeof tabIds)[number];

function tabOf(params: URLSearchParams): TabId {
  const value = params.get('tab');
  return (tabIds as readonly string[]).includes(value ?? '') ? (value as TabId) : 'requests';
}

export function ShippingScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = tabOf(params);
  return (
    <section className="list-page" aria-labelledby="shipping-title">
      <header className="page__header">
        <div>
          <h1 id="shipping-title">{t('shipping.title')}</h1>
          <p className="page__lead">{t('shipping.lead')}</p>
        </div>
      </header>
      <Tabs
        label={t('shipping.title')}
        tabs={tabIds.map((id) => ({ id, label: t(`shipping.tab_${id}`) }))}
        active={tab}
        // Each tab's filters are its own: switching tabs starts from none.
        onChange={(id) => setParams(id === 'requests' ? {} : { tab: id })}
      >
        {tab === 'requests' && <RequestsTab />}
        {tab === 'points' && <PointsTab />}
        {tab === 'validators' && <ValidatorsTab />}
      </Tabs>
    </section>
  );
}
