import { useTranslation } from 'react-i18next';

type Props = { label: string; value: string; testId: string; onBuy: () => void; isBuying: boolean };

/** The foot of a market card: what the buyer pays in USDT, and the buy button. */
export function BuyFoot({ label, value, testId, onBuy, isBuying }: Props) {
  const { t } = useTranslation();
  return (
    <div className="list-card__foot market-card__foot">
      <p className="market-card__price">
        <span className="market-card__price-label">{label}</span>
        <span className="market-card__price-value" data-testid={testId}>
          {value}
        </span>
        <span className="market-card__price-unit">USDT</span>
      </p>
      <button
        type="button"
        className="button button--primary button--small market-card__buy"
        onClick={onBuy}
        disabled={isBuying}
        aria-busy={isBuying}
      >
        {isBuying ? t('markets.buying') : t('markets.buy')}
      </button>
    </div>
  );
}
