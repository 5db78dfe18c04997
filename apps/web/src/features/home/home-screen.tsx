import type { ComponentType, CSSProperties, ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { langText, shortAddress, type HomeContent, type SceneIcon } from '@wallx/shared';
import { AddressAvatar } from '../../components/address-avatar';
import { LogoMark } from '../../components/icons';
import { ChatSparkIcon, CheckinIcon, StakeIcon, TrendIcon, TrophyIcon } from './scene-icons';
import { LanguagePicker } from '../../components/language-picker';
import { useLanguage } from '../../lib/i18n';
import { isLoggedIn, session, useSession } from '../../lib/session-store';
import { useHomeContent } from './home-content';
import { useSignedInFlag } from './signed-in-read';
import '../../components/card-list.css';
import './home-screen.css';

type SceneKey = 'checkin' | 'tracking' | 'leaderboard' | 'companion' | 'staking';

/**
 * The ecosystem's cards, from the app's own texts rather than the content tables: they show on a
 * deployment without demo content too. Each is a link to its screen.
 * An operator's scene of the same icon (the console's content editor) words its card instead.
 */
const scenes: readonly {
  key: SceneKey;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  tone: string;
  to: string;
}[] = [
  { key: 'checkin', Icon: CheckinIcon, tone: 'violet', to: '/checkin' },
  { key: 'tracking', Icon: TrendIcon, tone: 'green', to: '/mood' },
  { key: 'leaderboard', Icon: TrophyIcon, tone: 'rose', to: '/leaderboard' },
  { key: 'companion', Icon: ChatSparkIcon, tone: 'cyan', to: '/companion' },
  { key: 'staking', Icon: StakeIcon, tone: 'amber', to: '/stake' },
];

/** An operator's link: an in-app route, or an https page that opens beside the app; anything else is no link. */
function ContentLink({ link, className, children }: { link: string; className: string; children: ReactNode }) {
  if (link.startsWith('/') && !link.startsWith('//')) {
    return (
      <Link to={link} className={className}>
        {children}
      </Link>
    );
  }
  if (link.startsWith('https://')) {
    return (
      <a href={link} className={className} target="_blank" rel="noopener noreferrer">
        {children}
      </a>
    );
  }
  return <div className={className}>{children}</div>;
}

/** Which of the app's cards an operator's scene words, by the icon the console lets them pick. */
const cardOfSceneIcon: Record<SceneIcon, SceneKey> = {
  checkin: 'checkin',
  tracking: 'tracking',
  therapy: 'companion',
  staking: 'staking',
};

function Scene({
  scene,
  worded,
  isUnavailable,
}: {
  scene: (typeof scenes)[number];
  worded: HomeContent['scenes'][number] | undefined;
  /** The server has no such thing here (the companion without a model, issue 49): the card says so. */
  isUnavailable: boolean;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { key, Icon, tone, to } = scene;
  const title = worded ? langText(worded.title, language) : '';
  const body = worded ? langText(worded.body, language) : '';
  const content = (
    <>
      <span className="scene__icon">
        <Icon />
      </span>
      <div className="scene__body">
        <h3 className="scene__title">{title || t(`home.scenes.${key}.title`)}</h3>
        <p className="scene__text">{body || t(`home.scenes.${key}.body`)}</p>
        {isUnavailable && <span className="scene__soon">{t('home.unavailable')}</span>}
      </div>
    </>
  );
  return (
    <li className={`scene card scene--${tone}`} data-scene={key}>
      <Link to={to} className="scene__inner">
        {content}
      </Link>
    </li>
  );
}

/** Signed in and not checked in today: a gentle nudge to /checkin. */
function CheckinReminder() {
  const { t } = useTranslation();
  if (!useSignedInFlag('/api/checkins/today', 'checkin', null)) return null;
  return (
    <section className="section">
      <Link to="/checkin" className="card checkin-reminder" data-testid="checkin-reminder">
        <span className="scene__icon checkin-reminder__icon">
          <CheckinIcon />
        </span>
        <span className="checkin-reminder__body">
          <strong className="checkin-reminder__title">{t('home.reminder_title')}</strong>
          <span className="checkin-reminder__text">{t('home.reminder_text')}</span>
        </span>
        <span className="button button--primary button--small checkin-reminder__cta">{t('home.reminder_cta')}</span>
      </Link>
    </section>
  );
}

function Partner({ partner }: { partner: HomeContent['partners'][number] }) {
  const language = useLanguage();
  return (
    <li className="partner card">
      <ContentLink link={partner.link} className="partner__inner">
        <span className="partner__mark" style={{ '--mark': partner.color } as CSSProperties} aria-hidden="true">
          {partner.mark}
        </span>
        <span className="partner__name">{langText(partner.name, language)}</span>
      </ContentLink>
    </li>
  );
}

/** The shapes of the partners while the first content ever is on its way. */
function HomeSkeleton({ kind, count }: { kind: 'partner'; count: number }) {
  return Array.from({ length: count }, (_, index) => (
    <li key={index} className={`${kind} card ${kind}--skeleton`} aria-hidden="true">
      <span className={`shimmer ${kind}-skeleton__icon`} />
      <span className={`shimmer ${kind}-skeleton__line`} />
    </li>
  ));
}

function LoadFailed({ retry }: { retry: () => void }) {
  const { t } = useTranslation();
  return (
    <p className="home__failed" role="alert">
      {t('common.load_failed')}
      <button type="button" className="home__retry" onClick={retry}>
        {t('common.retry')}
      </button>
    </p>
  );
}

function AccountEntry() {
  const { t } = useTranslation();
  const address = useSession((s) => (isLoggedIn(s) ? (s.userinfo?.bsc ?? '') : ''));
  if (!address) {
    return (
      <button type="button" className="button button--primary button--small" onClick={() => session.openConnectBox()}>
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
      <circle
        cx="100"
        cy="100"
        r="88"
        fill="none"
        stroke="url(#hero-ring)"
        strokeOpacity="0.35"
        strokeWidth="1.5"
        strokeDasharray="4 6"
      />
      <circle cx="100" cy="100" r="66" fill="none" stroke="url(#hero-ring)" strokeOpacity="0.6" strokeWidth="2" />
      <path
        d="M100 128s-30-17-30-37a16 16 0 0 1 30-8 16 16 0 0 1 30 8c0 20-30 37-30 37z"
        fill="rgba(255,255,255,0.1)"
        stroke="#fff"
        strokeWidth="4"
        strokeLinejoin="round"
      />
      <path
        d="M62 100h22l8-14 12 28 8-14h26"
        fill="none"
        stroke="url(#hero-ring)"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="188" cy="100" r="5" fill="#22d3ee" />
      <circle cx="38" cy="40" r="3.5" fill="#a78bfa" />
    </svg>
  );
}

export function HomeScreen() {
  const { t } = useTranslation();
  const { content, hasFailed, retry } = useHomeContent();
  // A server without a model says so on the companion's card (issue 49).
  const isCompanionUnavailable = useSignedInFlag('/api/companion', 'available', false);
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

      <CheckinReminder />

      <section className="section" aria-labelledby="home-ecosystem">
        <h2 className="section__title" id="home-ecosystem">
          {t('home.ecosystem')}
        </h2>
        <ul className="scenes">
          {scenes.map((scene) => (
            <Scene
              key={scene.key}
              scene={scene}
              worded={content?.scenes.find((s) => cardOfSceneIcon[s.icon as SceneIcon] === scene.key)}
              isUnavailable={scene.key === 'companion' && isCompanionUnavailable}
            />
          ))}
        </ul>
      </section>

      <section className="section" aria-labelledby="home-partners" aria-busy={!content}>
        <h2 className="section__title" id="home-partners">
          {t('home.partners')}
        </h2>
        <ul className="partners">
          {content ? (
            content.partners.map((partner) => <Partner key={partner.id} partner={partner} />)
          ) : (
            <HomeSkeleton kind="partner" count={6} />
          )}
        </ul>
        {!content && hasFailed && <LoadFailed retry={retry} />}
      </section>
    </div>
  );
}
