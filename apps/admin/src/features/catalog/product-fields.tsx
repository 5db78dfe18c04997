import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { languageNames, minerCategories, productNameLanguages } from '@wallx/shared';
import type { ProductDraft } from './product-draft';

/** The product's details as the editor's inputs: its names, terms and flags, each with its error. */
export function ProductFields({
  draft,
  isNew,
  errorFor,
  set,
}: {
  draft: ProductDraft;
  isNew: boolean;
  errorFor: (field: keyof ProductDraft | 'name') => string | undefined;
  set: <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => void;
}) {
  const { t } = useTranslation();
  const field = (name: keyof ProductDraft, label: string, input: ReactNode, hint?: string) => (
    <label className="field">
      <span className="field__label">{label}</span>
      {input}
      {hint && <span className="muted field__hint">{hint}</span>}
      {errorFor(name) && (
        <span className="field__error" role="alert">
          {errorFor(name)}
        </span>
      )}
    </label>
  );
  const text = (name: keyof ProductDraft, props: { inputMode?: 'decimal' | 'numeric'; placeholder?: string } = {}) => (
    <input
      className="input"
      name={name}
      value={draft[name] as string}
      aria-invalid={errorFor(name) ? true : undefined}
      autoComplete="off"
      {...props}
      onChange={(event) => set(name, event.target.value as never)}
    />
  );
  const check = (name: 'physical' | 'gift' | 'on_sale', label: string) => (
    <label className="check">
      <input type="checkbox" name={name} checked={draft[name]} onChange={(event) => set(name, event.target.checked)} />
      <span>{label}</span>
      {errorFor(name) && (
        <span className="field__error" role="alert">
          {errorFor(name)}
        </span>
      )}
    </label>
  );

  return (
    <>
      <fieldset className="editor__names">
        <legend className="field__label">{t('catalog.names')}</legend>
        {productNameLanguages.map((language) => (
          <label key={language} className="name-field">
            <span className="name-field__language">{languageNames[language]}</span>
            <input
              className="input"
              name={`name_${language}`}
              lang={language.replace('_', '-')}
              value={draft.names[language]}
              aria-invalid={errorFor('name') ? true : undefined}
              onChange={(event) => set('names', { ...draft.names, [language]: event.target.value })}
            />
          </label>
        ))}
        {errorFor('name') && (
          <span className="field__error" role="alert">
            {t('catalog.names_required')}
          </span>
        )}
      </fieldset>
      <div className="editor__grid">
        {field(
          'category',
          t('catalog.category'),
          <select
            name="category"
            value={draft.category}
            onChange={(event) => set('category', event.target.value as ProductDraft['category'])}
          >
            {minerCategories.map((category) => (
              <option key={category} value={category}>
                {t(`catalog.category_${category}`)}
              </option>
            ))}
          </select>,
        )}
        {field('sort', t('catalog.sort'), text('sort', { inputMode: 'numeric' }))}
        {field(
          'price_usdt',
          t('catalog.price_usdt'),
          text('price_usdt', { inputMode: 'decimal', placeholder: t('catalog.no_price') }),
        )}
        {field(
          'price_wallx',
          t('catalog.price_wallx'),
          text('price_wallx', { inputMode: 'decimal', placeholder: t('catalog.no_price') }),
        )}
        {field('daily_output', t('catalog.daily_output'), text('daily_output', { inputMode: 'decimal' }))}
        {field('output_days', t('catalog.output_days'), text('output_days', { inputMode: 'numeric' }))}
        {field(
          'per_user_limit',
          t('catalog.per_user_limit'),
          text('per_user_limit', { inputMode: 'numeric', placeholder: t('catalog.no_limit') }),
        )}
        {isNew && field('stock', t('catalog.stock'), text('stock', { inputMode: 'numeric' }))}
        {field(
          'pickup_from',
          t('catalog.pickup_from'),
          <input
            className="input"
            type="datetime-local"
            name="pickup_from"
            value={draft.pickup_from}
            onChange={(event) => set('pickup_from', event.target.value)}
          />,
        )}
      </div>
      <p className="muted">{t('catalog.terms_hint')}</p>
      <div className="editor__checks">
        {check('on_sale', t('catalog.on_sale_label'))}
        {check('physical', t('catalog.physical_label'))}
        {check('gift', t('catalog.gift_label'))}
      </div>
    </>
  );
}
