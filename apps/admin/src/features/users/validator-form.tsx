import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { langText, type OperatorUser } from '@wallx/shared';
import { QueryError } from '../../components/table-footer';
import { useLanguage } from '../../lib/i18n';
import { useForm } from '../../lib/use-form';
import { usePickupPoints } from './api/get-pickup-points';
import { useSetValidator } from './api/set-validator';
import { DoneNotice, ErrorNotice, SubmitButton } from '../../components/form-parts';

type Props = { user: OperatorUser; current: string[] };

/** Makes the user the validator of exactly the points ticked (the shipping module's endpoint); none ticked: no longer one. */
export function ValidatorForm({ user, current }: Props) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [isOpen, setIsOpen] = useState(false);
  // No rule: any set of points, none included, is a choice; the server's refusal shows over the form.
  const form = useForm<{ chosen: string[] }, never>({ initial: { chosen: current }, fields: [] });
  const { chosen } = form.values;
  const error = form.errors.form;
  const [saved, setSaved] = useState(false);
  const points = usePickupPoints({ enabled: isOpen });
  const mutation = useSetValidator();

  if (!isOpen) {
    return (
      <div className="section-actions">
        {saved && <DoneNotice>{t('users.points_saved')}</DoneNotice>}
        <button
          type="button"
          className="button button--small"
          onClick={() => {
            // From the points the user has now: the form may have been opened before, on older ones.
            form.reset({ chosen: current });
            setSaved(false);
            setIsOpen(true);
          }}
        >
          {user.is_validator ? t('users.change_points') : t('users.make_validator')}
        </button>
      </div>
    );
  }

  const submit = form.onSubmit((sent) =>
    mutation.mutate(
      { address: user.address, pointIds: sent.chosen },
      {
        onSuccess: () => {
          setSaved(true);
          setIsOpen(false);
        },
        onError: form.refuseWith,
      },
    ),
  );

  return (
    <form className="validator-form" onSubmit={submit}>
      <fieldset>
        <legend className="field__label">{t('users.choose_points')}</legend>
        {points.isError && <QueryError error={points.error} retry={() => void points.refetch()} />}
        {points.isPending && <p className="muted">{t('table.loading')}</p>}
        {points.data?.length === 0 && <p className="muted">{t('users.no_points')}</p>}
        {points.data?.map((point) => (
          <label key={point.id} className="check">
            <input
              type="checkbox"
              checked={chosen.includes(point.id)}
              onChange={(event) =>
                form.set(
                  'chosen',
                  event.target.checked ? [...chosen, point.id] : chosen.filter((id) => id !== point.id),
                )
              }
            />
            <span>
              {langText(point.name, language)}{' '}
              <span className="muted">{`${point.country} · ${point.province}${point.active ? '' : ` · ${t('users.point_closed')}`}`}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <p className="muted">{t('users.points_hint')}</p>
      <ErrorNotice>{error}</ErrorNotice>
      <div className="dialog__buttons">
        <button type="button" className="button button--ghost button--small" onClick={() => setIsOpen(false)}>
          {t('users.cancel')}
        </button>
        <SubmitButton
          busy={mutation.isPending}
          disabled={!points.data}
          className="button button--primary button--small"
        >
          {t('users.save_points')}
        </SubmitButton>
      </div>
    </form>
  );
}
