import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatNumber, percent } from '@wallx/shared';
import { HistoryIcon } from '../../components/screen-icons';
import { TextField } from '../../components/text-field';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useErrorToast } from '../../components/paged-list';
import { useUserInfo } from '../../lib/user-info';
import { useMarketConfig } from './api/get-market-config';
import { usePublishC2c } from './api/publish-c2c';
import { HeaderLink } from './header-link';
import { PublishFrame, QuoteSummary, usePublishForm } from './publish-form';
import { c2cQuote, toC2cRequest, validateC2cPublish, type C2cPublishForm } from './publish-rules';
import '../../components/funds-form.css';
import './markets-shared.css';
import './order-cards.css';
import './publish-form.css';
import './buy-order-sheet.css';

const emptyForm: C2cPublishForm = { amount: '', unitPrice: '', expiry: null, fundPassword: '' };

export function C2cPublishScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userInfo = useUserInfo();
  const wallx = useSession((s) => s.balance.wallx);
  const config = useMarketConfig();
  useErrorToast(config.error);
  // Until the rate is known the fee is taken as 0; the server judges the balance in any case.
  const feeRate = config.data?.c2c_fee_rate;

  const state = usePublishForm({
    initial: emptyForm,
    path: '/c2c/publish',
    validate: (form) => validateC2cPublish(form, { wallx, feeRate: feeRate ?? '0' }),
    toRequest: toC2cRequest,
    mutation: usePublishC2c(),
    onPublished: () => {
      showToast(t('markets.publish_c2c_success'), 'success');
      void navigate('/c2c?tab=mine', { replace: true });
    },
    onFieldError: (error) => {
      // The balance shown may be out of date; the server just said what it really is.
      if (error.field === 'amount') void userInfo.refetch();
    },
  });
  const { form, field } = state;
  const quote = feeRate === undefined ? null : c2cQuote(form.amount, form.unitPrice, feeRate);

  return (
    <PublishFrame
      title={t('screen.c2c_publish')}
      ordersLink={
        <HeaderLink to="/c2c?tab=mine" label={t('markets.my_orders')}>
          <HistoryIcon />
        </HeaderLink>
      }
      state={state}
      quote={
        feeRate !== undefined && (
          <QuoteSummary
            rows={[
              {
                label: t('markets.buyer_pays'),
                value: quote?.total ? formatNumber(quote.total, 12) : '—',
                unit: 'USDT',
                testId: 'quote-total',
              },
              {
                label: t('markets.fee_with_rate', { rate: percent(feeRate) }),
                value: quote ? formatNumber(quote.fee, 18) : '—',
                unit: 'WALLX',
                testId: 'quote-fee',
              },
              {
                label: t('markets.held'),
                value: quote ? formatNumber(quote.held, 18) : '—',
                unit: 'WALLX',
                testId: 'quote-held',
                isStrong: true,
              },
            ]}
          />
        )
      }
      note={t('markets.publish_c2c_note')}
      submitLabel={t('markets.publish_c2c_submit')}
    >
      <TextField
        id="amount"
        label={t('markets.amount')}
        placeholder={t('markets.amount_placeholder')}
        {...field('amount', 'amount')}
        inputMode="numeric"
        maxLength={16}
        hint={
          <>
            {t('markets.available')} <span data-balance="WALLX">{formatNumber(wallx, 6)}</span> WALLX
          </>
        }
        end={<span className="field__suffix field__suffix--end">WALLX</span>}
      />
    </PublishFrame>
  );
}
