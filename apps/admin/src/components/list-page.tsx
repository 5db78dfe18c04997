import type { ReactNode } from 'react';

type Props = {
  /** Names the heading's id (`<id>-title`), which labels the page for screen readers. */
  id: string;
  title: string;
  lead: ReactNode;
  /** Beside the heading: the page's export button, its tabs' switch. */
  actions?: ReactNode;
  children: ReactNode;
};

/** A console page: its heading and lead, what acts on the whole page beside them, then the page. */
export function ListPage({ id, title, lead, actions, children }: Props) {
  return (
    <section className="list-page" aria-labelledby={`${id}-title`}>
      <header className="page__header">
        <div>
          <h1 id={`${id}-title`}>{title}</h1>
          <p className="page__lead">{lead}</p>
        </div>
        {actions}
      </header>
      {children}
    </section>
  );
}
