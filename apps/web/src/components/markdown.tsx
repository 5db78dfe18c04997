import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './markdown.css';

// The Markdown of articles, course texts and other content, as React elements. Never HTML: raw HTML in the text
// (a <script>, an <img onerror>) stays text that React escapes, and a link goes where it says only
// when it is http(s), mailto or a path of this app; any other link is shown as its text.
// The subset: ATX headings, paragraphs, bullet and numbered lists, block quotes, rules, fenced code,
// and inline bold, italic, code, links and backslash escapes.

export type Inline =
  | { kind: 'text'; text: string }
  | { kind: 'code'; text: string }
  | { kind: 'strong'; children: Inline[] }
  | { kind: 'em'; children: Inline[] }
  | { kind: 'link'; href: string; children: Inline[] };

export type Block =
  | { kind: 'heading'; level: number; content: Inline[] }
  | { kind: 'paragraph'; content: Inline[] }
  | { kind: 'list'; ordered: boolean; start: number; items: Inline[][] }
  | { kind: 'quote'; children: Block[] }
  | { kind: 'rule' }
  | { kind: 'code'; text: string };

/** Where a link may go: an external page (new tab), an e-mail, a screen of the app; null for anything else. */
export type SafeLink = { kind: 'external' | 'mailto'; href: string } | { kind: 'app'; to: string } | null;

/** Spaces, control characters or a backslash anywhere: browsers drop or rewrite some of them before reading a scheme. */
function hasUnsafeChar(href: string): boolean {
  for (const char of href) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || code === 0x7f || char === '\\' || /\s/.test(char)) return true;
  }
  return false;
}

export function safeLink(raw: string): SafeLink {
  const href = raw.trim();
  if (href === '' || hasUnsafeChar(href)) return null;
  if (href.startsWith('/')) return href.startsWith('//') ? null : { kind: 'app', to: href };
  if (/^mailto:[^@]+@.+$/i.test(href)) return { kind: 'mailto', href };
  if (!/^https?:\/\/[^/]/i.test(href)) return null;
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' ? { kind: 'external', href: url.href } : null;
  } catch {
    return null;
  }
}

// ---- blocks ----

