import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { shortAddress } from '@wallx/shared';
import { AddressAvatar } from '../../components/address-avatar';
import { LogoMark } from '../../components/icons';
import { ChatSparkIcon, CheckinIcon, StakeIcon, TrendIcon } from './scene-icons';
import { LanguagePicker } from '../../components/language-picker';
import type { MessageKey } from '../../lib/message-key';
import { isLoggedIn, session, useSession } from '../../lib/session-store';
import { partners } from './partners';
import './home-screen.css';

const scenes: ReadonlyArray<{
  titleKey: MessageKey;
  textKey: MessageKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: string;
}> = [
  { titleKey: 'home.scene_checkin_title', textKey: 'home.scene_checkin_text', Icon: CheckinIcon, tone: 'violet' },
  { titleKey: 'home.scene_therapy_title', textKey: 'home.scene_therapy_text', Icon: ChatSparkIcon, tone: 'cyan' },
  { titleKey: 'home.scene_tracking_title', textKey: 'home.scene_tracking_text', Icon: TrendIcon, tone: 'green' },
  { titleKey: 'home.scene_staking_title', textKey: 'home.scene_staking_text', Icon: StakeIcon, tone: 'amber' },
];

function AccountEntry() {
  const { t } = useTranslation();
  const address = useSession((s) => (isLoggedIn(s) ? (s.userinfo?.bsc ?? '') : ''));
  if (!address) {
    return (
      <button type="button" className="button button--primary button--small" onClick={session.openConnectBox}>
        {t('auth.connect_button')}
      </button>
    );
  }
  return (
    <Link to="/user" className="account-chip" aria-label={t('nav.me')}>
      <AddressAvatar address={address} size="calc(22 * var(--px))" />
      <span className="account-chip__address">{shortAddress(address, 8)}</span>
    </Link>
  );
}

function HeroArt() {
  return (
    <svg className="hero__art" viewBox="0 0 200 200" aria-hidden="true">
      <defs>
        <linearGradient id="hero-ring" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#a78bfa" />
          <stop offset="1" stopColor="#22d3ee" />
        </linearGradient>
        <radialGradient id="hero-core">
          <stop offset="0" stopColor="#8b5cf6" stopOpacity="0.9" />
          <stop offset="1" stopColor="#6366f1" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx="100" cy="100" r="64" fill="url(#hero-core)" />
      <circle cx="100" cy="100" r="88" fill="none" stroke="url(#hero-ring)" strokeOpacity="0.35" strokeWidth="1.5" strokeDasharray="4 6" />
      <circle cx="100" cy="100" r="66" fill="none" stroke="url(#hero-ring)" strokeOpacity="0.6" strokeWidth="2" />
      <path
        d="M100 128s-30-17-30-37a16 16 0 0 1 30-8 16 16 0 0 1 30 8c0 20-30 37-30 37z"
        fill="rgba(255,255,255,0.1)"
        stroke="#fff"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path d="M62 100h22l8-14 12 28 8-14h26" fill="none" stroke="url(#hero-ring)" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="188" cy="100" r="5" fill="#22d3ee" />
      <circle cx="38" cy="40" r="3.5" fill="#a78bfa" />
    </svg>
  );
}

export function HomeScreen() {
  const { t } = useTranslation();
  return (
    <div className="screen screen--tab home">
      <header className="home__header">
        <div className="home__brand">
          <LogoMark size="calc(30 * var(--px))" />
          <span className="home__wordmark">{t('home.title')}</span>
        </div>
        <div className="home__actions">
          <LanguagePicker variant="icon" />
          <AccountEntry />
        </div>
      </header>

      <section className="hero">
        <HeroArt />
        <p className="hero__eyebrow">{t('home.title')}</p>
        <h1 className="hero__title">{t('home.tagline')}</h1>
        <Link to="/mines" className="button button--primary hero__cta">
          {t('home.hero_cta')}
        </Link>
      </section>

      <section className="section" aria-labelledby="home-ecosystem">
        <h2 className="section__title" id="home-ecosystem">
          {t('home.ecosystem')}
        </h2>
        <ul className="scenes">
          {scenes.map(({ titleKey, textKey, Icon, tone }) => (
            <li key={titleKey} className={`scene card scene--${tone}`}>
              <span className="scene__icon">
                <Icon />
              </span>
              <div className="scene__body">
                <h3 className="scene__title">{t(titleKey)}</h3>
                <p className="scene__text">{t(textKey)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="home-partners">
        <h2 className="section__title" id="home-partners">
          {t('home.partners')}
        </h2>
        <ul className="partners">
          {partners.map(({ name, mark, color }) => (
            <li key={name} className="partner card">
              <span className="partner__mark" style={{ background: color }} aria-hidden="true">
                {mark}
              </span>
              <span className="partner__name">{name}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
