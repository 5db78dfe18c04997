import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  buildLangText,
  countries,
  parseLangTextFields,
  type Country,
  type PickupPoint,
  type Regions,
} from '@wallx/shared';
import { LangTextInput } from '../../components/lang-text-input';
import { useLanguage } from '../../lib/i18n';
import { useForm } from '../../lib/use-form';
import { useSavePoint } from './api/save-point';
import { pointProblems, type PointValues } from './form-rules';
import { countryName, provinceName } from './regions';
import { DoneNotice, ErrorNotice, SubmitButton } from '../../components/form-parts';

type Props = {
  point: (PickupPoint & { active: boolean }) | null;
  regions: Regions | undefined;
  onSaved: (point: PickupPoint) => void;
};

const fields = ['name', 'country', 'province', 'address', 'hours'] as const;
type Field = (typeof fields)[number];

const valuesOf = (point: Props['point']): PointValues => ({
  name: parseLangTextFields(point?.name ?? '').fields,
  address: parseLangTextFields(point?.address ?? '').fields,
  country: point?.country ?? '',
  province: point?.province ?? '',
  hours: point?.hours ?? '',
  active: point?.active ?? true,
});

/** A pick-up point's form: new (nothing given) or the whole point replaced (PUT), as the endpoint takes it. */
export function PointEditor({ point, regions, onSaved }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const id = useId();
  const [saved, setSaved] = useState(false);
  const form = useForm<PointValues, Field>({ initial: () => valuesOf(point), fields, validate: pointProblems });
  const { values, errors } = form;
  const { name, address, country, province, hours, active } = values;
  const mutation = useSavePoint();
  const provinces = regions?.find((region) => region.country === country)?.provinces ?? [];

  function submit(event: FormEvent) {
    setSaved(false);
    form.onSubmit((sent) => {
      if (!sent.country) return;
      const input = {
        name: buildLangText(sent.name),
        country: sent.country,
        province: sent.province,
        address: buildLangText(sent.address),
        hours: sent.hours.trim(),
        active: sent.active,
      };
      mutation.mutate(
        { id: point?.id ?? null, input },
        {
          onSuccess: (result) => {
            setSaved(true);
            onSaved(result);
          },
          onError: form.refuseWith,
        },
      );
    })(event);
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
        onChange={(value) => form.set('name', value)}
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
            onChange={(event) => form.edit({ country: event.target.value as Country, province: '' }, 'country')}
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
            onChange={(event) => form.set('province', event.target.value)}
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
        onChange={(value) => form.set('address', value)}
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
          onChange={(event) => form.set('hours', event.target.value)}
        />
        {fieldError('hours')}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={active} onChange={(event) => form.set('active', event.target.checked)} />
        {t('shipping.point_active')}
      </label>
      <ErrorNotice>{errors.form}</ErrorNotice>
      {saved && <DoneNotice>{t('shipping.saved')}</DoneNotice>}
      <SubmitButton busy={mutation.isPending}>
        {mutation.isPending ? t('shipping.saving') : point ? t('shipping.save_point') : t('shipping.create_point')}
      </SubmitButton>
    </form>
  );
}
