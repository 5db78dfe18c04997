// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { NavigationProgress } from './navigation-progress';

afterEach(cleanup);

function Layout() {
  return (
    <>
      <NavigationProgress />
      <Link to="/slow">slow</Link>
      <Outlet />
    </>
  );
}

describe('NavigationProgress', () => {
  it('shows while the next screen loads and goes when it has arrived', async () => {
    let arrive: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => (arrive = resolve));
    const router = createMemoryRouter([
      {
        path: '/',
        element: <Layout />,
        children: [
          { index: true, element: <p>home</p> },
          {
            path: 'slow',
            lazy: async () => {
              await loaded;
              return { element: <p>slow screen</p> };
            },
          },
        ],
      },
    ]);
    render(<RouterProvider router={router} />);
    const bar = screen.getByRole('progressbar', { hidden: true });
    expect(bar.className).toBe('nav-progress');
    expect(bar.getAttribute('aria-hidden')).toBe('true');

    act(() => screen.getByText('slow').click());
    expect(bar.className).toContain('nav-progress--loading');
    expect(bar.getAttribute('aria-hidden')).toBe('false');
    expect(screen.getByText('home')).toBeTruthy();

    await act(async () => {
      arrive();
      await loaded;
    });
    expect(await screen.findByText('slow screen')).toBeTruthy();
    expect(bar.className).toBe('nav-progress');
  });
});
