import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { errorCatalog, langText, type Asset, type MinerProduct, formatNumber, ApiError } from '@wallx/shared';
import { assetIcons } from '../../components/asset-icons';
import { BottomSheet } from '../../components/bottom-sheet';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session-store';
import { showToast } from '../../lib/toast';
import { useIdempotentSubmit } from '../../lib/use-idempotent-submit';
import { useUserInfo } from '../../lib/user-info';
import { useBuyMiner } from './api/buy-miner';
import {
  balanceOf,
  BUY_MAX_QUANTITY,
  buyError,
  clampQuantity,
  maxQuantity,
  payAssetsOf,
  priceOf,
  totalPrice,
} from './buy-rules';
import { MinusIcon, PlusIcon } from './miners-icons';
import { CatalogImage } from '../../components/card-parts';

const PRICE_DIGITS = 6;

const payLabelKey = { USDT: 'miners.buy_usdt', WALLX: 'miners.exchange_wallx' } as const;
const confirmKey = { USDT: 'miners.confirm_buy', WALLX: 'miners.confirm_exchange' } as const;

/** Refusals that mean the balance shown was out of date. */
const balanceCodes = new Set<number>([
  errorCatalog.insufficient_usdt.code,
  errorCatalog.insufficient_wallx.code,
  errorCatalog.insufficient_balance.code,
]);

