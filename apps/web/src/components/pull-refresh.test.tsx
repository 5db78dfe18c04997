// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { en_US } from '@wallx/shared/i18n/en_US';
import { initI18n } from '../lib/i18n';
import { PullRefresh } from './pull-refresh';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function pull(area: HTMLElement, distance: number) {
  fireEvent.touchStart(area, { touches: [{ clientY: 100 }] });
  fireEvent.touchMove(area, { touches: [{ clientY: 100 + distance }] });
}

function renderList(onRefresh: () => Promise<unknown>) {
  render(
    <PullRefresh onRefresh={onRefresh}>
      <p>rows</p>
    </PullRefresh>,
  );
  return screen.getByText('rows').parentElement as HTMLElement;
}

describe('PullRefresh', () => {
  it('says the refresh failed when it did, and "Updated" when it worked', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    const area = renderList(failing);
    pull(area, 200);
    expect(screen.getByText(en_US.common.release_to_refresh)).toBeTruthy();
    await act(async () => {
      fireEvent.touchEnd(area);
    });
    expect(failing).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert').textContent).toBe(en_US.common.refresh_failed);
    expect(screen.queryByText(en_US.common.refreshed)).toBeNull();
    cleanup();

    const working = renderList(() => Promise.resolve());
    pull(working, 200);
    await act(async () => {
      fireEvent.touchEnd(working);
    });
    expect(screen.getByText(en_US.common.refreshed)).toBeTruthy();
  });

  it('drops a pull the system cancelled, without refreshing', async () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const area = renderList(onRefresh);
    pull(area, 200);
    fireEvent.touchCancel(area);
    expect(screen.queryByText(en_US.common.release_to_refresh)).toBeNull();
    // A later touch end (none comes after a cancel, but a stray one must not refresh).
    await act(async () => {
      fireEvent.touchEnd(area);
    });
    expect(onRefresh).not.toHaveBeenCalled();
  });
});
