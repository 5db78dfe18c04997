import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { langText, languages, type Language } from '@wallx/shared';
import type { DatabaseHandle } from '../../platform/db/database.js';
import { buildTestApp, createTestDatabase, type TestApp } from '../../test/helpers.js';
import {
  demoArticleRows,
  demoCourses,
  demoEcology,
  demoPartners,
  demoScenes,
  seedDemoContent,
  type SeededContent,
} from './demo-content.js';

const publicDir = fileURLToPath(new URL('../../../../web/public/', import.meta.url));
const tables = ['home_scenes', 'partners', 'articles', 'ecology_items', 'courses'] as const;
const expected: SeededContent = {
  home_scenes: demoScenes.length,
  partners: demoPartners.length,
  articles: demoArticleRows.length,
  ecology_items: demoEcology.length,
  courses: demoCourses.length,
};

const count = async (database: DatabaseHandle, table: (typeof tables)[number]) =>
  Number(
    (await sql<{ n: string }>`select count(*)::text as n from ${sql.table(table)}`.execute(database.db)).rows[0]!.n,
  );
const counts = async (database: DatabaseHandle) =>
  Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await count(database, table)])));

/** The tags of the lines that open a language, in order (the pattern of langText). */
const openingTags = (value: string) =>
  value.split('\n').flatMap((line) => /^\s*([A-Za-z]{2,3}(?:[-_][A-Za-z0-9]{2,8})?):::/.exec(line)?.[1] ?? []);

/** Each language's text: present, opened once, and written in that language's script. */
function expectAllLanguages(value: string, what: string) {
  expect(openingTags(value), what).toEqual(['en_US', 'zh_CN', 'ko_KR', 'ja_JP', 'id_ID']);
  const text = Object.fromEntries(languages.map((language) => [language, langText(value, language)])) as Record<
    Language,
    string
  >;
  for (const language of languages) expect(text[language].length, `${what} ${language}`).toBeGreaterThan(0);
  expect(text.zh_CN, `${what} zh_CN`).toMatch(/\p{Script=Han}/u);
  // A short Japanese title may be all kanji ('利用規約'); any sentence has kana.
  expect(text.ja_JP, `${what} ja_JP`).toMatch(
    text.ja_JP.length > 12
      ? /[\p{Script=Hiragana}\p{Script=Katakana}]/u
      : /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u,
  );
  expect(text.ja_JP, `${what} ja_JP`).not.toBe(text.zh_CN);
  expect(text.ko_KR, `${what} ko_KR`).toMatch(/\p{Script=Hangul}/u);
  expect(text.id_ID, `${what} id_ID`).not.toBe(text.en_US);
  return text;
}

