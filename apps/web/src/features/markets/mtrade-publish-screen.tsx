import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatNumber, langText, percent, type Miner } from '@wallx/shared';
import { CatalogImage } from '../../components/card-parts';
import { CheckIcon, HistoryIcon } from '../../components/screen-icons';
import { useLanguage } from '../../lib/i18n';
import { showToast } from '../../lib/toast';
import { useErrorToast } from '../../components/paged-list';
import { useMarketConfig } from './api/get-market-config';
import { useSellableMiners } from './api/get-sellable-miners';
import { usePublishMtrade } from './api/publish-mtrade';
import { HeaderLink } from './header-link';
import { GiftIcon } from './markets-icons';
import { PublishFrame, QuoteSummary, usePublishForm } from './publish-form';
import { mtradeQuote, toMtradeRequest, validateMtradePublish, type MtradePublishForm } from './publish-rules';
import '../../components/card-list.css';
import '../../components/funds-form.css';
import './markets-shared.css';
import './order-cards.css';
import './publish-form.css';
import './buy-order-sheet.css';

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
      <CatalogImage src={miner.product.image} className="miner-option__image" />
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

function MinerPicker({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (minerId: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const query = useSellableMiners();
  useErrorToast(query.error);
  const miners = query.data?.pages.flatMap((page) => page.items) ?? [];
  const sellable = miners.filter((miner) => !miner.gift);
  const hasSellable = sellable.length > 0;
  // The only miner that can be sold is the one to sell: chosen for the user, who may still see it ticked.
  const onlyChoice = sellable.length === 1 && !query.hasNextPage ? sellable[0]!.id : null;
  useEffect(() => {
    if (value === null && onlyChoice !== null) onChange(onlyChoice);
  }, [value, onlyChoice, onChange]);

  let body;
  if (query.isPending) {
    body = (
      <div className="miner-options" aria-busy="true" data-testid="miners-loading">
        {[0, 1].map((n) => (
          <span key={n} className="miner-option miner-option--skeleton shimmer" />
        ))}
      </div>
    );
  } else if (!query.data) {
    body = (
      <div className="miner-picker__empty" role="alert">
        <p className="miner-picker__empty-title">{t('common.load_failed')}</p>
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
      <div
        className="miner-options"
        role="radiogroup"
        aria-labelledby="miner-label"
        aria-describedby={error ? 'miner-message' : 'miner-hint'}
      >
        {miners.map((miner) => (
          <MinerOption
            key={miner.id}
            miner={miner}
            isChecked={miner.id === value}
            onSelect={() => onChange(miner.id)}
          />
        ))}
        {query.hasNextPage && (
          <button
            type="button"
            className="miner-picker__more"
            onClick={() => void query.fetchNextPage()}
            disabled={query.isFetchingNextPage}
          >
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
  const config = useMarketConfig();
  useErrorToast(config.error);

  const state = usePublishForm({
    initial: emptyForm,
    path: '/mtrade/publish',
    validate: validateMtradePublish,
    toRequest: toMtradeRequest,
    mutation: usePublishMtrade(),
    onPublished: ({ order: listed }) => {
      showToast(t('markets.publish_mtrade_success', { machine_no: listed.machine_no }), 'success');
      void navigate('/mtrade/myorders', { replace: true });
    },
  });
  const { form, edit, touch, errorOf } = state;
  const feeRate = config.data?.mtrade_fee_rate;
  const quote = feeRate === undefined ? null : mtradeQuote(form.unitPrice, feeRate);

  return (
    <PublishFrame
      title={t('screen.mtrade_publish')}
      ordersLink={
        <HeaderLink to="/mtrade/myorders" label={t('screen.mtrade_myorders')}>
          <HistoryIcon />
        </HeaderLink>
      }
      state={state}
      quote={
        feeRate !== undefined && (
          <QuoteSummary
            rows={[
              {
                label: t('markets.fee_with_rate', { rate: percent(feeRate) }),
                value: quote ? formatNumber(quote.fee, 12) : '—',
                unit: 'USDT',
                testId: 'quote-fee',
              },
              {
                label: t('markets.you_receive'),
                value: quote ? formatNumber(quote.receive, 12) : '—',
                unit: 'USDT',
                testId: 'quote-receive',
                isStrong: true,
              },
            ]}
          />
        )
      }
      note={t('markets.publish_mtrade_note')}
      submitLabel={t('markets.publish_mtrade_submit')}
    >
      <MinerPicker
        value={form.minerId}
        onChange={(minerId) => {
          edit({ minerId }, 'miner_id');
          touch('miner_id');
        }}
        error={errorOf('miner_id')}
      />
    </PublishFrame>
  );
}
