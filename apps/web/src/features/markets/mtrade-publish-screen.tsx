import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatNumber, langText, type Miner } from '@wallx/shared';
import { FundPasswordField } from '../../components/fund-password-field';
import { PageHeader } from '../../components/page-header';
import { TextField } from '../../components/text-field';
import { useLanguage } from '../../lib/i18n';
import { createIdempotencyKeys, isSettled } from '../../lib/idempotency-key';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useFundPasswordGate } from '../../lib/use-fund-password-gate';
import { useMarketConfig } from './api/get-market-config';
import { useSellableMiners } from './api/get-sellable-miners';
import { usePublishMtrade } from './api/publish-mtrade';
import { percent } from '@wallx/shared';
import { ExpiryPicker } from './expiry-picker';
import { MachineImage } from './machine-image';
import { CheckIcon, GiftIcon, HistoryIcon } from './markets-icons';
import { useErrorToast } from './order-list';
import { FormNote, FrozenNotice, QuoteSummary, useRefusalHandler, type ServerError } from './publish-form';
import { mtradeQuote, toMtradeRequest, validateMtradePublish, type MtradePublishForm, type PublishField } from './publish-rules';
import '../../components/funds-form.css';
import './markets.css';

const emptyForm: MtradePublishForm = { minerId: null, unitPrice: '', expiry: null, fundPassword: '' };

function MinerOption({ miner, isChecked, onSelect }: { miner: Miner; isChecked: boolean; onSelect: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <button
      type="button"
      role="radio"
      aria-checked={isChecked}
      aria-disabled={miner.gift || undefined}
      disabled={miner.gift}
      className={`miner-option${isChecked ? ' is-checked' : ''}${miner.gift ? ' is-locked' : ''}`}
      onClick={onSelect}
      data-machine={miner.machine_no}
    >
      <MachineImage src={miner.product.image} className="miner-option__image" />
      <span className="miner-option__text">
        <span className="miner-option__no">{miner.machine_no}</span>
        <span className="miner-option__name">{langText(miner.product.name, language)}</span>
        {miner.gift ? (
          <span className="miner-option__meta miner-option__meta--gift">
            <GiftIcon />
            {t('markets.gift_locked')}
          </span>
        ) : (
          <span className="miner-option__meta">
            {t('markets.daily_output')} {formatNumber(miner.daily_output, 6)} WALLX
          </span>
        )}
      </span>
      {!miner.gift && (
        <span className="miner-option__check" aria-hidden="true">
          {isChecked && <CheckIcon />}
        </span>
      )}
    </button>
  );
}

