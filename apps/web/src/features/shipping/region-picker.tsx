import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { countries, type Country } from '@wallx/shared';
import { BottomSheet } from '../../components/bottom-sheet';
import { ChevronLeftIcon, ChevronRightIcon } from '../../components/icons';
import { ListLoadFailed } from '../../components/list-empty';
import { useLanguage } from '../../lib/i18n';
import { useRegions } from './api/get-regions';
import { countryName, provinceName } from './regions';

export type Region = { country: Country | ''; province: string };

type Props = {
  visible: boolean;
  value: Region;
  onPick: (region: { country: Country; province: string }) => void;
  onClose: () => void;
};

function Options({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="region-picker__options" role="listbox" aria-label={label}>
      {children}
    </div>
  );
}

function Option({
  isSelected,
  onClick,
  children,
  hasNext = false,
}: {
  isSelected: boolean;
  onClick: () => void;
  children: string;
  hasNext?: boolean;
}) {
  return (
    <button
      type="button"
      role="option"
      aria-selected={isSelected}
      className={`region-picker__option${isSelected ? ' is-selected' : ''}`}
      onClick={onClick}
    >
      <span>{children}</span>
      {hasNext && <ChevronRightIcon className="region-picker__chevron" />}
    </button>
  );
}

/**
 * The country or region first, then its province, in a sheet over the address form. It opens on
 * the provinces of the country already chosen; the back row returns to the countries.
 */
export function RegionPicker({ visible, value, onPick, onClose }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const regions = useRegions();
  const [country, setCountry] = useState<Country | ''>(value.country);
  // Each opening starts from the form's value.
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) setCountry(value.country);
  }
  const provinces = regions.data?.find((region) => region.country === country)?.provinces;
  const title = country === '' ? t('shipping.choose_country') : t('shipping.choose_province');

  return (
    <BottomSheet visible={visible} onClose={onClose} title={title} className="region-picker">
      {country === '' ? (
        <Options label={t('shipping.choose_country')}>
          {countries.map((code) => (
            <Option key={code} isSelected={code === value.country} onClick={() => setCountry(code)} hasNext>
              {countryName(code, language)}
            </Option>
          ))}
        </Options>
      ) : (
        <>
          <button type="button" className="region-picker__back" onClick={() => setCountry('')}>
            <ChevronLeftIcon />
            <span className="region-picker__back-label">{t('shipping.all_countries')}</span>
            <strong>{countryName(country, language)}</strong>
          </button>
          {provinces ? (
            <Options label={t('shipping.choose_province')}>
              {provinces.map((province) => (
                <Option
                  key={province.code}
                  isSelected={country === value.country && province.code === value.province}
                  onClick={() => onPick({ country, province: province.code })}
                >
                  {provinceName(country, province, language)}
                </Option>
              ))}
            </Options>
          ) : regions.isPending ? (
            <div className="region-picker__loading" aria-busy="true" aria-label={t('common.loading')}>
              {Array.from({ length: 6 }, (_, index) => (
                <span key={index} className="shimmer region-picker__skeleton" />
              ))}
            </div>
          ) : (
            <ListLoadFailed
              text={t('shipping.regions_failed')}
              className="ship-empty"
              onRetry={() => void regions.refetch()}
            />
          )}
        </>
      )}
    </BottomSheet>
  );
}

/** The region as a field: a button that opens the picker, showing the region chosen. */
export function RegionField({
  text,
  error,
  onOpen,
  label,
  placeholder,
}: {
  text: string | null;
  error: string | undefined;
  onOpen: () => void;
  label?: string;
  placeholder?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <div className="field__head">
        <span className="field__label" id="region-label">
          {label ?? t('shipping.region')}
        </span>
      </div>
      <button
        type="button"
        className="field__box region-field"
        onClick={onOpen}
        aria-labelledby="region-label region-value"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'region-message' : undefined}
        aria-haspopup="dialog"
      >
        <span id="region-value" className={`region-field__value${text ? '' : ' is-placeholder'}`}>
          {text ?? placeholder ?? t('shipping.region_placeholder')}
        </span>
        <ChevronRightIcon className="region-field__chevron" />
      </button>
      {error && (
        <p className="field__error" id="region-message" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
