// Keeps docs/server-layout.md true to the tree (`npm run lint`): every path it names in backticks
// exists, and every top-level entry of apps/server/src is named there, so a newcomer's map never
// sends them to a folder that moved, and a new entry cannot arrive unexplained.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('..', import.meta.url));
const PATH = /`((?:apps|packages|docs|scripts)\/[^`\s]*|eslint\.config\.js)`/g;

/** The problems of `doc` (its text) against the tree at `root`: each a sentence naming the path. */
export function layoutDocProblems(doc, root = repo) {
  const problems = [];
  const named = new Set();
  for (const [, found] of doc.matchAll(PATH)) {
    // `apps/web/src/features/<feature>/` names a place to make, not one that exists.
    const exists = found.replace(/\/?<[^>]+>.*$/, '').replace(/\/$/, '');
    named.add(found.replace(/\/$/, ''));
    if (!fs.existsSync(path.join(root, exists)))
      problems.push(`docs/server-layout.md names ${found}, which does not exist`);
  }
  const src = path.join(root, 'apps/server/src');
  for (const entry of fs.readdirSync(src)) {
    if (/\.test\.ts$/.test(entry)) continue;
    if (!named.has(`apps/server/src/${entry}`))
      problems.push(`apps/server/src/${entry} is not described in docs/server-layout.md`);
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = layoutDocProblems(fs.readFileSync(path.join(repo, 'docs/server-layout.md'), 'utf8'));
  for (const problem of problems) console.error(problem);
  process.exit(problems.length ? 1 : 0);
}
