import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, Navigate, useLocation, type RouteObject } from 'react-router';
import { roleCan } from '@wallx/shared';
import { AidFundScreen } from '../features/aid-fund/aid-fund-screen';
import { AuditScreen } from '../features/audit/audit-screen';
import { ContentScreen } from '../features/content/content-screen';
import { LoginScreen } from '../features/auth/login-screen';
import { DashboardScreen } from '../features/dashboard/dashboard-screen';
import { CatalogScreen } from '../features/catalog/catalog-screen';
import { CompanionScreen } from '../features/companion/companion-screen';
import { FeedbackScreen } from '../features/feedback/feedback-screen';
import { MoneyScreen } from '../features/money/money-screen';
import { MarketsScreen } from '../features/markets/markets-screen';
import { OperatorsScreen } from '../features/operators/operators-screen';
import { ShippingScreen } from '../features/shipping/shipping-screen';
import { StakingScreen } from '../features/staking/staking-screen';
import { UsersScreen } from '../features/users/users-screen';
import { WellbeingScreen } from '../features/wellbeing/wellbeing-screen';
import { useOperatorSession } from '../lib/session-store';
import { ConsoleLayout } from './console-layout';
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

/** Every section's page: a section without one does not compile. */
const screens: Record<SectionId, ReactNode> = {
  audit: <AuditScreen />,
  catalog: <CatalogScreen />,
  feedback: <FeedbackScreen />,
  money: <MoneyScreen />,
  dashboard: <DashboardScreen />,
  markets: <MarketsScreen />,
  operators: <OperatorsScreen />,
  shipping: <ShippingScreen />,
  content: <ContentScreen />,
  users: <UsersScreen />,
  wellbeing: <WellbeingScreen />,
  companion: <CompanionScreen />,
  staking: <StakingScreen />,
  aid_fund: <AidFundScreen />,
};

export const routes: RouteObject[] = [
  { path: '/login', element: <LoginScreen /> },
  {
    element: <RequireSession />,
    children: [
      ...sections.map((section): RouteObject => ({
        ...(section.path === '/' ? { index: true } : { path: section.path.slice(1) }),
        element: <SectionGate id={section.id}>{screens[section.id]}</SectionGate>,
      })),
      { path: '*', element: <NotFound /> },
    ],
  },
];

export function createConsoleRouter() {
  return createBrowserRouter(routes, { basename: '/admin' });
}
