import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildLangText,
  countries,
  parseLangTextFields,
  taggedLineIn,
  type Country,
  type LangTextFields,
  type PickupPoint,
  type Regions,
} from '@wallx/shared';
import { LangTextInput } from '../../components/lang-text-input';
import { useFormErrors } from '../../lib/form-errors';
import { useLanguage } from '../../lib/i18n';
import { useSavePoint } from './api/save-point';
import { countryName, provinceName } from './regions';

type Props = {
  point: (PickupPoint & { active: boolean }) | null;
  regions: Regions | undefined;
  onSaved: (point: PickupPoint) => void;
};

const fields = ['name', 'country', 'province', 'address', 'hours'] as const;
type Field = (typeof fields)[number];

/** A pick-up point's form: new (nothing given) or the whole point replaced (PUT), as the endpoint takes it. */
export function PointEditor({ point, regions, onSaved }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [name, setName] = useState<LangTextFields>(() => parseLangTextFields(point?.name ?? '').fields);
  const [address, setAddress] = useState<LangTextFields>(() => parseLangTextFields(point?.address ?? '').fields);
  const [country, setCountry] = useState<Country | ''>(point?.country ?? '');
  const [province, setProvince] = useState(point?.province ?? '');
  const [hours, setHours] = useState(point?.hours ?? '');
  const [active, setActive] = useState(point?.active ?? true);
  const [saved, setSaved] = useState(false);
  const { errors, setErrors, fromServer, clear } = useFormErrors(fields);
  const mutation = useSavePoint();
  const provinces = regions?.find((region) => region.country === country)?.provinces ?? [];

  function check(): Partial<Record<Field, string>> {
    const problems: Partial<Record<Field, string>> = {};
    const texts = { name, address };
    for (const field of ['name', 'address'] as const) {
      const value = texts[field];
      if (Object.values(value).every((text) => text.trim() === '')) problems[field] = t('shipping.required');
      else if (Object.values(value).some((text) => taggedLineIn(text))) problems[field] = t('content.tagged_line');
    }
    if (!country) problems.country = t('shipping.required');
    if (!province) problems.province = t('shipping.required');
    return problems;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSaved(false);
    const problems = check();
    setErrors(problems);
    if (Object.keys(problems).length > 0 || !country) return;
    const input = {
      name: buildLangText(name),
      country,
      province,
      address: buildLangText(address),
      hours: hours.trim(),
      active,
    };
    mutation.mutate(
      { id: point?.id ?? null, input },
      {
        onSuccess: (result) => {
          setSaved(true);
          onSaved(result);
        },
        onError: fromServer,
      },
    );
  }

  const fieldError = (field: Field) =>
    errors[field] && (
      <p id={`${id}-${field}-error`} className="field__error" role="alert">
        {errors[field]}
      </p>
    );

  return (
    <form
      className="form"
      onSubmit={submit}
      noValidate
      aria-label={point ? t('shipping.edit_point') : t('shipping.new_point')}
    >
      {point && <h3>{t('shipping.edit_point')}</h3>}
      <LangTextInput
        label={t('shipping.point_name')}
        value={name}
        onChange={(value) => (setName(value), clear('name'))}
        error={errors.name ?? null}
      />
      <div className="form__row">
        <div className="field">
          <label htmlFor={`${id}-country`} className="field__label">
            {t('shipping.country')}
          </label>
          <select
            id={`${id}-country`}
            value={country}
            aria-invalid={errors.country ? true : undefined}
            onChange={(event) => {
              setCountry(event.target.value as Country);
              setProvince('');
              clear('country');
            }}
          >
            <option value="">{t('shipping.choose')}</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryName(code, language)}
              </option>
            ))}
          </select>
          {fieldError('country')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-province`} className="field__label">
            {t('shipping.province')}
          </label>
          <select
            id={`${id}-province`}
            value={province}
            disabled={!country}
            aria-invalid={errors.province ? true : undefined}
            onChange={(event) => {
              setProvince(event.target.value);
              clear('province');
            }}
          >
            <option value="">{t('shipping.choose')}</option>
            {provinces.map((p) => (
              <option key={p.code} value={p.code}>
                {provinceName(regions, p.code, language)}
              </option>
            ))}
          </select>
          {fieldError('province')}
        </div>
      </div>
      <LangTextInput
        label={t('shipping.address')}
        value={address}
        rows={2}
        onChange={(value) => (setAddress(value), clear('address'))}
        error={errors.address ?? null}
      />
      <div className="field">
        <label htmlFor={`${id}-hours`} className="field__label">
          {t('shipping.hours')}
        </label>
        <input
          id={`${id}-hours`}
          className="input"
          value={hours}
          maxLength={200}
          placeholder="10:00-20:00"
          aria-invalid={errors.hours ? true : undefined}
          onChange={(event) => (setHours(event.target.value), clear('hours'))}
        />
        {fieldError('hours')}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(event) => setActive(event.target.checked)} />
        {t('shipping.point_active')}
      </label>
      {errors.form && (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      )}
      {saved && (
        <p className="notice notice--success" role="status">
          {t('shipping.saved')}
        </p>
      )}
      <button
        type="submit"
        className="button button--primary"
        disabled={mutation.isPending}
        aria-busy={mutation.isPending}
      >
        {mutation.isPending ? t('shipping.saving') : point ? t('shipping.save_point') : t('shipping.create_point')}
      </button>
    </form>
  );
}
