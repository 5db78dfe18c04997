import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OperatorArticle, OperatorCourse, OperatorHomeScene, OperatorRole } from '@wallx/shared';
import { ok, renderConsole, serveAs, setUpConsoleTests, type Answer } from '../../lib/test-render';

const c = setUpConsoleTests().content;

const scene = (id: string, sort: number, title: string, published = true): OperatorHomeScene => ({
  id,
  title: `en_US:::${title}`,
  body: 'en_US:::Body',
  icon: 'checkin',
  tone: 'violet',
  link: '',
  sort,
  published,
});
const scenes = [scene('2', 2, 'Therapy'), scene('1', 1, 'Check in'), scene('3', 3, 'Staking', false)];
const article: OperatorArticle = {
  key: 'terms',
  title: 'en_US:::Terms\nzh_CN:::条款',
  body: 'en_US:::# Terms\n\nRead them.\nzh_CN:::# 条款',
  updated_at: '2026-11-24T08:00:00.000Z',
  sort: 1,
  published: true,
};
const course: OperatorCourse = {
  id: '8',
  title: 'en_US:::Welcome',
  summary: '',
  body: '',
  cover: '/college/cover.webp',
  video: '/college/intro.webm',
  poster: '',
  duration_seconds: 90,
  regions: ['CN-GD'],
  requires_miner: false,
  sort: 1,
  published: true,
  created_at: '2026-11-24T08:00:00.000Z',
};

function server(role: OperatorRole, answers: Record<string, (body: unknown) => Answer> = {}) {
  return serveAs(role, (method, url, body) => {
    const route = `${method} ${url.pathname}`;
    if (answers[route]) return answers[route](body);
    if (route === 'GET /api/admin/content/scenes') return ok({ items: scenes });
    if (route === 'GET /api/admin/content/articles') return ok({ items: [article] });
    if (route === 'GET /api/admin/content/courses') return ok({ items: [course] });
    if (method !== 'GET') return ok({});
    return undefined;
  });
}

describe('the content page', () => {
  it('lists a kind in its order; moving an item sends every id in the new order', async () => {
    const sent = server('support');
    renderConsole('/content');
    await screen.findByRole('button', { name: 'Edit “Check in”' });
    expect(
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[1]!.textContent),
    ).toEqual(['Check in', 'Therapy', 'Staking']);
    expect((screen.getByRole('button', { name: 'Move “Check in” up' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move “Staking” up' }));
    await waitFor(() => expect(sent.some((call) => call.method === 'POST')).toBe(true));
    expect(sent.find((call) => call.method === 'POST')).toMatchObject({ body: { ids: ['1', '3', '2'] } });
    expect(sent.find((call) => call.method === 'POST')!.url.pathname).toBe('/api/admin/content/scenes/order');

    fireEvent.click(screen.getByRole('button', { name: 'Publish “Staking”' }));
    await waitFor(() =>
      expect(sent.some((call) => call.url.pathname === '/api/admin/content/scenes/3/publish')).toBe(true),
    );
  });

  it('edits an article in a field per language, its key fixed, and sends the value built back', async () => {
    const sent = server('support');
    renderConsole('/content?kind=articles');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Terms”' }));
    const panel = screen.getByRole('complementary', { name: 'Terms' });
    expect((within(panel).getByLabelText(c.field_key) as HTMLInputElement).readOnly).toBe(true);
    const body = within(panel).getByRole('group', { name: c.field_body });
    expect((within(body).getByLabelText('English') as HTMLTextAreaElement).value).toBe('# Terms\n\nRead them.');
    fireEvent.change(within(body).getByLabelText('日本語'), { target: { value: '# 規約\nen:::sneaky' } });
    fireEvent.click(within(panel).getByRole('button', { name: c.save }));
    expect(within(panel).getByRole('alert').textContent).toBe(c.problem_tagged_line);
    fireEvent.change(within(body).getByLabelText('日本語'), { target: { value: '# 規約\n\n読んでください。' } });
    fireEvent.click(within(panel).getByRole('button', { name: c.save }));
    expect((await within(panel).findByRole('status')).textContent).toBe(c.saved);
    const put = sent.find((call) => call.method === 'PUT')!;
    expect(put.url.pathname).toBe('/api/admin/content/articles/terms');
    expect(put.body).toEqual({
      title: 'en_US:::Terms\nzh_CN:::条款',
      body: 'en_US:::# Terms\n\nRead them.\nzh_CN:::# 条款\nja_JP:::# 規約\n\n読んでください。',
    });
  });

  it('creates a scene as the endpoint takes it, the server’s refusal on its field', async () => {
    const sent = server('support', {
      'POST /api/admin/content/scenes': () => ({
        status: 400,
        body: { code: 1001, message: 'link: must be an in-app path', data: { field: 'link' } },
      }),
    });
    renderConsole('/content');
    fireEvent.click(await screen.findByRole('button', { name: c.new_item }));
    const panel = screen.getByRole('complementary', { name: c.new_item });
    fireEvent.change(within(within(panel).getByRole('group', { name: c.field_title })).getByLabelText('English'), {
      target: { value: 'Tracking' },
    });
    fireEvent.change(within(within(panel).getByRole('group', { name: c.field_body })).getByLabelText('English'), {
      target: { value: 'Where is my miner' },
    });
    fireEvent.change(within(panel).getByLabelText(c.field_tone), { target: { value: 'cyan' } });
    fireEvent.change(within(panel).getByLabelText(c.field_link), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(within(panel).getByRole('button', { name: c.create }));
    expect((await within(panel).findByRole('alert')).textContent).toBe('link: must be an in-app path');
    expect(within(panel).getByLabelText(c.field_link).getAttribute('aria-invalid')).toBe('true');
    expect(sent.find((call) => call.method === 'POST')!.body).toEqual({
      title: 'en_US:::Tracking',
      body: 'en_US:::Where is my miner',
      icon: 'checkin',
      tone: 'cyan',
      link: 'javascript:alert(1)',
    });
  });

  it('deletes only once confirmed, and shows the server’s refusal of a watched course', async () => {
    const sent = server('support', {
      'DELETE /api/admin/content/courses/8': () => ({
        status: 409,
        body: { code: 7006, message: 'This course has been watched: unpublish it instead' },
      }),
    });
    renderConsole('/content?kind=courses');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Welcome”' }));
    const panel = screen.getByRole('complementary', { name: 'Welcome' });
    expect((within(panel).getByLabelText(c.field_regions) as HTMLInputElement).value).toBe('CN-GD');
    fireEvent.click(within(panel).getByRole('button', { name: c.delete }));
    expect(sent.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(panel).getByRole('button', { name: c.delete_for_good }));
    expect((await within(panel).findByRole('alert')).textContent).toBe(
      'This course has been watched: unpublish it instead',
    );
    expect(sent.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('a viewer reads every kind but has no buttons to change it', async () => {
    server('viewer');
    renderConsole('/content');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Check in”' }));
    expect(screen.queryByRole('button', { name: c.new_item })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Publish/ })).toBeNull();
    expect(screen.getByText('Your role (Viewer) can read content but not change it.')).toBeTruthy();
  });
});