/** How many to buy: minus, the number (typed digits), plus; `onChange` keeps it within 1 and `max`. */
function QuantityStepper({
  quantity,
  max,
  onChange,
}: {
  quantity: number;
  max: number;
  onChange: (next: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="buy-form__row">
      <span className="buy-form__label" id="buy-quantity-label">
        {t('miners.quantity')}
      </span>
      <div className="stepper" role="group" aria-labelledby="buy-quantity-label">
        <button
          type="button"
          className="stepper__button"
          onClick={() => onChange(quantity - 1)}
          disabled={quantity <= 1}
          aria-label={t('miners.decrease')}
        >
          <MinusIcon />
        </button>
        <input
          className="stepper__input"
          id="buy-quantity"
          aria-labelledby="buy-quantity-label"
          inputMode="numeric"
          value={quantity}
          onChange={(event) => {
            const digits = event.target.value.replace(/\D/g, '');
            onChange(digits === '' ? 1 : Number(digits));
          }}
        />
        <button
          type="button"
          className="stepper__button"
          onClick={() => onChange(quantity + 1)}
          disabled={quantity >= max}
          aria-label={t('miners.increase')}
        >
          <PlusIcon />
        </button>
      </div>
    </div>
  );
}

function BuyForm({ product, onDone }: { product: MinerProduct; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useLanguage();
  const userInfo = useUserInfo();
  const balance = useSession((s) => s.balance);
  const isFrozen = useSession((s) => s.userinfo?.is_frozen === true);
  const mutation = useBuyMiner();
  // One set of keys per opening of the sheet: a resubmission after a lost answer reuses its key.
  const sendPurchase = useIdempotentSubmit(mutation.mutateAsync);
  const assets = payAssetsOf(product);
  const [asset, setAsset] = useState<Asset>(assets[0] ?? 'USDT');
  const [quantity, setQuantity] = useState(1);

  const max = maxQuantity(product);
  const price = priceOf(product, asset) ?? '0';
  const total = totalPrice(price, quantity) ?? '0';
  const available = balanceOf(balance, asset);
  const error = buyError(product, { asset, quantity }, balance);
  const setClamped = (next: number) => setQuantity(clampQuantity(next, max));

  async function submit() {
    if (mutation.isPending || error) return;
    try {
      await sendPurchase({ request: { product_id: product.id, pay_asset: asset, quantity } });
      showToast(t('miners.buy_success'), 'success');
      onDone();
      void navigate('/orders');
    } catch (cause) {
      showToast(cause instanceof ApiError ? cause.message : t('errors.internal'));
      if (cause instanceof ApiError && balanceCodes.has(cause.code)) void userInfo.refetch();
    }
  }

  return (
    <div className="buy-form">
      <div className="buy-form__product">
        <CatalogImage src={product.image} className="buy-form__image" />
        <div className="buy-form__product-text">
          <p className="buy-form__name">{langText(product.name, language)}</p>
          <p className="buy-form__meta">
            {t('miners.daily_output')} {formatNumber(product.daily_output, PRICE_DIGITS)} WALLX ·{' '}
            {t('miners.days', { count: product.output_days })}
          </p>
        </div>
      </div>

      <div className="buy-form__group">
        <span className="buy-form__label" id="buy-asset-label">
          {t('miners.pay_with')}
        </span>
        <div className="pay-options" role="radiogroup" aria-labelledby="buy-asset-label">
          {assets.map((option) => {
            const AssetIcon = assetIcons[option];
            const isChecked = option === asset;
            return (
              <button
                key={option}
                type="button"
                role="radio"
                aria-checked={isChecked}
                className={`pay-option${isChecked ? ' is-checked' : ''}`}
                onClick={() => setAsset(option)}
              >
                <AssetIcon className="pay-option__icon" />
                <span className="pay-option__text">
                  <span className="pay-option__label">{t(payLabelKey[option])}</span>
                  <span className="pay-option__price">
                    {formatNumber(priceOf(product, option) ?? '0', PRICE_DIGITS)} {option}
                  </span>
                </span>
              </button>
            );
          })}
        </div>
      </div>

      <QuantityStepper quantity={quantity} max={max} onChange={setClamped} />
      {max > 0 && max < BUY_MAX_QUANTITY && (
        <p className="buy-form__hint">{t('miners.max_quantity', { count: max })}</p>
      )}

      <dl className="buy-form__sum">
        <div>
          <dt>{t('miners.unit_price')}</dt>
          <dd>
            {formatNumber(price, PRICE_DIGITS)} {asset}
          </dd>
        </div>
        <div className="buy-form__total">
          <dt>{t('miners.total')}</dt>
          <dd data-testid="buy-total">
            {formatNumber(total, PRICE_DIGITS)} <small>{asset}</small>
          </dd>
        </div>
        <div>
          <dt>{t('miners.balance')}</dt>
          <dd data-balance={asset}>
            {formatNumber(available, PRICE_DIGITS)} {asset}
          </dd>
        </div>
      </dl>

      {error && (
        <p className="buy-form__error" role="alert">
          {error === 'errors.pay_asset_unavailable' ? t(error, { asset }) : t(error)}
          {(error === 'errors.insufficient_usdt' || error === 'errors.insufficient_wallx') && (
            <Link to="/recharge" className="buy-form__deposit">
              {t('miners.deposit')}
            </Link>
          )}
        </p>
      )}
      {isFrozen && <p className="buy-form__error">{t('user.frozen')}</p>}

      <button
        type="button"
        className="button button--primary button--block buy-form__submit"
        onClick={() => void submit()}
        disabled={mutation.isPending || Boolean(error) || isFrozen}
        aria-busy={mutation.isPending}
      >
        {mutation.isPending ? t('miners.buying') : t(confirmKey[asset])}
      </button>
    </div>
  );
}

/** Choose how to pay and how many, then buy; opened from a product card. */
export function BuySheet({ product, onClose }: { product: MinerProduct | null; onClose: () => void }) {
  const { t } = useTranslation();
  // Keeps the last product on screen while the sheet slides away.
  const [shown, setShown] = useState(product);
  if (product && product !== shown) setShown(product);
  return (
    <BottomSheet visible={product !== null} onClose={onClose} title={t('miners.buy_title')} className="buy-sheet">
      {shown && <BuyForm key={shown.id} product={shown} onDone={onClose} />}
    </BottomSheet>
  );
}
