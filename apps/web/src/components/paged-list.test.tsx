// @vitest-environment jsdom
import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@wallx/shared';
import { initI18n } from '../lib/i18n';
import { pagedQueryOptions } from '../lib/account-query';
import { PagedList, type ListLook } from './paged-list';

/** An IntersectionObserver whose target is always in view, recording how it is used. */
class FakeObserver {
  static created: FakeObserver[] = [];
  observed = 0;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit | undefined,
  ) {
    FakeObserver.created.push(this);
  }
  observe(target: Element) {
    this.observed += 1;
    // Like the browser: a new observation reports where the target is now.
    queueMicrotask(() =>
      this.callback(
        [{ isIntersecting: true, target } as IntersectionObserverEntry],
        this as unknown as IntersectionObserver,
      ),
    );
  }
  unobserve() {}
  disconnect() {}
}

const look: ListLook = { skeleton: <p>loading</p>, className: 'test-list', emptyClassName: 'test-empty' };

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  FakeObserver.created = [];
  vi.stubGlobal('IntersectionObserver', FakeObserver);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** Three short pages of two rows: none fills the screen, so each must bring the next by itself. */
function pages() {
  const fetchPage = vi.fn(async (cursor: string | undefined): Promise<Page<{ id: string }>> => {
    const index = cursor === undefined ? 0 : Number(cursor);
    return { items: [{ id: `${index}a` }, { id: `${index}b` }], next_cursor: index < 2 ? String(index + 1) : null };
  });
  return fetchPage;
}

function List({ fetchPage }: { fetchPage: ReturnType<typeof pages> }) {
  const query = useInfiniteQuery(pagedQueryOptions(['test', 'rows'], (cursor) => fetchPage(cursor)));
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        rerender {renders}
      </button>
      <PagedList
        query={query}
        look={look}
        label="rows"
        empty={<p>empty</p>}
        renderItem={(row) => <span>{row.id}</span>}
      />
    </>
  );
}

describe('PagedList', () => {
  it('loads ahead of the end, page after page while the end stays in view, with one observer', async () => {
    const fetchPage = pages();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <List fetchPage={fetchPage} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.getByText('2b')).toBeTruthy());
    expect(fetchPage.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, '1', '2']);
    expect(screen.getByRole('list', { name: 'rows' }).querySelectorAll('li')).toHaveLength(6);

    // Re-renders (new arrows each time) keep the one observer, set to look 600 px ahead.
    for (let i = 0; i < 3; i++) act(() => screen.getByRole('button', { name: /rerender/ }).click());
    expect(FakeObserver.created).toHaveLength(1);
    expect(FakeObserver.created[0]!.options?.rootMargin).toBe('0px 0px 600px 0px');
    // No page past the last one.
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });
});
