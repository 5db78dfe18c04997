// A build plugin: what makes the app installable and its links show themselves (issue 50).
// - og/<language>.png and og/invite-<language>.png: the 1200×630 pictures a link preview shows
//   (the server names them in each page's head, apps/server/src/platform/http/page-head.ts), drawn
//   here from an SVG by resvg with fonts that npm installs (Noto Sans SC: Latin, Chinese and
//   Japanese; Nanum Gothic: Korean), so that no machine needs a font of its own or a service.
// - sw.js: the service worker (pwa/sw.js), given this build's version and the files of the
//   app's shell to keep for offline use.
// - the page's inline registration script (index.html) learns the file of the notice it loads when
//   there is something to say (offline, a new version).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import type { Plugin } from 'vite';
import * as head from '../../../packages/shared/src/i18n/head/index.ts';
import { languages, type Language } from '../../../packages/shared/src/i18n/languages.ts';

const require = createRequire(import.meta.url);
const fonts = [
  require.resolve('@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf'),
  require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  require.resolve('@expo-google-fonts/nanum-gothic/700Bold/NanumGothic_700Bold.ttf'),
  require.resolve('@expo-google-fonts/nanum-gothic/400Regular/NanumGothic_400Regular.ttf'),
];

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A rough width in ems: wide (CJK) characters one em, others about half; enough to break lines. */
const emWidth = (text: string) => [...text].reduce((sum, char) => sum + (char.charCodeAt(0) > 0x2e7f ? 1 : 0.56), 0);

/** Greedy lines of at most `maxEm`: at spaces for spaced scripts, anywhere for CJK. */
export function wrap(text: string, maxEm: number): string[] {
  const units = /\s/.test(text) ? text.split(/(?<=\s)/) : [...text];
  const lines: string[] = [];
  let line = '';
  for (const unit of units) {
    if (line && emWidth(line + unit.trimEnd()) > maxEm) {
      lines.push(line.trimEnd());
      line = '';
    }
    line += unit;
  }
  if (line.trim()) lines.push(line.trimEnd());
  return lines;
}

/** The card: the app's mark and name, a line or two of text, and what the app offers; dark, like the app. */
export function cardSvg(language: Language, kind: 'site' | 'invite'): string {
  const texts = head[language].head;
  const family = language === 'ko_KR' ? 'NanumGothic, Noto Sans SC' : 'Noto Sans SC, NanumGothic';
  const lines = wrap(kind === 'invite' ? texts.card_invite : texts.card_title, 17);
  const size = lines.length > 2 ? 50 : 62;
  const title = lines.map((line, i) => `<tspan x="96" y="${330 + i * size * 1.3}">${escapeXml(line)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<defs>
<linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8b5cf6"/><stop offset="1" stop-color="#22d3ee"/></linearGradient>
<radialGradient id="glow" cx="0.85" cy="0.1" r="0.8"><stop offset="0" stop-color="#8b5cf6" stop-opacity="0.45"/><stop offset="1" stop-color="#0b0f1a" stop-opacity="0"/></radialGradient>
<radialGradient id="glow2" cx="0.05" cy="1" r="0.7"><stop offset="0" stop-color="#22d3ee" stop-opacity="0.25"/><stop offset="1" stop-color="#0b0f1a" stop-opacity="0"/></radialGradient>
</defs>
<rect width="1200" height="630" fill="#0b0f1a"/>
<rect width="1200" height="630" fill="url(#glow)"/>
<rect width="1200" height="630" fill="url(#glow2)"/>
<g transform="translate(96 84) scale(1.75)"><rect width="64" height="64" rx="16" fill="#141a2e"/><path d="M14 20l8 26 10-18 10 18 8-26" fill="none" stroke="url(#mark)" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"/></g>
<text x="232" y="170" font-family="Noto Sans SC" font-weight="700" font-size="76" fill="#ffffff" letter-spacing="4">WALLX</text>
<text font-family="${family}" font-weight="700" font-size="${size}" fill="#ffffff">${title}</text>
<text x="96" y="560" font-family="${family}" font-weight="400" font-size="32" fill="#a5b4fc">${escapeXml(texts.card_footer)}</text>
<rect x="96" y="586" width="160" height="6" rx="3" fill="url(#mark)"/>
</svg>`;
}

export function renderCard(language: Language, kind: 'site' | 'invite'): Buffer {
  const resvg = new Resvg(cardSvg(language, kind), {
    font: { fontFiles: fonts, loadSystemFonts: false, defaultFontFamily: 'Noto Sans SC' },
  });
  return resvg.render().asPng();
}

type Options = {
  /** pwa/sw.js: plain JavaScript, served as it is (a worker, not a module of the page). */
  worker: string;
  /** src/app/pwa-notice.ts: the page's second entry, loaded only when there is something to say. */
  notice: string;
};

type Bundle = Parameters<NonNullable<Extract<Plugin['generateBundle'], (...args: never[]) => unknown>>>[1];

function noticeChunkOf(bundle: Bundle, notice: string) {
  const chunk = Object.values(bundle).find(
    (file) => file.type === 'chunk' && file.facadeModuleId === path.resolve(notice),
  );
  if (chunk?.type !== 'chunk') throw new Error(`pwa: the notice entry (${notice}) was not built`);
  return chunk;
}

export function pwaBuild({ worker, notice }: Options): Plugin {
  return {
    name: 'wallx-pwa',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const language of languages)
        for (const kind of ['site', 'invite'] as const)
          this.emitFile({
            type: 'asset',
            fileName: `og/${kind === 'invite' ? 'invite-' : ''}${language}.png`,
            source: renderCard(language, kind),
          });
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const noticeChunk = noticeChunkOf(bundle, notice);
      // What a reload offline needs before anything else: the page's entry and what it imports at
      // once, and the notice that says the app is offline. Screens already opened are added as
      // they are fetched (the worker keeps every /assets/ file it serves).
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === 'index');
      if (!entry) throw new Error('pwa: the app’s entry chunk was not found');
      const shell = new Set([entry.fileName, ...entry.imports, noticeChunk.fileName, ...noticeChunk.imports]);
      const version = entry.fileName.replace(/^assets\/|\.js$/g, '');
      const source = fs.readFileSync(worker, 'utf8');
      for (const marker of ['const VERSION = __WALLX_VERSION__;', 'const SHELL = __WALLX_SHELL__;'])
        if (!source.includes(marker)) throw new Error(`pwa: ${worker} lacks "${marker}"`);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: source
          .replace('const VERSION = __WALLX_VERSION__;', `const VERSION = ${JSON.stringify(version)};`)
          .replace(
            'const SHELL = __WALLX_SHELL__;',
            `const SHELL = ${JSON.stringify([...shell].map((file) => `/${file}`))};`,
          ),
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const noticeFile = `/${noticeChunkOf(bundle, notice).fileName}`;
        const marker = '/*wallx-pwa-notice*/';
        if (!html.includes(marker)) throw new Error(`index.html: the service worker's script (${marker}) is missing`);
        return html.replace(`${marker} ''`, JSON.stringify(noticeFile));
      },
    },
  };
}
