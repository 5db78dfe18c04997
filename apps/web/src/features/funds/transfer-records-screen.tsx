import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, shortAddress, type Transfer } from '@wallx/shared';
import { PageHeader } from '../../components/page-header';
import { useTransfers } from './api/get-transfers';
import { ArrowInIcon, ArrowOutIcon } from './funds-icons';
import { RecordItem } from './record-item';
import { EmptyState, recordListLook } from './record-list';
import { PagedList } from '../../components/paged-list';
import { signedAmount } from './signed-amount';

function TransferItem({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  const isIn = transfer.direction === 'in';
  const { text, flow } = signedAmount(transfer.amount, transfer.direction);
  return (
    <RecordItem
      Icon={isIn ? ArrowInIcon : ArrowOutIcon}
      flow={flow}
      title={t(isIn ? 'funds.direction_in' : 'funds.direction_out')}
      amount={text}
      asset={transfer.asset}
      detail={
        <span title={transfer.counterpart} data-address={transfer.counterpart}>
          {t(isIn ? 'funds.from' : 'funds.to', { address: shortAddress(transfer.counterpart) })}
        </span>
      }
      aside={<time dateTime={transfer.created_at}>{formatDate(transfer.created_at, 'Y-m-d H:i')}</time>}
    />
  );
}

export function TransferRecordsScreen() {
  const { t } = useTranslation();
  const query = useTransfers();
  return (
    <div className="screen">
      <PageHeader title={t('user.transfer_records')} />
      <PagedList
        look={recordListLook}
        query={query}
        label={t('user.transfer_records')}
        renderItem={(transfer) => <TransferItem transfer={transfer} />}
        empty={
          <EmptyState
            title={t('funds.empty_transfers')}
            text={t('funds.empty_transfers_text')}
            action={
              <Link to="/transfer" className="button button--primary">
                {t('funds.new_transfer')}
              </Link>
            }
          />
        }
      />
    </div>
  );
}
