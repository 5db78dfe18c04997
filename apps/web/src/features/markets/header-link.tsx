import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** An icon link at the end of a market screen's header. */
export function HeaderLink({ to, label, children }: { to: string; label: string; children: ReactNode }) {
  return (
    <Link to={to} className="icon-button icon-button--plain mk-header-link" aria-label={label}>
      {children}
    </Link>
  );
}
