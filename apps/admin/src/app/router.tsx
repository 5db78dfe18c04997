import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, Navigate, useLocation, type RouteObject } from 'react-router';
import { roleCan } from '@wallx/shared';
import { AuditScreen } from '../features/audit/audit-screen';
import { LoginScreen } from '../features/auth/login-screen';
import { CatalogScreen } from '../features/catalog/catalog-screen';
import { FeedbackScreen } from '../features/feedback/feedback-screen';
import { useOperatorSession } from '../lib/session-store';
import { ConsoleLayout } from './console-layout';
import { ComingNextScreen } from './coming-next-screen';
import { sectionById, sections, type SectionId } from './sections';

/** Every page but the login needs a session; without one, the login comes back here afterwards. */
function RequireSession() {
  const { session } = useOperatorSession();
  const location = useLocation();
  if (!session) return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <ConsoleLayout operator={session.operator} token={session.token} />;
}

/** A section the role may not open answers as if it did not exist (the sidebar does not show it). */
function SectionGate({ id, children }: { id: SectionId; children: ReactNode }) {
  const { session } = useOperatorSession();
  if (!session || !roleCan(session.operator.role, sectionById(id).capability)) return <NotFound />;
  return children;
}

function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="empty-page">
      <h1>{t('app.not_found')}</h1>
      <Link to="/">{t('app.back_home')}</Link>
    </section>
  );
}

const builtScreens: Partial<Record<SectionId, ReactNode>> = {
  audit: <AuditScreen />,
  catalog: <CatalogScreen />,
  feedback: <FeedbackScreen />,
};

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginScreen /> },
  {
    element: <RequireSession />,
    children: [
      ...sections.map(
        (section): RouteObject => ({
          ...(section.path === '/' ? { index: true } : { path: section.path.slice(1) }),
          element: <SectionGate id={section.id}>{builtScreens[section.id] ?? <ComingNextScreen section={section.id} />}</SectionGate>,
        }),
      ),
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createConsoleRouter() {
  return createBrowserRouter(routes, { basename: '/admin' });
}
