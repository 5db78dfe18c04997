import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import type { MessageKey } from '../lib/message-key';
import { HomeIcon, MinesIcon, TradeIcon, UserIcon } from './icons';
import './tab-bar.css';

type Tab = {
  to: string;
  labelKey: MessageKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Other top-level screens that are part of this tab. */
  also?: readonly string[];
};

const tabs: readonly Tab[] = [
  { to: '/', labelKey: 'nav.home', Icon: HomeIcon },
  { to: '/mines', labelKey: 'nav.mines', Icon: MinesIcon },
  { to: '/mtrade', labelKey: 'nav.trade', Icon: TradeIcon, also: ['/c2c'] },
  { to: '/user', labelKey: 'nav.me', Icon: UserIcon },
];

export function TabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <nav className="tab-bar">
      {tabs.map(({ to, labelKey, Icon, also = [] }) => (
        <NavLink
          key={to}
          to={to}
          end
          className={({ isActive }) => `tab-bar__item${isActive || also.includes(pathname) ? ' is-active' : ''}`}
        >
          <Icon className="tab-bar__icon" />
          <span className="tab-bar__label">{t(labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
