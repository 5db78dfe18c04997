type Option<T extends string> = { value: T; label: string };

/** Two- or three-way tabs of the market screens, on a bar that stays under the page header. */
export function SegmentedTabs<T extends string>({
  options,
  value,
  onChange,
  label,
  isSticky = true,
}: {
  options: ReadonlyArray<Option<T>>;
  value: T;
  onChange: (value: T) => void;
  label: string;
  isSticky?: boolean;
}) {
  return (
    <div className={`mk-tabs-bar${isSticky ? ' is-sticky' : ''}`}>
      <div className="mk-tabs" role="tablist" aria-label={label}>
        {options.map((option) => {
          const isSelected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role="tab"
              aria-selected={isSelected}
              className={`mk-tabs__tab${isSelected ? ' is-selected' : ''}`}
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
