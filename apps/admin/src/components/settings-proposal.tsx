import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@wallx/shared';
import { formatTime } from '../lib/format';
import { useForm } from '../lib/use-form';
import { DoneNotice, SubmitButton } from './form-parts';

/** What a rule set says of itself: the version in force, who proposed it and who approved it. */
type Versioned = {
  version: number;
  updated_by: string | null;
  approved_by: string | null;
  updated_at: string | null;
};

/** What sends a change of rules: a mutation as useAuditedMutation makes it. */
type Proposer<R> = {
  mutate: (request: R, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
};

type Options<S extends Versioned, V extends object, F extends string, R> = {
  settings: S;
  valuesOf: (settings: S) => V;
  fields: readonly F[];
  proposer: Proposer<R>;
  /** The request for these values, on the version they were read from. */
  requestOf: (values: V, version: number) => R;
  onProposed: () => void;
};

/**
 * A change of rules proposed on the version read (a second admin approves it): the form starts from
 * the rules in force and goes back to them once the change is proposed; a refusal for the version
 * (another change landed meanwhile) says so and offers to reload.
 */
export function useSettingsProposal<S extends Versioned, V extends object, F extends string, R>({
  settings,
  valuesOf,
  fields,
  proposer,
  requestOf,
  onProposed,
}: Options<S, V, F, R>) {
  const form = useForm<V, F>({ initial: () => valuesOf(settings), fields });
  const [isStale, setStale] = useState(false);
  const [isProposed, setProposed] = useState(false);
  const submit = form.onSubmit((values) => {
    setStale(false);
    setProposed(false);
    proposer.mutate(requestOf(values, settings.version), {
      onSuccess: () => {
        form.reset(valuesOf(settings));
        setProposed(true);
        onProposed();
      },
      onError: (error) => {
        form.refuseWith(error);
        setStale(error instanceof ApiError && error.field === 'version');
      },
    });
  });
  return { form, submit, isStale, isProposed, busy: proposer.isPending };
}

/** Where the rules in force come from: the defaults, or a version proposed and approved by operators. `section` names the texts. */
export function SettingsSource({ settings, section }: { settings: Versioned; section: 'staking' | 'wellbeing' }) {
  const { t } = useTranslation();
  return (
    <p className="muted">
      {settings.version === 0
        ? t(`${section}.settings_source_defaults`)
        : t(`${section}.settings_source_approved`, {
            version: settings.version,
            operator: settings.updated_by ?? '',
            approver: settings.approved_by ?? '',
            time: formatTime(settings.updated_at),
          })}
    </p>
  );
}

type FooterProps = {
  /** What was just done (proposed, saved), once it is. */
  done: string | false;
  error: string | undefined;
  /** The refusal was for the version read: the rules changed meanwhile. */
  reload: { label: string; onClick: () => void } | false;
  submit: { label: string; busy: boolean } | false;
};

/** A rules form's end: "proposed" (or "saved") once sent, the refusal (with a reload when the rules changed meanwhile), the send button. */
export function SettingsFooter({ done, error, reload, submit }: FooterProps) {
  return (
    <>
      {done && <DoneNotice>{done}</DoneNotice>}
      {error && (
        <div className="notice notice--error" role="alert">
          <span>{error}</span>
          {reload && (
            <button type="button" className="button button--small" onClick={reload.onClick}>
              {reload.label}
            </button>
          )}
        </div>
      )}
      {submit && (
        <div className="filters__buttons">
          <SubmitButton busy={submit.busy}>{submit.label}</SubmitButton>
        </div>
      )}
    </>
  );
}
