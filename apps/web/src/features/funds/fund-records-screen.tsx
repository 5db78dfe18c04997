import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  assets,
  formatDate,
  formatNumber,
  userRecordTypes,
  type Asset,
  type FundRecord,
  type FundRecordType,
} from '@wallx/shared';
import { BottomSheet } from '../../components/bottom-sheet';
import { PageHeader } from '../../components/page-header';
import { useFundRecords } from './api/get-fund-records';
import { CheckIcon } from '../../components/screen-icons';
import { ChevronDownIcon } from './funds-icons';
import { RecordItem } from './record-item';
import { EmptyState, recordListLook } from './record-list';
import { PagedList } from '../../components/paged-list';
import { recordTypeIcons } from './record-types';
import { RECORD_FRACTION_DIGITS, signedAmount } from './signed-amount';

function FundRecordItem({ record }: { record: FundRecord }) {
  const { t } = useTranslation();
  const { text, flow } = signedAmount(record.amount);
  return (
    <RecordItem
      Icon={recordTypeIcons[record.type]}
      flow={flow}
      title={t(`funds.type.${record.type}`)}
      amount={text}
      asset={record.asset}
      detail={<time dateTime={record.created_at}>{formatDate(record.created_at, 'Y-m-d H:i')}</time>}
      aside={t('funds.balance_after', { amount: formatNumber(record.balance_after, RECORD_FRACTION_DIGITS) })}
    />
  );
}

type TypeSheetProps = {
  visible: boolean;
  value: FundRecordType | undefined;
  onChange: (type: FundRecordType | undefined) => void;
  onClose: () => void;
};

function TypeSheet({ visible, value, onChange, onClose }: TypeSheetProps) {
  const { t } = useTranslation();
  const options: ReadonlyArray<FundRecordType | undefined> = [undefined, ...userRecordTypes];
  return (
    <BottomSheet visible={visible} onClose={onClose} title={t('funds.filter_type')} className="type-sheet">
      <div className="type-sheet__options" role="radiogroup" aria-label={t('funds.filter_type')}>
        {options.map((option) => {
          const isChecked = option === value;
          return (
            <button
              key={option ?? 'all'}
              type="button"
              role="radio"
              aria-checked={isChecked}
              className={`type-option${isChecked ? ' is-checked' : ''}`}
              onClick={() => {
                onChange(option);
                onClose();
              }}
            >
              <span className="type-option__label">{option ? t(`funds.type.${option}`) : t('funds.all_types')}</span>
              {isChecked && <CheckIcon className="type-option__check" />}
            </button>
          );
        })}
      </div>
    </BottomSheet>
  );
}

export function FundRecordsScreen() {
  const { t } = useTranslation();
  const [type, setType] = useState<FundRecordType | undefined>(undefined);
  const [asset, setAsset] = useState<Asset | undefined>(undefined);
  const [isTypeSheetOpen, setTypeSheetOpen] = useState(false);
  const query = useFundRecords({ type, asset });
  const isFiltered = type !== undefined || asset !== undefined;
  const assetOptions: ReadonlyArray<Asset | undefined> = [undefined, ...assets];
  const typeLabel = type ? t(`funds.type.${type}`) : t('funds.all_types');

  return (
    <div className="screen">
      <PageHeader title={t('user.records')} />

      <div className="record-filters">
        <button
          type="button"
          className={`filter-button${type ? ' is-active' : ''}`}
          onClick={() => setTypeSheetOpen(true)}
          aria-haspopup="dialog"
          aria-label={`${t('funds.filter_type')}: ${typeLabel}`}
          title={typeLabel}
        >
          <span className="filter-button__label">{typeLabel}</span>
          <ChevronDownIcon className="filter-button__icon" />
        </button>
        <div className="segmented" role="radiogroup" aria-label={t('funds.filter_asset')}>
          {assetOptions.map((option) => (
            <button
              key={option ?? 'all'}
              type="button"
              role="radio"
              aria-checked={option === asset}
              className={`segmented__option${option === asset ? ' is-checked' : ''}`}
              onClick={() => setAsset(option)}
            >
              {option ?? t('funds.all_assets')}
            </button>
          ))}
        </div>
      </div>

      <PagedList
        look={recordListLook}
        query={query}
        label={t('user.records')}
        renderItem={(record) => <FundRecordItem record={record} />}
        empty={
          isFiltered ? (
            <EmptyState title={t('funds.empty_filtered')} />
          ) : (
            <EmptyState title={t('funds.empty_records')} text={t('funds.empty_records_text')} />
          )
        }
      />

      <TypeSheet visible={isTypeSheetOpen} value={type} onChange={setType} onClose={() => setTypeSheetOpen(false)} />
    </div>
  );
}
