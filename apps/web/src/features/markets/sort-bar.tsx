import { useTranslation } from 'react-i18next';
import { marketSorts, type MarketSort } from '@wallx/shared';

export function isMarketSort(value: string | null): value is MarketSort {
  return (marketSorts as readonly string[]).includes(value ?? '');
}

/** The four orders of a market list (spec §9). */
export function SortBar({ value, onChange }: { value: MarketSort; onChange: (sort: MarketSort) => void }) {
  const { t } = useTranslation();
  return (
    <div className="sort-bar" role="radiogroup" aria-label={t('markets.sort_by')}>
      {marketSorts.map((sort) => (
        <button
          key={sort}
          type="button"
          role="radio"
          aria-checked={sort === value}
          aria-label={t(`markets.sort_title.${sort}`)}
          title={t(`markets.sort_title.${sort}`)}
          className={`sort-bar__option${sort === value ? ' is-checked' : ''}`}
          onClick={() => onChange(sort)}
        >
          {t(`markets.sort.${sort}`)}
        </button>
      ))}
    </div>
  );
}
