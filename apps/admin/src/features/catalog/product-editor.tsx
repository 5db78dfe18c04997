import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type OperatorProduct } from '@wallx/shared';
import { DetailPanel } from '../../components/detail-panel';
import { useForm } from '../../lib/use-form';
import { useSaveProduct } from './api/save-product';
import { ImageUpload } from './image-upload';
import { ProductFields } from './product-fields';
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
          <ProductFields draft={draft} isNew={isNew} errorFor={errorFor} set={set} />
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
