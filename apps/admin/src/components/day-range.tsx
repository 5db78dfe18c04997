import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Field } from './form-parts';

export type DayRange = { from?: string; to?: string };
type Ends = { from: string; to: string };

/**
 * A range of days kept in the address (`?from=…&to=…`), for the pages that report per day. None
 * there: `asked` is empty and the server picks its default range, named in its answer, which the
 * fields then show (the operator's calendar may already be on another day than the server's zone).
 */
export function useDayRange(tab?: string) {
  const [params, setParams] = useSearchParams();
  const asked: DayRange =
    params.has('from') && params.has('to') ? { from: params.get('from')!, to: params.get('to')! } : {};
  const [edits, setEdits] = useState<DayRange>({});
  return {
    asked,
    /** What the fields show: the operator's edits, else the address's range, else the one the server answered. */
    shown: (answered: Ends | undefined): Ends => ({
      from: edits.from ?? asked.from ?? answered?.from ?? '',
      to: edits.to ?? asked.to ?? answered?.to ?? '',
    }),
    edit: (end: keyof Ends, value: string) => setEdits({ ...edits, [end]: value }),
    /** Puts the range in the address (the page's tab kept): the report is read for it. */
    apply: (range: Ends) => {
      setEdits({});
      setParams({ ...(tab && { tab }), from: range.from, to: range.to });
    },
  };
}

type FilterProps = {
  shown: Ends;
  labels: { from: string; to: string; show: string };
  onEdit: (end: keyof Ends, value: string) => void;
  onSubmit: () => void;
};

/** The two date fields and the button that shows the range. */
export function DayRangeFilter({ shown, labels, onEdit, onSubmit }: FilterProps) {
  const { t } = useTranslation();
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit();
  }
  return (
    <form className="filters" onSubmit={submit} aria-label={t('table.filters')} noValidate>
      {(['from', 'to'] as const).map((end) => (
        <Field key={end} label={labels[end]}>
          <input
            className="input"
            type="date"
            name={end}
            value={shown[end]}
            onChange={(event) => onEdit(end, event.target.value)}
          />
        </Field>
      ))}
      <div className="filters__buttons">
        <button type="submit" className="button button--primary">
          {labels.show}
        </button>
      </div>
    </form>
  );
}