const headingLine = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const ruleLine = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const fenceLine = /^ {0,3}(`{3,}|~{3,})/;
const quoteLine = /^ {0,3}>[ ]?(.*)$/;
const bulletLine = /^[ \t]*[-*+][ \t]+(.*)$/;
const numberLine = /^[ \t]*(\d{1,9})[.)][ \t]+(.*)$/;

function isBlockStart(line: string): boolean {
  return (
    headingLine.test(line) ||
    ruleLine.test(line) ||
    fenceLine.test(line) ||
    quoteLine.test(line) ||
    bulletLine.test(line) ||
    numberLine.test(line)
  );
}

/** A soft line break inside a paragraph: a space, except between two CJK characters, which take none. */
function joinLines(lines: string[]): string {
  const cjk = /[\u3000-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/;
  return lines.reduce((joined, line) => {
    if (joined === '') return line;
    return cjk.test(joined.slice(-1)) && cjk.test(line.charAt(0)) ? joined + line : `${joined} ${line}`;
  }, '');
}

export function parseBlocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = fenceLine.exec(line);
    if (fence) {
      const marker = fence[1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trimStart().startsWith(marker)) body.push(lines[i++]!);
      i++;
      blocks.push({ kind: 'code', text: body.join('\n') });
      continue;
    }
    const heading = headingLine.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length, content: parseInline(heading[2] ?? '') });
      i++;
      continue;
    }
    if (ruleLine.test(line)) {
      blocks.push({ kind: 'rule' });
      i++;
      continue;
    }
    if (quoteLine.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && quoteLine.test(lines[i]!)) inner.push(quoteLine.exec(lines[i++]!)![1]!);
      blocks.push({ kind: 'quote', children: parseBlocks(inner.join('\n')) });
      continue;
    }
    const bullet = bulletLine.exec(line);
    const number = numberLine.exec(line);
    if (bullet || number) {
      const ordered = !bullet;
      const itemLine = ordered ? numberLine : bulletLine;
      const items: string[][] = [];
      // An item goes on over the lines below it until a blank line, another item or another block.
      while (i < lines.length) {
        const current = lines[i]!;
        const item = itemLine.exec(current);
        if (item) {
          items.push([item[ordered ? 2 : 1]!.trim()]);
        } else if (current.trim() !== '' && !isBlockStart(current)) {
          items[items.length - 1]!.push(current.trim());
        } else {
          break;
        }
        i++;
      }
      blocks.push({
        kind: 'list',
        ordered,
        start: ordered ? Number(number![1]) : 1,
        items: items.map((item) => parseInline(joinLines(item))),
      });
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && (paragraph.length === 0 || !isBlockStart(lines[i]!)))
      paragraph.push(lines[i++]!.trim());
    blocks.push({ kind: 'paragraph', content: parseInline(joinLines(paragraph)) });
  }
  return blocks;
}

// ---- inlines ----

const escapable = /[\\`*_{}[\]()#+\-.!<>~|"']/;
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** Where the delimiter run `marker` that closes an emphasis opened before `from` starts, or -1. */
function findCloser(text: string, marker: string, from: number): number {
  for (let at = text.indexOf(marker, from); at !== -1; at = text.indexOf(marker, at + 1)) {
    if (at === from || isSpace(text[at - 1])) continue;
    // A single * or _ does not close on one half of a double one.
    if (marker.length === 1 && (text[at + 1] === marker || text[at - 1] === marker)) {
      at++;
      continue;
    }
    if (marker[0] === '_' && isWordChar(text[at + marker.length])) continue;
    return at;
  }
  return -1;
}

// A link's words and its address are looked for this far at most: an unclosed `[` or `(` must not
// make the parse of a long text quadratic.
const MAX_LABEL = 1000;
const MAX_HREF = 2048;

/** The index of the `]` that closes the `[` at `open`, brackets nesting; -1 if none. */
function closingBracket(text: string, open: number): number {
  let depth = 0;
  for (let at = open, end = Math.min(text.length, open + MAX_LABEL); at < end; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '[') depth++;
    else if (char === ']' && --depth === 0) return at;
  }
  return -1;
}

/** The destination of `(url "title")` at `open` and the index after its `)`, or null. */
function linkDestination(text: string, open: number): { href: string; end: number } | null {
  if (text[open] !== '(') return null;
  let depth = 0;
  for (let at = open, end = Math.min(text.length, open + MAX_HREF); at < end; at++) {
    const char = text[at];
    if (char === '\\') at++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) {
      const inside = text.slice(open + 1, at).trim();
      const href = /^(\S*)(?:\s+(?:"[^"]*"|'[^']*'))?$/.exec(inside)?.[1];
      return href === undefined ? null : { href: href.replace(/^<(.*)>$/, '$1'), end: at + 1 };
    }
  }
  return null;
}

