import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useNavigate } from 'react-router';
import type { Operator } from '@wallx/shared';
import { LanguageSelect } from '../components/language-select';
import { useMe } from '../features/auth/api/get-me';
import { logout } from '../features/auth/api/logout';
import { sectionsFor } from './sections';

function SidebarNav({ operator }: { operator: Operator }) {
  const { t } = useTranslation();
  return (
    <nav className="sidebar__nav" aria-label={t('nav.label')}>
      <ul>
        {sectionsFor(operator.role).map((section) => (
          <li key={section.id}>
            <NavLink to={section.path} end={section.path === '/'} className="sidebar__link">
              <span>{t(`nav.${section.id}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The console's frame: the sections on the left, who is signed in, and the page. */
export function ConsoleLayout({ operator, token }: { operator: Operator; token: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useMe(token);

  async function signOut() {
    await logout();
    queryClient.clear();
    void navigate('/login', { replace: true });
  }

  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        {t('app.skip_to_content')}
      </a>
      <aside className="sidebar">
        <div className="brand">
          <span className="brand__mark" aria-hidden="true">
            W
          </span>
          <span>{t('app.name')}</span>
        </div>
        <SidebarNav operator={operator} />
        <div className="sidebar__footer">
          <div className="sidebar__operator">
            <span className="sidebar__label">{t('auth.operator')}</span>
            <code className="sidebar__address" title={operator.address}>
              {operator.address}
            </code>
            <span className={`role role--${operator.role}`}>{t(`roles.${operator.role}`)}</span>
          </div>
          <LanguageSelect />
          <button type="button" className="button button--ghost button--block" onClick={() => void signOut()}>
            {t('auth.log_out')}
          </button>
        </div>
      </aside>
      <main className="page" id="content" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
