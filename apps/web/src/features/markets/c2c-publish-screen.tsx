import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatNumber } from '@wallx/shared';
import { FundPasswordField } from '../../components/fund-password-field';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';
import { createIdempotencyKeys, isSettled } from '../../lib/idempotency-key';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useFundPasswordGate } from '../../lib/use-fund-password-gate';
import { useUserInfo } from '../../lib/user-info';
import { useMarketConfig } from './api/get-market-config';
import { usePublishC2c } from './api/publish-c2c';
import { percent } from '@wallx/shared';
import { ExpiryPicker } from './expiry-picker';
import { HistoryIcon } from './markets-icons';
import { useErrorToast } from './order-list';
import { FormNote, FrozenNotice, QuoteSummary, useRefusalHandler, type ServerError } from './publish-form';
import { c2cQuote, toC2cRequest, validateC2cPublish, type C2cPublishForm, type PublishField } from './publish-rules';
import '../../components/funds-form.css';
import './markets.css';

const emptyForm: C2cPublishForm = { amount: '', unitPrice: '', expiry: null, fundPassword: '' };

export function C2cPublishScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = useFundPasswordGate('/c2c/publish');
  const userInfo = useUserInfo();
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const wallx = useSession((s) => s.balance.wallx);
  const config = useMarketConfig();
  useErrorToast(config.error);
  const mutation = usePublishC2c();
  const [idempotencyKeys] = useState(createIdempotencyKeys);

  const [form, setForm] = useState(emptyForm);
  const [touched, setTouched] = useState<ReadonlySet<PublishField>>(new Set());
  const [isSubmitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const handleRefusal = useRefusalHandler('/c2c/publish', (error) => {
    setServerError(error);
    // The balance shown may be out of date; the server just said what it really is.
    if (error.field === 'amount') void userInfo.refetch();
  });

  // Until the rate is known the fee is taken as 0; the server judges the balance in any case.
  const feeRate = config.data?.c2c_fee_rate;
  const errors = validateC2cPublish(form, { wallx, feeRate: feeRate ?? '0' });
  const errorOf = (field: PublishField): string | undefined => {
    const key = errors[field];
    if (key && (isSubmitted || touched.has(field))) return t(key);
    return serverError?.field === field ? serverError.message : undefined;
  };
  const edit = (field: PublishField, patch: Partial<C2cPublishForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    if (serverError?.field === field) setServerError(null);
  };
  const touch = (field: PublishField) => setTouched((current) => new Set(current).add(field));
  const quote = feeRate === undefined ? null : c2cQuote(form.amount, form.unitPrice, feeRate);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (mutation.isPending || gate !== 'ready' || Object.keys(errors).length > 0) return;
    const request = toC2cRequest(form);
    const { fund_password: _password, ...order } = request;
    try {
      await mutation.mutateAsync({ request, idempotencyKey: idempotencyKeys.keyFor(order) });
      idempotencyKeys.settle();
      showToast(t('markets.publish_c2c_success'), 'success');
      void navigate('/c2c?tab=mine', { replace: true });
    } catch (error) {
      if (isSettled(error)) idempotencyKeys.settle();
      handleRefusal(error);
    }
  }

  const ordersLink = (
    <Link to="/c2c?tab=mine" className="icon-button icon-button--plain mk-header-link" aria-label={t('markets.my_orders')}>
      <HistoryIcon />
    </Link>
  );

  return (
    <div className="screen funds-form-screen markets-form-screen">
      <PageHeader title={t('screen.c2c_publish')} end={ordersLink} />
      {isFrozen && <FrozenNotice />}
      <form className="funds-form card" onSubmit={(event) => void submit(event)} noValidate aria-busy={gate === 'checking'}>
        <TextField
          id="amount"
          label={t('markets.amount')}
          placeholder={t('markets.amount_placeholder')}
          value={form.amount}
          onChange={(amount) => edit('amount', { amount })}
          onBlur={() => touch('amount')}
          error={errorOf('amount')}
          inputMode="numeric"
          maxLength={16}
          hint={
            <>
              {t('markets.available')} <span data-balance="WALLX">{formatNumber(wallx, 6)}</span> WALLX
            </>
          }
          end={<span className="field__suffix field__suffix--end">WALLX</span>}
        />
        <TextField
          id="unit_price"
          label={t('markets.unit_price')}
          placeholder={t('markets.price_placeholder')}
          value={form.unitPrice}
          onChange={(unitPrice) => edit('unit_price', { unitPrice })}
          onBlur={() => touch('unit_price')}
          error={errorOf('unit_price')}
          inputMode="decimal"
          maxLength={24}
          end={<span className="field__suffix field__suffix--end">USDT</span>}
        />
        <ExpiryPicker
          value={form.expiry}
          onChange={(expiry) => {
            edit('expiry', { expiry });
            touch('expiry');
          }}
          error={errorOf('expiry')}
        />
        {feeRate !== undefined && (
          <QuoteSummary
            rows={[
              { label: t('markets.buyer_pays'), value: quote?.total ? formatNumber(quote.total, 12) : '—', unit: 'USDT', testId: 'quote-total' },
              { label: t('markets.fee_with_rate', { rate: percent(feeRate) }), value: quote ? formatNumber(quote.fee, 18) : '—', unit: 'WALLX', testId: 'quote-fee' },
              { label: t('markets.held'), value: quote ? formatNumber(quote.held, 18) : '—', unit: 'WALLX', testId: 'quote-held', isStrong: true },
            ]}
          />
        )}
        <FundPasswordField
          value={form.fundPassword}
          onChange={(fundPassword) => edit('fund_password', { fundPassword })}
          onBlur={() => touch('fund_password')}
          error={errorOf('fund_password')}
        />
        <FormNote>{t('markets.publish_c2c_note')}</FormNote>
        <button
          type="submit"
          className="button button--primary button--block funds-form__submit"
          disabled={mutation.isPending || gate !== 'ready' || isFrozen}
          aria-busy={mutation.isPending}
        >
          {mutation.isPending ? t('markets.publishing') : t('markets.publish_c2c_submit')}
        </button>
      </form>
    </div>
  );
}