/** Only the Markdown the app renders: no HTML, code blocks, tables, quotes or images; links to https or mail only. */
function expectMarkdownSubset(markdown: string, what: string) {
  for (const line of markdown.split('\n')) {
    expect(line, what).not.toMatch(/^( {4}|\t|>|\||```|~~~)/);
    expect(line, what).not.toMatch(/<[a-z!/]|!\[/i);
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)]*)\)/g))
    expect(target, what).toMatch(/^(https:\/\/|mailto:)[^\s]+$/);
}

// A WebM is EBML: elements of an ID, a size and a body. Enough of it to read a video's length and track.
function vint(bytes: Buffer, at: number, keepMarker: boolean): { value: number; length: number; unknown: boolean } {
  const first = bytes[at]!;
  const length = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + bytes[at + i]!;
    allOnes &&= bytes[at + i] === 0xff;
  }
  return { value, length, unknown: !keepMarker && allOnes };
}
function* children(bytes: Buffer, start: number, end: number) {
  for (let at = start; at < end;) {
    const id = vint(bytes, at, true);
    const size = vint(bytes, at + id.length, false);
    const body = at + id.length + size.length;
    const stop = size.unknown ? end : body + size.value;
    yield { id: id.value, body, stop };
    at = stop;
  }
}
const child = (bytes: Buffer, parent: { body: number; stop: number }, id: number) =>
  [...children(bytes, parent.body, parent.stop)].find((c) => c.id === id);

function webmFacts(file: string) {
  const bytes = fs.readFileSync(file);
  const segment = [...children(bytes, 0, bytes.length)].find((c) => c.id === 0x18538067)!;
  const info = child(bytes, segment, 0x1549a966)!;
  const scale = child(bytes, info, 0x2ad7b1);
  const duration = child(bytes, info, 0x4489);
  const track = child(bytes, child(bytes, segment, 0x1654ae6b)!, 0xae)!;
  const readUint = (c: { body: number; stop: number }) =>
    bytes.subarray(c.body, c.stop).reduce((n, b) => n * 256 + b, 0);
  const nanosPerTick = scale ? readUint(scale) : 1_000_000;
  const ticks = duration
    ? duration.stop - duration.body === 4
      ? bytes.readFloatBE(duration.body)
      : bytes.readDoubleBE(duration.body)
    : NaN;
  return {
    seconds: (ticks * nanosPerTick) / 1e9,
    trackType: readUint(child(bytes, track, 0x83)!),
    codec: bytes.subarray(child(bytes, track, 0x86)!.body, child(bytes, track, 0x86)!.stop).toString('latin1'),
    size: bytes.length,
  };
}

describe('demo content', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    expect(await seedDemoContent(t.database.db)).toEqual(expected);
  });
  afterAll(() => t.close());

  it('fills every content table of an empty database', async () => {
    expect(await counts(t.database)).toEqual(expected);
    for (const table of tables) expect(expected[table], table).toBeGreaterThan(0);
    const home = (await t.app.inject({ method: 'GET', url: '/api/content/home' })).json().data;
    expect(home.scenes.map((s: { icon: string; tone: string }) => `${s.icon}/${s.tone}`)).toEqual([
      'checkin/violet',
      'therapy/cyan',
      'tracking/green',
      'staking/amber',
    ]);
    expect(home.partners.map((p: { name: string }) => p.name)).toEqual([
      'BNB Chain',
      'MetaMask',
      'Trust Wallet',
      'TokenPocket',
      'SafePal',
      'PancakeSwap',
    ]);
    const articles = (await t.app.inject({ method: 'GET', url: '/api/articles' })).json().data.items;
    expect(articles.map((a: { key: string }) => a.key)).toEqual([
      'agreement',
      'privacy',
      'about',
      'cooperation',
      'support',
    ]);
  });

  it('writes every text in all five languages, the home scenes as the demo writes them', async () => {
    const db = t.database.db;
    const scenes = (
      await sql<{
        title: string;
        body: string;
        icon: string;
      }>`select title, body, icon from home_scenes order by sort`.execute(db)
    ).rows;
    expect(scenes).toHaveLength(demoScenes.length);
    for (const [index, scene] of scenes.entries()) {
      const title = expectAllLanguages(scene.title, `scene ${scene.icon} title`);
      const body = expectAllLanguages(scene.body, `scene ${scene.icon} body`);
      const demo = demoScenes[index]!;
      for (const language of languages) {
        expect(title[language]).toBe(langText(demo.title, language));
        expect(body[language]).toBe(langText(demo.body, language));
      }
    }
    for (const partner of (await sql<{ name: string; link: string }>`select name, link from partners`.execute(db))
      .rows) {
      // A brand name is the same in every language: a plain value, shown as it is.
      expect(openingTags(partner.name)).toEqual([]);
      expect(partner.link).toMatch(/^https:\/\/[a-z0-9.-]+\/?$/);
    }
    for (const row of (
      await sql<{ key: string; title: string; body: string }>`select key, title, body from articles`.execute(db)
    ).rows) {
      expectAllLanguages(row.title, `${row.key} title`);
      const body = expectAllLanguages(row.body, `${row.key} body`);
      for (const language of languages) {
        const markdown = body[language];
        expectMarkdownSubset(markdown, `${row.key} ${language}`);
        expect(markdown, `${row.key} ${language}`).toMatch(/^# \S/);
        expect(markdown, `${row.key} ${language}`).toMatch(/^## \S/m);
        expect(markdown, `${row.key} ${language}`).toMatch(/^(- |1\. )/m);
        expect(markdown, `${row.key} ${language}`).toMatch(/\*\*[^*]+\*\*/);
        expect(markdown, `${row.key} ${language}`).toMatch(/\]\((https:|mailto:)/);
      }
      // A real document, not a stub: a few hundred English words.
      expect(body.en_US.split(/\s+/).length, row.key).toBeGreaterThan(200);
    }
    for (const row of (await sql<{ title: string; body: string }>`select title, body from ecology_items`.execute(db))
      .rows) {
      expectAllLanguages(row.title, 'ecology title');
      expectAllLanguages(row.body, 'ecology body');
    }
    for (const row of (
      await sql<{ title: string; summary: string; body: string }>`select title, summary, body from courses`.execute(db)
    ).rows) {
      expectAllLanguages(row.title, 'course title');
      expectAllLanguages(row.summary, 'course summary');
      const body = expectAllLanguages(row.body, 'course body');
      for (const language of languages) expectMarkdownSubset(body[language], `course ${language}`);
    }
  });

  it('uses only the icons the apps draw', async () => {
    const icons = (
      await sql<{ icon: string }>`select icon from ecology_items order by sort`.execute(t.database.db)
    ).rows.map((r) => r.icon);
    expect(icons.length).toBeGreaterThanOrEqual(4);
    expect(icons.length).toBeLessThanOrEqual(6);
    for (const icon of icons)
      expect(['checkin', 'therapy', 'tracking', 'staking', 'miner', 'market', 'team', 'college']).toContain(icon);
  });

  it('has one course open to all, one for China, one for miner holders and one for Tokyo and Seoul holders, each with its media', async () => {
    const rows = (
      await sql<{
        regions: string[];
        requires_miner: boolean;
        cover: string;
        poster: string;
        video: string;
        duration_seconds: number;
      }>`
        select regions, requires_miner, cover, poster, video, duration_seconds from courses order by sort`.execute(
        t.database.db,
      )
    ).rows;
    expect(rows.map((r) => [r.regions, r.requires_miner])).toEqual([
      [[], false],
      [['CN'], false],
      [[], true],
      [['JP-13', 'KR-11'], true],
    ]);
    for (const course of rows) {
      for (const media of [course.cover, course.poster, course.video]) {
        expect(media).toMatch(/^\/college\/[a-z0-9-]+\.(svg|webm)$/);
        expect(fs.existsSync(`${publicDir}${media.slice(1)}`), media).toBe(true);
      }
      for (const image of [course.cover, course.poster])
        expect(fs.readFileSync(`${publicDir}${image.slice(1)}`, 'utf8')).toMatch(
          /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
        );
      // The video is as long as the course says, has a video track, and stays small.
      const video = webmFacts(`${publicDir}${course.video.slice(1)}`);
      expect(Math.abs(video.seconds - course.duration_seconds), course.video).toBeLessThan(0.05);
      expect(video).toMatchObject({ trackType: 1, codec: expect.stringMatching(/^V_VP[89]$/) });
      expect(video.size, course.video).toBeLessThan(300 * 1024);
    }
  });

  it('adds nothing when seeded again', async () => {
    const database = await createTestDatabase();
    try {
      expect(await seedDemoContent(database.db)).toEqual(expected);
      expect(await seedDemoContent(database.db)).toEqual({
        home_scenes: 0,
        partners: 0,
        articles: 0,
        ecology_items: 0,
        courses: 0,
      });
      expect(await counts(database)).toEqual(expected);
    } finally {
      await database.close();
    }
  });

  it('leaves a table an operator has filled alone, and still fills the empty ones', async () => {
    const database = await createTestDatabase();
    try {
      const db = database.db;
      await sql`insert into articles (key, title, body) values ('privacy', 'en_US:::Our privacy policy', 'en_US:::Written by the operator')`.execute(
        db,
      );
      await sql`insert into partners (name, mark, color, link, published) values ('Hidden partner', 'H', '#000000', '', false)`.execute(
        db,
      );
      const seeded = await seedDemoContent(db);
      expect(seeded).toEqual({ ...expected, articles: 0, partners: 0 });
      expect((await sql<{ key: string; body: string }>`select key, body from articles`.execute(db)).rows).toEqual([
        { key: 'privacy', body: 'en_US:::Written by the operator' },
      ]);
      expect((await sql<{ name: string }>`select name from partners`.execute(db)).rows).toEqual([
        { name: 'Hidden partner' },
      ]);

      // Edits to seeded rows survive the next start.
      await sql`update courses set title = 'en_US:::Renamed' where sort = 1`.execute(db);
      await sql`delete from home_scenes where icon = 'staking'`.execute(db);
      expect(await seedDemoContent(db)).toEqual({
        home_scenes: 0,
        partners: 0,
        articles: 0,
        ecology_items: 0,
        courses: 0,
      });
      expect((await sql<{ title: string }>`select title from courses where sort = 1`.execute(db)).rows[0]!.title).toBe(
        'en_US:::Renamed',
      );
      expect(await count(database, 'home_scenes')).toBe(expected.home_scenes - 1);
    } finally {
      await database.close();
    }
  });
});
