import type { ReactNode } from 'react';

type Props<Id extends string> = {
  label: string;
  tabs: ReadonlyArray<{ id: Id; label: string }>;
  active: Id;
  onChange: (id: Id) => void;
  children: ReactNode;
};

/**
 * A page's tabs (its kinds of rows); the page keeps the active one in the address, so a link or a
 * reload opens the same tab. Arrow keys move between tabs, as the ARIA tabs pattern has it.
 */
export function Tabs<Id extends string>({ label, tabs, active, onChange, children }: Props<Id>) {
  const move = (from: number, by: number) => {
    const next = tabs[(from + by + tabs.length) % tabs.length]!;
    onChange(next.id);
    requestAnimationFrame(() => document.getElementById(`tab-${next.id}`)?.focus());
  };
  return (
    <>
      <div className="tabs" role="tablist" aria-label={label}>
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            id={`tab-${tab.id}`}
            type="button"
            role="tab"
            className="tabs__tab"
            aria-selected={tab.id === active}
            aria-controls={`tabpanel-${tab.id}`}
            tabIndex={tab.id === active ? 0 : -1}
            onClick={() => onChange(tab.id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(index, 1);
              if (event.key === 'ArrowLeft') move(index, -1);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div id={`tabpanel-${active}`} role="tabpanel" aria-labelledby={`tab-${active}`}>
        {children}
      </div>
    </>
  );
}
