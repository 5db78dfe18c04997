import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Market } from './api/keys';

/** Machines | WALLX (C2C): the two markets, one tap apart. */
export function MarketSwitch({ current }: { current: Market }) {
  const { t } = useTranslation();
  const links: ReadonlyArray<{ market: Market; to: string; label: string }> = [
    { market: 'mtrade', to: '/mtrade', label: t('markets.tab_machines') },
    { market: 'c2c', to: '/c2c', label: t('markets.tab_c2c') },
  ];
  return (
    <nav className="market-switch" aria-label={t('markets.markets')}>
      {links.map(({ market, to, label }) => (
        <Link
          key={market}
          to={to}
          replace
          className={`market-switch__link${market === current ? ' is-current' : ''}`}
          aria-current={market === current ? 'page' : undefined}
        >
          {label}
        </Link>
      ))}
    </nav>
  );
}
