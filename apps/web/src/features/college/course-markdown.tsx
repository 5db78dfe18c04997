import type { ReactNode } from 'react';
import { Link } from 'react-router';

// The Markdown of course bodies (decision 50), as React elements: never HTML. Whatever an operator
// writes, a tag or an onerror is text. The subset: headings, paragraphs, bulleted and numbered
// lists, **strong**, *emphasis*, `code` and [links](…) to our own paths or to http(s) addresses.
// A fuller renderer for articles is being written beside it (features/content/markdown.tsx); the
// two are to become one.

type Block =
  | { kind: 'heading'; level: 1 | 2 | 3; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; isOrdered: boolean; items: string[] };

const HEADING = /^(#{1,6})\s+(.*)$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d{1,9}[.)]\s+(.*)$/;

/** The body's blocks: a blank line ends a paragraph or a list; a heading is one line. */
export function parseBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: { isOrdered: boolean; items: string[] } | null = null;
  const endParagraph = () => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  const endList = () => {
    if (list) blocks.push({ kind: 'list', ...list });
    list = null;
  };

  for (const line of markdown.split(/\r?\n/)) {
    const heading = HEADING.exec(line);
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    const item = bullet ?? numbered;
    if (line.trim() === '') {
      endParagraph();
      endList();
    } else if (heading) {
      endParagraph();
      endList();
      blocks.push({ kind: 'heading', level: Math.min(heading[1]!.length, 3) as 1 | 2 | 3, text: heading[2]!.trim() });
    } else if (item) {
      endParagraph();
      const isOrdered = numbered !== null;
      if (list && list.isOrdered !== isOrdered) endList();
      list ??= { isOrdered, items: [] };
      list.items.push(item[1]!.trim());
    } else if (list) {
      // A line under an item, not indented as a new one, continues it.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      paragraph.push(line.trim());
    }
  }
  endParagraph();
  endList();
  return blocks;
}

/** Our own path ('/address') or an http(s) address; anything else (javascript:, data:) is not linked. */
function safeHref(href: string): { to: string; isInternal: boolean } | null {
  if (/^\/(?!\/)/.test(href)) return { to: href, isInternal: true };
  if (/^https?:\/\/[^\s]+$/i.test(href)) return { to: href, isInternal: false };
  return null;
}

const INLINE = /\*\*(.+?)\*\*|__(.+?)__|\*(?!\s)(.+?)\*|_(?!\s)(.+?)_(?![\p{L}\p{N}])|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/gu;

/** One line's text with its emphasis, code and links as elements; everything else is text. */
export function renderInline(text: string, keyPrefix = 'i'): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, strong, strong2, em, em2, code, label, href] = match;
    const at = match.index;
    if (at > last) nodes.push(text.slice(last, at));
    const key = `${keyPrefix}-${n++}`;
    if (strong !== undefined || strong2 !== undefined) {
      nodes.push(<strong key={key}>{renderInline(strong ?? strong2!, key)}</strong>);
    } else if (em !== undefined || em2 !== undefined) {
      nodes.push(<em key={key}>{renderInline(em ?? em2!, key)}</em>);
    } else if (code !== undefined) {
      nodes.push(<code key={key}>{code}</code>);
    } else if (label !== undefined && href !== undefined) {
      const link = safeHref(href);
      const inner = renderInline(label, key);
      if (!link) nodes.push(<span key={key}>{inner}</span>);
      else if (link.isInternal) nodes.push(<Link key={key} to={link.to}>{inner}</Link>);
      else
        nodes.push(
          <a key={key} href={link.to} target="_blank" rel="noopener noreferrer">
            {inner}
          </a>,
        );
    } else {
      nodes.push(whole);
    }
    last = at + whole.length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

// The screen's header is its h1 and the course's title its h2: a body's own headings sit below them.
const headingTags = { 1: 'h3', 2: 'h3', 3: 'h4' } as const;

export function CourseMarkdown({ markdown, className }: { markdown: string; className?: string }) {
  return (
    <div className={className}>
      {parseBlocks(markdown).map((block, index) => {
        const key = `b${index}`;
        if (block.kind === 'heading') {
          const Tag = headingTags[block.level];
          return <Tag key={key}>{renderInline(block.text, key)}</Tag>;
        }
        if (block.kind === 'paragraph') return <p key={key}>{renderInline(block.text, key)}</p>;
        const List = block.isOrdered ? 'ol' : 'ul';
        return (
          <List key={key}>
            {block.items.map((item, i) => (
              <li key={i}>{renderInline(item, `${key}-${i}`)}</li>
            ))}
          </List>
        );
      })}
    </div>
  );
}