function MinerPicker({ value, onChange, error }: { value: string | null; onChange: (minerId: string) => void; error: string | undefined }) {
  const { t } = useTranslation();
  const query = useSellableMiners();
  useErrorToast(query.error);
  const miners = query.data?.pages.flatMap((page) => page.items) ?? [];
  const hasSellable = miners.some((miner) => !miner.gift);

  let body;
  if (query.isPending) {
    body = (
      <div className="miner-options" aria-busy="true" data-testid="miners-loading">
        {[0, 1].map((n) => (
          <span key={n} className="miner-option miner-option--skeleton mk-skeleton" />
        ))}
      </div>
    );
  } else if (!query.data) {
    body = (
      <div className="miner-picker__empty" role="alert">
        <p className="miner-picker__empty-title">{t('markets.load_failed')}</p>
        <button type="button" className="button button--ghost button--small" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (!hasSellable) {
    body = (
      <div className="miner-picker__empty">
        <p className="miner-picker__empty-title">{t('markets.no_sellable')}</p>
        <p className="miner-picker__empty-text">{t('markets.no_sellable_text')}</p>
        <Link to="/mine" className="button button--ghost button--small">
          {t('markets.to_my_miners')}
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="miner-options" role="radiogroup" aria-labelledby="miner-label" aria-describedby={error ? 'miner-message' : 'miner-hint'}>
        {miners.map((miner) => (
          <MinerOption key={miner.id} miner={miner} isChecked={miner.id === value} onSelect={() => onChange(miner.id)} />
        ))}
        {query.hasNextPage && (
          <button type="button" className="miner-picker__more" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
            {query.isFetchingNextPage ? t('common.loading') : t('markets.show_more')}
          </button>
        )}
      </div>
    );
  }

  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <div className="field__head">
        <span className="field__label" id="miner-label">
          {t('markets.choose_miner')}
        </span>
      </div>
      {body}
      {error ? (
        <p className="field__error" id="miner-message" role="alert">
          {error}
        </p>
      ) : (
        hasSellable && (
          <p className="field__hint" id="miner-hint">
            {t('markets.choose_miner_hint')}
          </p>
        )
      )}
    </div>
  );
}

export function MtradePublishScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const gate = useFundPasswordGate('/mtrade/publish');
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const config = useMarketConfig();
  useErrorToast(config.error);
  const mutation = usePublishMtrade();
  const [idempotencyKeys] = useState(createIdempotencyKeys);

  const [form, setForm] = useState(emptyForm);
  const [touched, setTouched] = useState<ReadonlySet<PublishField>>(new Set());
  const [isSubmitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<ServerError | null>(null);
  const handleRefusal = useRefusalHandler('/mtrade/publish', setServerError);

  const errors = validateMtradePublish(form);
  const errorOf = (field: PublishField): string | undefined => {
    const key = errors[field];
    if (key && (isSubmitted || touched.has(field))) return t(key);
    return serverError?.field === field ? serverError.message : undefined;
  };
  const edit = (field: PublishField, patch: Partial<MtradePublishForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    if (serverError?.field === field) setServerError(null);
  };
  const touch = (field: PublishField) => setTouched((current) => new Set(current).add(field));

  const feeRate = config.data?.mtrade_fee_rate;
  const quote = feeRate === undefined ? null : mtradeQuote(form.unitPrice, feeRate);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    if (mutation.isPending || gate !== 'ready' || Object.keys(errors).length > 0) return;
    const request = toMtradeRequest(form);
    const { fund_password: _password, ...order } = request;
    try {
      const { order: listed } = await mutation.mutateAsync({ request, idempotencyKey: idempotencyKeys.keyFor(order) });
      idempotencyKeys.settle();
      showToast(t('markets.publish_mtrade_success', { machine_no: listed.machine_no }), 'success');
      void navigate('/mtrade/myorders', { replace: true });
    } catch (error) {
      if (isSettled(error)) idempotencyKeys.settle();
      handleRefusal(error);
    }
  }

  const ordersLink = (
    <Link to="/mtrade/myorders" className="icon-button icon-button--plain mk-header-link" aria-label={t('screen.mtrade_myorders')}>
      <HistoryIcon />
    </Link>
  );

  return (
    <div className="screen funds-form-screen markets-form-screen">
      <PageHeader title={t('screen.mtrade_publish')} end={ordersLink} />
      {isFrozen && <FrozenNotice />}
      <form className="funds-form card" onSubmit={(event) => void submit(event)} noValidate aria-busy={gate === 'checking'}>
        <MinerPicker
          value={form.minerId}
          onChange={(minerId) => {
            edit('miner_id', { minerId });
            touch('miner_id');
          }}
          error={errorOf('miner_id')}
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
              { label: t('markets.fee_with_rate', { rate: percent(feeRate) }), value: quote ? formatNumber(quote.fee, 12) : '—', unit: 'USDT', testId: 'quote-fee' },
              { label: t('markets.you_receive'), value: quote ? formatNumber(quote.receive, 12) : '—', unit: 'USDT', testId: 'quote-receive', isStrong: true },
            ]}
          />
        )}
        <FundPasswordField
          value={form.fundPassword}
          onChange={(fundPassword) => edit('fund_password', { fundPassword })}
          onBlur={() => touch('fund_password')}
          error={errorOf('fund_password')}
        />
        <FormNote>{t('markets.publish_mtrade_note')}</FormNote>
        <button
          type="submit"
          className="button button--primary button--block funds-form__submit"
          disabled={mutation.isPending || gate !== 'ready' || isFrozen}
          aria-busy={mutation.isPending}
        >
          {mutation.isPending ? t('markets.publishing') : t('markets.publish_mtrade_submit')}
        </button>
      </form>
    </div>
  );
}
