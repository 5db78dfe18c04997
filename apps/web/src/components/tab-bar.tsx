import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { MessageKey } from '../lib/message-key';
import { HomeIcon, MinesIcon, TradeIcon, UserIcon } from './icons';
import './tab-bar.css';

const tabs: ReadonlyArray<{ to: string; labelKey: MessageKey; Icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  { to: '/', labelKey: 'nav.home', Icon: HomeIcon },
  { to: '/mines', labelKey: 'nav.mines', Icon: MinesIcon },
  { to: '/mtrade', labelKey: 'nav.trade', Icon: TradeIcon },
  { to: '/user', labelKey: 'nav.me', Icon: UserIcon },
];

export function TabBar() {
  const { t } = useTranslation();
  return (
    <nav className="tab-bar">
      {tabs.map(({ to, labelKey, Icon }) => (
        <NavLink key={to} to={to} end className={({ isActive }) => `tab-bar__item${isActive ? ' is-active' : ''}`}>
          <Icon className="tab-bar__icon" />
          <span className="tab-bar__label">{t(labelKey)}</span>
        </NavLink>
      ))}
    </nav>
  );
}
