import { useState, type ReactNode } from 'react';
import { useForm } from '../lib/use-form';
import { DoneNotice, ErrorNotice, Field, SubmitButton } from './form-parts';

type AmountValues = { amount: string; reason: string };

/** What sends a proposal: a mutation as useAuditedMutation makes it. */
type Proposer<V> = {
  mutate: (values: V, options: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
};

/**
 * A proposal of an amount with its reason — adding to a budget or the pool, a grant — as one form:
 * sent by `proposer`, a second admin approves it (the proposals of today). After it is sent the form
 * is fresh again and says it was proposed; a refusal shows under the field it names.
 */
export function useAmountProposal<V extends AmountValues, F extends string>(
  initial: V,
  fields: readonly F[],
  proposer: Proposer<V>,
  onProposed?: () => void,
) {
  const [isProposed, setProposed] = useState(false);
  const form = useForm<V, F>({ initial, fields });
  const submit = form.onSubmit((values) => {
    setProposed(false);
    proposer.mutate(values, {
      onSuccess: () => {
        form.reset();
        setProposed(true);
        onProposed?.();
      },
      onError: (error) => form.refuseWith(error),
    });
  });
  return { form, submit, isProposed, busy: proposer.isPending };
}

type AmountProposal = ReturnType<typeof useAmountProposal<AmountValues, 'amount' | 'reason'>>;

type FieldsProps = {
  proposal: Pick<AmountProposal, 'isProposed' | 'busy'> & {
    form: Pick<AmountProposal['form'], 'values' | 'errors'> & {
      set: (field: 'amount' | 'reason', value: string) => void;
    };
  };
  labels: { amount: string; reason: string; proposed: string; submit: string };
};

/** The amount and its reason, the form's refusal, "proposed" once sent, and the send button. */
export function AmountReasonFields({ proposal, labels }: FieldsProps): ReactNode {
  const { form } = proposal;
  return (
    <>
      <Field label={labels.amount} error={form.errors.amount}>
        <input
          className="input"
          name="amount"
          inputMode="decimal"
          value={form.values.amount}
          aria-invalid={form.errors.amount ? true : undefined}
          onChange={(event) => form.set('amount', event.target.value.trim())}
        />
      </Field>
      <Field label={labels.reason} error={form.errors.reason}>
        <input
          className="input"
          name="reason"
          value={form.values.reason}
          maxLength={500}
          aria-invalid={form.errors.reason ? true : undefined}
          onChange={(event) => form.set('reason', event.target.value)}
        />
      </Field>
      <ErrorNotice>{form.errors.form}</ErrorNotice>
      {proposal.isProposed && <DoneNotice>{labels.proposed}</DoneNotice>}
      <div className="filters__buttons">
        <SubmitButton busy={proposal.busy}>{labels.submit}</SubmitButton>
      </div>
    </>
  );
}
