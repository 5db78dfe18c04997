import { useTranslation } from 'react-i18next';
import { assets, formatNumber, type Asset } from '@wallx/shared';
import { assetIcons } from './asset-icons';

/** The asset radio group of the funds forms; `balanceOf` adds the available amount under each. */
export function AssetPicker({
  id,
  value,
  onChange,
  balanceOf,
}: {
  id: string;
  value: Asset;
  onChange: (asset: Asset) => void;
  balanceOf?: (asset: Asset) => string;
}) {
  const { t } = useTranslation();
  const labelId = `${id}-label`;
  return (
    <div className="field">
      <div className="field__head">
        <span className="field__label" id={labelId}>
          {t('funds.asset')}
        </span>
      </div>
      <div className="asset-picker" role="radiogroup" aria-labelledby={labelId}>
        {assets.map((asset) => {
          const AssetIcon = assetIcons[asset];
          const isChecked = asset === value;
          return (
            <button
              key={asset}
              type="button"
              role="radio"
              aria-checked={isChecked}
              className={`asset-option${isChecked ? ' is-checked' : ''}`}
              onClick={() => onChange(asset)}
            >
              <AssetIcon className="asset-option__icon" />
              <span className="asset-option__text">
                <span className="asset-option__name">{asset}</span>
                {balanceOf && (
                  <span className="asset-option__balance">
                    {t('funds.available')} <span data-balance={asset}>{formatNumber(balanceOf(asset))}</span>
                  </span>
                )}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
