import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorCatalog, ApiError } from '@wallx/shared';
import { BottomSheet } from '../../components/bottom-sheet';
import { FundPasswordField } from '../../components/fund-password-field';
import { useForm } from '../../lib/use-form';
import type { FundPasswordState } from '../../lib/return-to';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useFundPasswordGate } from '../../lib/use-fund-password-gate';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useBuyOrder } from './api/buy-order';
import type { Market } from './api/keys';

/** The order the user is about to buy: what is paid, and what to say once it is theirs. */
export type PendingBuy = { id: string; summary: string; success: string };

const passwordCodes = new Set<number>([
  errorCatalog.fund_password_incorrect.code,
  errorCatalog.fund_password_locked.code,
]);

function BuyForm({
  market,
  pending,
  send,
  isSending,
  onDone,
}: {
  market: Market;
  pending: PendingBuy;
  send: (id: string, fundPassword: string) => Promise<unknown>;
  isSending: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Mounted only while the sheet is open: without a fund password the user goes to set one first.
  const gate = useFundPasswordGate(`/${market}`);
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const { values, field, trySubmit, refuse } = useForm<{ fundPassword: string }, 'fund_password'>({
    initial: { fundPassword: '' },
    validate: ({ fundPassword }) => (fundPassword === '' ? { fund_password: 'funds.fund_password_required' } : {}),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!trySubmit() || isSending || gate !== 'ready') return;
    try {
      await send(pending.id, values.fundPassword);
      showToast(pending.success, 'success');
      onDone();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : t('errors.internal');
      if (error instanceof ApiError && passwordCodes.has(error.code)) {
        refuse('fund_password', message);
        return;
      }
      showToast(message);
      if (error instanceof ApiError && error.code === errorCatalog.fund_password_not_set.code) {
        const state: FundPasswordState = { returnTo: `/${market}` };
        void navigate('/fpassword', { state });
        return;
      }
      // Settled refusals (sold to someone else, not enough USDT) end this purchase; a lost answer keeps
      // the sheet so that the same request can go again with its key.
      if (error instanceof ApiError && error.status < 500) onDone();
    }
  }

  return (
    <form
      className="buy-order funds-form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-busy={gate === 'checking'}
    >
      <p className="buy-order__summary" data-testid="buy-summary">
        {pending.summary}
      </p>
      <FundPasswordField {...field('fundPassword', 'fund_password')} />
      <button
        type="submit"
        className="button button--primary button--block funds-form__submit"
        disabled={isSending || gate !== 'ready' || isFrozen}
        aria-busy={isSending}
      >
        {isSending ? t('markets.buying') : t('markets.buy')}
      </button>
    </form>
  );
}

/**
 * Buying from a market list: a sheet that says what is paid and asks for the fund password (a buy
 * moves the buyer's USDT to another user, so a session alone must not be able to do it). The
 * idempotency key lives with the sheet, not the form: reopened after a lost answer, the same order
 * goes again with the same key and is paid once.
 */
export function useBuyOrderSheet(market: Market) {
  const { t } = useTranslation();
  const mutation = useBuyOrder(market);
  const sendBuy = useIdempotentSubmit(mutation.mutateAsync);
  const [pending, setPending] = useState<PendingBuy | null>(null);
  const [shown, setShown] = useState<PendingBuy | null>(null);
  if (pending && pending !== shown) setShown(pending);
  const close = () => setPending(null);

  const sheet = (
    <BottomSheet visible={pending !== null} onClose={close} title={t('markets.buy_title')} className="buy-order-sheet">
      {shown && (
        <BuyForm
          key={shown.id}
          market={market}
          pending={shown}
          send={(id, fundPassword) => sendBuy({ id, request: { fund_password: fundPassword } })}
          isSending={mutation.isPending}
          onDone={close}
        />
      )}
    </BottomSheet>
  );
  return { open: setPending, buyingId: mutation.isPending ? (mutation.variables?.id ?? null) : null, sheet };
}
