import type { ReactNode } from 'react';

type Option<Value> = { value: Value; label: ReactNode };

type Props<Value> = {
  /** What the choice is about, for screen readers (the buttons' group is named by it). */
  label: string;
  options: ReadonlyArray<Option<Value>>;
  value: Value;
  onChange: (value: Value) => void;
};

/**
 * A row of pressed/unpressed buttons choosing one of a few values: a list's state or asset, a
 * detail's section. Tabs that swap a page's whole body are `Tabs`, not this.
 */
export function Segmented<Value extends string | null>({ label, options, value, onChange }: Props<Value>) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value ?? 'all'}
          type="button"
          className="segmented__option"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
