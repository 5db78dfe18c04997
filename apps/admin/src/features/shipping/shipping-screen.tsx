import { useTranslation } from 'react-i18next';
import { ListPage } from '../../components/list-page';
import { Tabs } from '../../components/tabs';
import { useTab } from '../../lib/use-url-filters';
import { PointsTab } from './points-tab';
import { RequestsTab } from './requests-tab';
import { ValidatorsTab } from './validators-tab';
import './shipping.css';

const tabIds = ['requests', 'points', 'validators'] as const;

export function ShippingScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useTab(tabIds);
  return (
    <ListPage id="shipping" title={t('shipping.title')} lead={t('shipping.lead')}>
      <Tabs
        label={t('shipping.title')}
        tabs={tabIds.map((id) => ({ id, label: t(`shipping.tab_${id}`) }))}
        active={tab}
        onChange={setTab}
      >
        {tab === 'requests' && <RequestsTab />}
        {tab === 'points' && <PointsTab />}
        {tab === 'validators' && <ValidatorsTab />}
      </Tabs>
    </ListPage>
  );
}