export function parseInline(text: string): Inline[] {
  // Where the search for each closing delimiter (`*`, `__`, a run of backticks) last failed: it fails
  // from any later place too, so it is not made again (a text full of lone `*` stays linear).
  const failedFrom = new Map<string, number>();
  const closer = (marker: string, from: number, find: () => number): number => {
    if (from >= (failedFrom.get(marker) ?? Infinity)) return -1;
    const at = find();
    if (at === -1) failedFrom.set(marker, Math.min(from, failedFrom.get(marker) ?? Infinity));
    return at;
  };
  const out: Inline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ kind: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\\' && i + 1 < text.length && escapable.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (char === '`') {
      const run = /^`+/.exec(text.slice(i))![0];
      const close = closer(run, i + run.length, () => text.indexOf(run, i + run.length));
      if (close !== -1) {
        flush();
        const code = text.slice(i + run.length, close);
        out.push({
          kind: 'code',
          text: code.length > 2 && code.startsWith(' ') && code.endsWith(' ') ? code.slice(1, -1) : code,
        });
        i = close + run.length;
        continue;
      }
      buffer += run;
      i += run.length;
      continue;
    }
    if (char === '[') {
      const close = closingBracket(text, i);
      const destination = close === -1 ? null : linkDestination(text, close + 1);
      if (destination) {
        flush();
        out.push({ kind: 'link', href: destination.href, children: parseInline(text.slice(i + 1, close)) });
        i = destination.end;
        continue;
      }
    }
    if (char === '*' || char === '_') {
      const marker = text[i + 1] === char ? char + char : char;
      const opensWord = !isSpace(text[i + marker.length]) && (char === '*' || !isWordChar(text[i - 1]));
      const close = opensWord
        ? closer(marker, i + marker.length, () => findCloser(text, marker, i + marker.length))
        : -1;
      if (close !== -1) {
        flush();
        const children = parseInline(text.slice(i + marker.length, close));
        out.push(marker.length === 2 ? { kind: 'strong', children } : { kind: 'em', children });
        i = close + marker.length;
        continue;
      }
      buffer += marker;
      i += marker.length;
      continue;
    }
    buffer += char;
    i++;
  }
  flush();
  return out;
}

// ---- rendering ----

function renderInlines(inlines: Inline[], links: boolean): ReactNode[] {
  return inlines.map((inline, index) => {
    switch (inline.kind) {
      case 'text':
        return inline.text;
      case 'code':
        return <code key={index}>{inline.text}</code>;
      case 'strong':
        return <strong key={index}>{renderInlines(inline.children, links)}</strong>;
      case 'em':
        return <em key={index}>{renderInlines(inline.children, links)}</em>;
      case 'link': {
        const children = renderInlines(inline.children, links);
        const link = links ? safeLink(inline.href) : null;
        if (!link) return <span key={index}>{children}</span>;
        if (link.kind === 'app') {
          return (
            <Link key={index} to={link.to}>
              {children}
            </Link>
          );
        }
        return link.kind === 'external' ? (
          <a key={index} href={link.href} target="_blank" rel="noopener noreferrer">
            {children}
          </a>
        ) : (
          <a key={index} href={link.href}>
            {children}
          </a>
        );
      }
    }
  });
}

function renderBlocks(blocks: Block[], headingOffset: number, links: boolean): ReactNode[] {
  return blocks.map((block, index) => {
    switch (block.kind) {
      case 'heading': {
        const Heading = `h${Math.min(6, block.level + headingOffset)}` as 'h2';
        return <Heading key={index}>{renderInlines(block.content, links)}</Heading>;
      }
      case 'paragraph':
        return <p key={index}>{renderInlines(block.content, links)}</p>;
      case 'list': {
        const items = block.items.map((item, n) => <li key={n}>{renderInlines(item, links)}</li>);
        return block.ordered ? (
          <ol key={index} start={block.start === 1 ? undefined : block.start}>
            {items}
          </ol>
        ) : (
          <ul key={index}>{items}</ul>
        );
      }
      case 'quote':
        return <blockquote key={index}>{renderBlocks(block.children, headingOffset, links)}</blockquote>;
      case 'rule':
        return <hr key={index} />;
      case 'code':
        return (
          <pre key={index}>
            <code>{block.text}</code>
          </pre>
        );
    }
  });
}

type Props = {
  text: string;
  /** The page's own heading sits above: `#` becomes h2 by default. */
  headingOffset?: number;
  className?: string;
  /** False inside something that is a link already: links then show as their text. */
  links?: boolean;
};

/** Markdown shown as React elements (see the top of this file for what is safe and what is rendered). */
export function Markdown({ text, headingOffset = 1, className = 'markdown', links = true }: Props) {
  return <div className={className}>{renderBlocks(parseBlocks(text), headingOffset, links)}</div>;
}
