import { useEffect } from 'react';
import { useSearchParams } from 'react-router';

/** The address parameter of a page's tab, the same on every console page (see docs/glossary.md). */
export const TAB_PARAM = 'tab';

/**
 * A table's filters kept in the address, so a filtered view survives a reload and can be passed to
 * a colleague; `defaults` fill the missing ones and are left out of the address. The page's tab
 * stays as it is when the filters change.
 */
export function useUrlFilters<Name extends string>(
  names: readonly Name[],
  defaults: Partial<Record<Name, string>> = {},
) {
  const [params, setParams] = useSearchParams();
  const value = Object.fromEntries(names.map((name) => [name, params.get(name) ?? defaults[name] ?? ''])) as Record<
    Name,
    string
  >;
  const apply = (next: Partial<Record<Name, string>>) =>
    setParams((current) => {
      const out = new URLSearchParams();
      const tab = current.get(TAB_PARAM);
      if (tab) out.set(TAB_PARAM, tab);
      for (const name of names) {
        const text = next[name] ?? '';
        if (text !== (defaults[name] ?? '')) out.set(name, text);
      }
      return out;
    });
  return [value, apply] as const;
}

/**
 * The page's tab in the address (`?tab=`), the first of `ids` when none is named. Choosing a tab
 * starts its filters from none, unless the tabs share their filters (`keepFilters`). `former` is
 * the name an older link used for the tab (money's `view`, content's `kind`, markets' `market`),
 * still read so those links open the same tab.
 */
export function useTab<Id extends string>(
  ids: readonly Id[],
  { former, keepFilters = false }: { former?: string; keepFilters?: boolean } = {},
) {
  const [params, setParams] = useSearchParams();
  const asked = params.get(TAB_PARAM) ?? (former ? params.get(former) : null) ?? '';
  const tab = (ids as readonly string[]).includes(asked) ? (asked as Id) : ids[0]!;
  // An older link's tab is rewritten as ?tab= at once: the filters keep only ?tab= when they change,
  // and would otherwise drop the tab the link opened.
  const isFormerLink = former !== undefined && params.has(former) && !params.has(TAB_PARAM);
  useEffect(() => {
    if (!isFormerLink) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(former);
        if (tab !== ids[0]) next.set(TAB_PARAM, tab);
        return next;
      },
      { replace: true },
    );
  }, [isFormerLink, former, tab, ids, setParams]);
  const select = (id: Id) =>
    setParams((current) => {
      const next = new URLSearchParams(keepFilters ? current : undefined);
      if (former) next.delete(former);
      if (id === ids[0]) next.delete(TAB_PARAM);
      else next.set(TAB_PARAM, id);
      return next;
    });
  return [tab, select] as const;
}
