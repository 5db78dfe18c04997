import './segmented-tabs.css';

type Option<T extends string> = { value: T; label: string };

type Props<T extends string> = {
  options: ReadonlyArray<Option<T>>;
  value: T;
  onChange: (value: T) => void;
  label: string;
  /** On its own bar that stays under the page header; off when a sticky bar already holds it. */
  isSticky?: boolean;
  /** The shorter tabs of the market screens. */
  isCompact?: boolean;
  /** The feature's own touches on the bar (its backdrop). */
  className?: string;
};

/** Two- or three-way tabs (category, order status, output status). */
export function SegmentedTabs<T extends string>({
  options,
  value,
  onChange,
  label,
  isSticky = true,
  isCompact = false,
  className,
}: Props<T>) {
  const barClass = ['segmented-tabs-bar', isSticky && 'is-sticky', className].filter(Boolean).join(' ');
  return (
    <div className={barClass}>
      <div className={`segmented-tabs${isCompact ? ' is-compact' : ''}`} role="tablist" aria-label={label}>
        {options.map((option) => {
          const isSelected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role="tab"
              aria-selected={isSelected}
              className={`segmented-tabs__tab${isSelected ? ' is-selected' : ''}`}
              onClick={() => onChange(option.value)}
            >
              {option.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
