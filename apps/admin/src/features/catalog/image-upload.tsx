import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { productImageTypes, type OperatorProduct } from '@wallx/shared';
import { useForm } from '../../lib/use-form';
import { useUploadProductImage } from './api/upload-image';
import { DoneNotice, ErrorNotice, Field } from '../../components/form-parts';

type Props = { product: OperatorProduct; canEdit: boolean; onUploaded: (product: OperatorProduct) => void };

/**
 * The product's picture and a new one to upload, previewed from the file itself (a data: URL, which
 * the console's CSP allows). The size and the bytes are judged by the server, whose refusal is shown.
 */
export function ImageUpload({ product, canEdit, onUploaded }: Props) {
  const { t } = useTranslation();
  const id = useId();
  // The server judges the file (its size, its bytes) and names the field it refuses.
  const form = useForm<{ file: File | null }, 'image'>({ initial: { file: null }, fields: ['image'] });
  const { file } = form.values;
  const [preview, setPreview] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const upload = useUploadProductImage();

  function choose(chosen: File | null) {
    form.reset({ file: chosen });
    setPreview(null);
    setDone(false);
    if (!chosen) return;
    const reader = new FileReader();
    reader.onload = () => setPreview(typeof reader.result === 'string' ? reader.result : null);
    reader.readAsDataURL(chosen);
  }

  function send() {
    if (!file) return;
    upload.mutate(
      { id: product.id, file },
      {
        onSuccess: (result) => {
          form.reset({ file: null });
          setPreview(null);
          setDone(true);
          onUploaded(result.product);
        },
        onError: form.refuseWith,
      },
    );
  }

  return (
    <section className="image-upload" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('catalog.image')}</h3>
      <div className="image-upload__row">
        <figure className="image-upload__figure">
          {product.image ? (
            <img className="image-upload__img" src={product.image} alt={t('catalog.current_image')} />
          ) : (
            <div className="image-upload__empty">{t('catalog.no_image')}</div>
          )}
          <figcaption className="muted">{t('catalog.current_image')}</figcaption>
        </figure>
        {preview && (
          <figure className="image-upload__figure">
            <img className="image-upload__img" src={preview} alt={t('catalog.new_image')} />
            <figcaption className="muted">{t('catalog.new_image')}</figcaption>
          </figure>
        )}
      </div>
      {canEdit && (
        <div className="image-upload__controls">
          <Field label={t('catalog.choose_image')}>
            <input
              className="input"
              type="file"
              name="image"
              accept={productImageTypes.join(',')}
              onChange={(event) => choose(event.target.files?.[0] ?? null)}
            />
            <span className="muted">{t('catalog.image_hint')}</span>
          </Field>
          <button
            type="button"
            className="button"
            disabled={!file || upload.isPending}
            aria-busy={upload.isPending}
            onClick={send}
          >
            {upload.isPending ? t('catalog.uploading') : t('catalog.upload')}
          </button>
        </div>
      )}
      <ErrorNotice>{form.errors.image ?? form.errors.form}</ErrorNotice>
      {done && <DoneNotice>{t('catalog.uploaded')}</DoneNotice>}
    </section>
  );
}
