import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type OrderExpiry } from '@wallx/shared';
import { FundPasswordField } from '../../components/fund-password-field';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';
import { SubmitButton } from '../../components/submit-button';
import { FormNote, FrozenNotice, useRefusalHandler } from '../../components/money-form-parts';
import { useSession } from '../../lib/session-store';
import { useFundPasswordGate, type FundPasswordGate } from '../../lib/use-fund-password-gate';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useForm } from '../../lib/use-form';
import { ExpiryPicker } from './expiry-picker';
import { publishFieldOfError, type PublishErrors, type PublishField } from './publish-rules';

export type ServerError = { field: PublishField; message: string };

export type SummaryRow = { label: string; value: string; unit: string; testId?: string; isStrong?: boolean };

/** What the order means in money, worked out exactly before the user commits. */
export function QuoteSummary({ rows }: { rows: readonly SummaryRow[] }) {
  return (
    <dl className="quote" aria-live="polite">
      {rows.map((row) => (
        <div key={row.label} className={`quote__row${row.isStrong ? ' is-strong' : ''}`}>
          <dt>{row.label}</dt>
          <dd data-testid={row.testId}>
            {row.value} <small>{row.unit}</small>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What every publish form asks for, whatever it sells. */
type BaseForm = { unitPrice: string; expiry: OrderExpiry | null; fundPassword: string };

type PublishOptions<F extends BaseForm, R extends { fund_password: string }, O> = {
  initial: F;
  /** The screen's path: where the user comes back to after setting a fund password. */
  path: string;
  validate: (form: F) => PublishErrors;
  toRequest: (form: F) => R;
  mutation: { isPending: boolean; mutateAsync: (variables: { request: R; idempotencyKey: string }) => Promise<O> };
  onPublished: (result: O) => void;
  /** Besides showing it on the field, e.g. reloading the balance the server judged by. */
  onFieldError?: (error: ServerError) => void;
};

/** The fields of a publish form, as the shared frame sees them. */
export type PublishFormState = {
  form: BaseForm;
  gate: FundPasswordGate;
  isPending: boolean;
  errorOf: (field: PublishField) => string | undefined;
  editCommon: (patch: Partial<BaseForm>, field: PublishField) => void;
  touch: (field: PublishField) => void;
  submit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
};

/**
 * The state and submission of a publish form: a field's error shows once it was left or the form
 * submitted, a refusal from the server shows on its field until that field is edited, and a retried
 * submission reuses its idempotency key.
 */
export function usePublishForm<F extends BaseForm, R extends { fund_password: string }, O>({
  initial,
  path,
  validate,
  toRequest,
  mutation,
  onPublished,
  onFieldError,
}: PublishOptions<F, R, O>) {
  const gate = useFundPasswordGate(path);
  const sendOrder = useIdempotentSubmit(mutation.mutateAsync);
  const {
    values: form,
    errorOf,
    edit,
    touch,
    field,
    trySubmit,
    refuse,
  } = useForm<F, PublishField>({ initial, validate });
  const handleRefusal = useRefusalHandler(path, publishFieldOfError, (field, message) => {
    refuse(field, message);
    onFieldError?.({ field, message });
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || mutation.isPending || gate !== 'ready') return;
    try {
      onPublished(await sendOrder({ request: toRequest(form) }));
    } catch (error) {
      handleRefusal(error);
    }
  }

  return {
    form,
    gate,
    isPending: mutation.isPending,
    errorOf,
    edit,
    field,
    editCommon: (patch: Partial<BaseForm>, field: PublishField) => edit(patch as Partial<F>, field),
    touch,
    submit,
  };
}

type FrameProps = {
  title: string;
  /** The header's link to the user's orders of this market. */
  ordersLink: ReactNode;
  state: PublishFormState;
  /** What the order means in money, once the fee rate is known. */
  quote: ReactNode;
  note: string;
  submitLabel: string;
  /** The fields before the price: what is sold. */
  children: ReactNode;
};

/** A publish screen: what is sold, its price and expiry, the quote, the fund password and submit. */
export function PublishFrame({ title, ordersLink, state, quote, note, submitLabel, children }: FrameProps) {
  const { t } = useTranslation();
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const { form, gate, isPending, errorOf, editCommon, touch, submit } = state;
  return (
    <div className="screen funds-form-screen markets-form-screen">
      <PageHeader title={title} end={ordersLink} />
      <FrozenNotice />
      <form
        className="funds-form card"
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-busy={gate === 'checking'}
      >
        {children}
        <TextField
          id="unit_price"
          label={t('markets.unit_price')}
          placeholder={t('markets.price_placeholder')}
          value={form.unitPrice}
          onChange={(unitPrice) => editCommon({ unitPrice }, 'unit_price')}
          onBlur={() => touch('unit_price')}
          error={errorOf('unit_price')}
          inputMode="decimal"
          maxLength={24}
          end={<span className="field__suffix field__suffix--end">USDT</span>}
        />
        <ExpiryPicker
          value={form.expiry}
          onChange={(expiry) => {
            editCommon({ expiry }, 'expiry');
            touch('expiry');
          }}
          error={errorOf('expiry')}
        />
        {quote}
        <FundPasswordField
          value={form.fundPassword}
          onChange={(fundPassword) => editCommon({ fundPassword }, 'fund_password')}
          onBlur={() => touch('fund_password')}
          error={errorOf('fund_password')}
        />
        <FormNote>{note}</FormNote>
        <SubmitButton
          isPending={isPending}
          disabled={gate !== 'ready' || isFrozen}
          pendingLabel={t('markets.publishing')}
        >
          {submitLabel}
        </SubmitButton>
      </form>
    </div>
  );
}
