type Option<T extends string> = { value: T; label: string };

/**
 * The two-way tabs of the miner screens (category, order status, output status), on a bar that
 * stays under the page header while the list scrolls.
 */
export function SegmentedTabs<T extends string>({
  options,
  value,
  onChange,
  label,
}: {
  options: ReadonlyArray<Option<T>>;
  value: T;
  onChange: (value: T) => void;
  label: string;
}) {
  return (
    <div className="m-tabs-bar">
      <div className="m-tabs" role="tablist" aria-label={label}>
        {options.map((option) => {
          const isSelected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              role="tab"
              aria-selected={isSelected}
              className={`m-tabs__tab${isSelected ? ' is-selected' : ''}`}
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
