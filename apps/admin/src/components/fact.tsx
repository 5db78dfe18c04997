import type { ReactNode } from 'react';

type Props = { label: string; code?: string | number | null; children?: ReactNode };

/**
 * One line of a facts list (`<dl className="facts">`): its label, then its value; `code` is an
 * identifier (an address, an id, a hash) and is set as one.
 */
export function Fact({ label, code, children }: Props) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{code !== undefined ? <code>{code}</code> : children}</dd>
    </>
  );
}
