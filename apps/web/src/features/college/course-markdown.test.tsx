// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { CourseMarkdown, parseBlocks } from './course-markdown';

afterEach(cleanup);

function renderMarkdown(markdown: string) {
  return render(
    <MemoryRouter>
      <CourseMarkdown markdown={markdown} />
    </MemoryRouter>,
  ).container;
}

describe('CourseMarkdown', () => {
  it('reads headings, paragraphs, bulleted and numbered lists', () => {
    expect(parseBlocks('## Title\n\nOne line\nand the next\n\n1. First\n2. Second\n- Bullet\n  still the bullet\n\n# Top')).toEqual([
      { kind: 'heading', level: 2, text: 'Title' },
      { kind: 'paragraph', text: 'One line and the next' },
      { kind: 'list', isOrdered: true, items: ['First', 'Second'] },
      { kind: 'list', isOrdered: false, items: ['Bullet still the bullet'] },
      { kind: 'heading', level: 1, text: 'Top' },
    ]);
  });

  it('renders the course bodies’ subset as elements: headings under the screen’s own, emphasis, code, lists', () => {
    const html = renderMarkdown('## Signing in\n\nTap **Connect wallet** and *sign*, then `wait`.\n\n1. **Set** a password\n2. Deposit\n\n### Small').innerHTML;
    expect(html).toBe(
      '<div><h3>Signing in</h3><p>Tap <strong>Connect wallet</strong> and <em>sign</em>, then <code>wait</code>.</p>' +
        '<ol><li><strong>Set</strong> a password</li><li>Deposit</li></ol><h4>Small</h4></div>',
    );
  });

  it('never turns a body into HTML: tags and handlers are text, and only our paths and http(s) are linked', () => {
    const container = renderMarkdown(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(2)>\n\n[ours](/address) [theirs](https://bnbchain.org) [bad](javascript:alert(3)) [data](data:text/html,x)',
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
    expect(container.textContent).toContain('<img src=x onerror=alert(2)>');
    const links = [...container.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('target')]);
    expect(links).toEqual([
      ['ours', '/address', null],
      ['theirs', 'https://bnbchain.org', '_blank'],
    ]);
    expect(container.textContent).toContain('bad');
    expect(container.innerHTML).not.toContain('javascript:');
  });

  it('leaves a lone star, an underscore inside a word and unclosed marks as they are', () => {
    const container = renderMarkdown('5 * 3 = 15, snake_case_name and **open');
    expect(container.querySelector('em, strong')).toBeNull();
    expect(container.textContent).toBe('5 * 3 = 15, snake_case_name and **open');
  });
});
