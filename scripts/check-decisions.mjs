// docs/decisions/: one file per decision, `NNN-title.md`, numbered 1, 2, 3… without a gap, each opening
// with `# N. Title` and a status line `*YYYY-MM-DD · accepted|amended by N…|superseded by N…*`; its
// README.md indexes them all, in order, with the same titles and statuses. `npm run lint` runs this;
// `node scripts/check-decisions.mjs --write` rewrites the index from the files.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const directory = fileURLToPath(new URL('../docs/decisions/', import.meta.url));
const indexFile = path.join(directory, 'README.md');
const statusPattern = /^\*(\d{4}-\d\d-\d\d) · ((?:accepted|amended by \d+|superseded by (?:decision )?\d+)[^*]*)\*$/;

/** Every problem of the decision files, and the index they call for. */
export function readDecisions(dir = directory) {
  const problems = [];
  const decisions = [];
  const files = fs
    .readdirSync(dir)
    .filter((name) => name !== 'README.md')
    .sort();
  for (const name of files) {
    const match = /^(\d{3})-[a-z0-9]+(?:-[a-z0-9]+)*\.md$/.exec(name);
    if (!match) {
      problems.push(`${name}: a decision's file is named NNN-title.md (lower case, dashes)`);
      continue;
    }
    const number = Number(match[1]);
    const lines = fs.readFileSync(path.join(dir, name), 'utf8').split('\n');
    const heading = /^# (\d+)\. (.+)$/.exec(lines[0]);
    if (!heading || Number(heading[1]) !== number) {
      problems.push(`${name}: its first line is "# ${number}. Title"`);
      continue;
    }
    const status = statusPattern.exec(lines[2] ?? '');
    if (lines[1] !== '' || !status) {
      problems.push(
        `${name}: its third line is the status, "*YYYY-MM-DD · accepted*" (or amended by N, superseded by N)`,
      );
      continue;
    }
    decisions.push({ number, name, title: heading[2], date: status[1], status: status[2] });
  }
  decisions.forEach((decision, index) => {
    if (decision.number !== index + 1) problems.push(`${decision.name}: decision ${index + 1} is missing before it`);
  });
  return { problems, decisions };
}

const cell = (text) => text.replaceAll('|', '\\|');

/** The index README.md, as the files call for it. */
export function indexOf(decisions) {
  return [
    '# Decisions',
    '',
    'Product and engineering decisions where the spec is silent: one file each, `NNN-title.md`, with',
    'its context, the decision, why, and consequences. Each opens with the date it was taken and its',
    'status: accepted, amended by a later decision (named) or superseded by one (named). A new decision',
    'takes the next number; `npm run lint` checks the files and this index',
    '(`node scripts/check-decisions.mjs --write` rewrites the index from them).',
    '',
    '| № | decision | taken | status |',
    '|---|---|---|---|',
    ...decisions.map(
      ({ number, name, title, date, status }) =>
        `| ${number} | [${cell(title)}](${name}) | ${date} | ${cell(status)} |`,
    ),
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { problems, decisions } = readDecisions();
  const expected = indexOf(decisions);
  if (process.argv.includes('--write') && problems.length === 0) fs.writeFileSync(indexFile, expected);
  const actual = fs.existsSync(indexFile) ? fs.readFileSync(indexFile, 'utf8') : '';
  if (problems.length === 0 && actual !== expected)
    problems.push('README.md: the index is not in step with the files; run node scripts/check-decisions.mjs --write');
  if (problems.length > 0) {
    console.error(`decisions: ${problems.length} problem(s) in docs/decisions/\n  ${problems.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`decisions: ${decisions.length} files, numbered 1–${decisions.length}, each with its status, indexed`);
}
