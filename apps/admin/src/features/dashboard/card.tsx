import type { ReactNode } from 'react';

/** One figure of the dashboard; `tone` marks a figure that needs an operator (warn) or is fine (ok). */
export function Card({
  label,
  value,
  detail,
  tone,
}: {
  label: string;
  value: string;
  detail?: ReactNode;
  tone?: 'ok' | 'warn' | 'unknown';
}) {
  return (
    <div className={tone ? `card card--${tone}` : 'card'}>
      <p className="card__label">{label}</p>
      <p className="card__value">{value}</p>
      {detail ? <div className="card__detail">{detail}</div> : null}
    </div>
  );
}
