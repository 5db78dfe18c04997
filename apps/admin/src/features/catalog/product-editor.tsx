import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, languageNames, minerCategories, productNameLanguages, type OperatorProduct } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { useForm } from '../../lib/use-form';
import { useSaveProduct } from './api/save-product';
import { ImageUpload } from './image-upload';
import { createPayload, draftOf, editPayload, emptyDraft, type ProductDraft } from './product-draft';
import { StockForm } from './stock-form';
import { DoneNotice, SubmitButton } from '../../components/form-parts';

type Props = {
  /** null: a new product. */
  product: OperatorProduct | null;
  /** The product as the list has it now (another operator may have changed it). */
  latest: OperatorProduct | null;
  canEdit: boolean;
  onSaved: (product: OperatorProduct) => void;
  onClose: () => void;
};

/** The fields the server's refusals name (the names are one field, `name`); another refusal shows over the form. */
const fields = [
  'name',
  'category',
  'price_usdt',
  'price_wallx',
  'daily_output',
  'output_days',
  'per_user_limit',
  'stock',
  'pickup_from',
  'physical',
  'gift',
  'on_sale',
  'sort',
] as const;
type Field = (typeof fields)[number];

/**
 * Create or edit a product. An edit names the version it was made from: if someone else saved the
 * product since, the server refuses, and the operator reloads rather than overwriting their change.
 */
export function ProductEditor({ product, latest, canEdit, onSaved, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const form = useForm<ProductDraft, Field>({
    initial: () => (product ? draftOf(product) : emptyDraft()),
    fields,
  });
  const draft = form.values;
  const [version, setVersion] = useState(product?.version ?? 0);
  const [isStale, setStale] = useState(false);
  const [saved, setSaved] = useState(false);
  const save = useSaveProduct();
  const isNew = product === null;

  const set = <K extends keyof ProductDraft>(key: K, value: ProductDraft[K]) => {
    form.edit({ [key]: value } as Partial<ProductDraft>, (key === 'names' ? 'name' : key) as Field);
    setSaved(false);
  };
  const errorFor = (field: Field | keyof ProductDraft) => form.errors[field as Field];

  const submit = form.onSubmit((sent) => {
    setStale(false);
    save.mutate(
      { id: product?.id ?? null, input: isNew ? createPayload(sent) : editPayload(sent, version) },
      {
        onSuccess: (result) => {
          setVersion(result.version);
          form.reset(draftOf(result));
          setSaved(true);
          onSaved(result);
        },
        onError: (error) => {
          form.refuseWith(error);
          setStale(error instanceof ApiError && error.code === 8201);
        },
      },
    );
  });

  function reload() {
    if (!latest) return;
    form.reset(draftOf(latest));
    setVersion(latest.version);
    setStale(false);
  }

  const field = (name: Field, label: string, input: ReactNode, hint?: string) => (
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
  const formRefusal = form.errors.form;

  return (
    <DetailPanel
      title={isNew ? t('catalog.new_product') : t('catalog.edit_product', { id: product.id })}
      onClose={onClose}
    >
      {!canEdit && <p className="notice notice--info">{t('catalog.cannot_edit')}</p>}
      {!isNew && (
        <>
          <ImageUpload product={latest ?? product} canEdit={canEdit} onUploaded={onSaved} />
          <StockForm product={latest ?? product} canEdit={canEdit} />
        </>
      )}
      <form className="editor" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h3 id={`${id}-title`}>{t('catalog.details')}</h3>
        <fieldset className="editor__fields" disabled={!canEdit}>
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
        </fieldset>
        {formRefusal && (
          <div className="notice notice--error" role="alert">
            <span>{formRefusal}</span>
            {isStale && latest && (
              <button type="button" className="button button--small" onClick={reload}>
                {t('catalog.reload')}
              </button>
            )}
          </div>
        )}
        {saved && <DoneNotice>{t('catalog.saved')}</DoneNotice>}
        {canEdit && (
          <SubmitButton busy={save.isPending}>
            {save.isPending ? t('catalog.saving') : isNew ? t('catalog.create') : t('catalog.save')}
          </SubmitButton>
        )}
      </form>
    </DetailPanel>
  );
}
