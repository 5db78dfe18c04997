import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useMyOrders, type OrderRole } from './api/get-my-orders';
import { HeaderLink } from './header-link';
import { PlusIcon } from './markets-icons';
import { MtradeMyOrderCard } from './my-order-cards';
import { EmptyState, orderListLook } from './order-list';
import { PagedList } from '../../components/paged-list';
import { SegmentedTabs } from '../../components/segmented-tabs';
import { useNow } from './use-now';
import '../../components/funds-form.css';
import './markets-shared.css';
import './order-cards.css';
import './publish-form.css';
import './buy-order-sheet.css';

export function MtradeMyOrdersScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const role: OrderRole = params.get('role') === 'buy' ? 'buy' : 'sell';
  const query = useMyOrders('mtrade', role);
  const now = useNow();

  const publishLink = (
    <HeaderLink to="/mtrade/publish" label={t('markets.sell_miner')}>
      <PlusIcon />
    </HeaderLink>
  );

  return (
    <div className="screen markets-screen">
      <PageHeader title={t('screen.mtrade_myorders')} end={publishLink} />
      <SegmentedTabs
        isCompact
        className="mk-tabs-bar"
        label={t('markets.role')}
        value={role}
        onChange={(next) => setParams(next === 'buy' ? { role: 'buy' } : {}, { replace: true })}
        options={[
          { value: 'sell', label: t('markets.role_sell') },
          { value: 'buy', label: t('markets.role_buy') },
        ]}
      />
      <PagedList
        look={orderListLook}
        key={role}
        query={query}
        label={t('screen.mtrade_myorders')}
        renderItem={(order) => <MtradeMyOrderCard order={order} role={role} now={now} />}
        empty={
          role === 'sell' ? (
            <EmptyState
              title={t('markets.empty_selling')}
              text={t('markets.empty_selling_text')}
              action={
                <Link to="/mtrade/publish" className="button button--ghost">
                  {t('markets.sell_miner')}
                </Link>
              }
            />
          ) : (
            <EmptyState
              title={t('markets.empty_bought')}
              text={t('markets.empty_bought_text')}
              action={
                <Link to="/mtrade" className="button button--ghost">
                  {t('screen.mtrade')}
                </Link>
              }
            />
          )
        }
      />
    </div>
  );
}
