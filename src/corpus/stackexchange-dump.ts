import Database from 'better-sqlite3';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SaxesParser } from 'saxes';
import { readLinesWithOffsets } from './line-stream.js';
import { CorpusError, type RawThread } from './thread.js';

export interface DumpOptions {
  /** Base URL of the site the dump is from; question URLs are `<site>/questions/<id>`. */
  siteUrl?: string;
  /** Keep only questions carrying at least one of these tags (all when empty). */
  tags?: string[];
  /** Where the staging database lives (kept between runs so an interrupted import resumes). */
  stagingDir: string;
  onProgress?: (p: { file: string; bytesRead: number; totalBytes: number; rows: number }) => void;
  /** Rows between checkpoints (default 5000). */
  commitEvery?: number;
}

const STAGING_VERSION = 1;
const COMMIT_EVERY = 5000;

/**
 * Reads an official StackExchange data dump directory (`Posts.xml`, optional `PostLinks.xml`).
 *
 * Rows are streamed through a real XML parser (saxes) into a SQLite staging database with a byte-offset
 * checkpoint per file, so memory stays flat on the 90 GB StackOverflow dump and an interrupted import
 * resumes where it stopped. Answers may precede their question in file order; threads are assembled
 * after staging: each question with its accepted answer, else its highest-scored one.
 */
export async function* readStackExchangeDump(dir: string, opts: DumpOptions): AsyncGenerator<RawThread> {
  const posts = join(dir, 'Posts.xml');
  if (!existsSync(posts)) {
    throw new CorpusError('no Posts.xml here: point --corpus at an unpacked StackExchange dump directory', dir, null);
  }
  mkdirSync(opts.stagingDir, { recursive: true });
  const db = new Database(join(opts.stagingDir, 'staging.sqlite'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    prepareStaging(db);
    await stageFile(db, posts, 'posts', opts);
    const links = join(dir, 'PostLinks.xml');
    if (existsSync(links)) await stageFile(db, links, 'links', opts);
    yield* assembleThreads(db, opts);
  } finally {
    db.close();
  }
}

function prepareStaging(db: Database.Database): void {
  db.exec(`
    CREATE TABLE IF NOT EXISTS staging_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    CREATE TABLE IF NOT EXISTS progress (file TEXT PRIMARY KEY, size INTEGER, mtime REAL, offset INTEGER, line INTEGER, done INTEGER);
    CREATE TABLE IF NOT EXISTS questions (id INTEGER PRIMARY KEY, title TEXT, body TEXT, tags TEXT, score INTEGER, accepted INTEGER);
    CREATE TABLE IF NOT EXISTS answers (id INTEGER PRIMARY KEY, parent INTEGER, score INTEGER, body TEXT);
    CREATE INDEX IF NOT EXISTS answers_parent ON answers(parent);
    CREATE TABLE IF NOT EXISTS links (post INTEGER, related INTEGER, type INTEGER, PRIMARY KEY (post, related, type));
  `);
  const v = db.prepare(`SELECT value FROM staging_meta WHERE key = 'version'`).get() as { value: string } | undefined;
  if (!v) db.prepare(`INSERT INTO staging_meta VALUES ('version', ?)`).run(String(STAGING_VERSION));
  else if (v.value !== String(STAGING_VERSION)) {
    throw new CorpusError(
      `staging database is version ${v.value}, expected ${STAGING_VERSION}: delete this directory and run again`,
      db.name,
      null,
    );
  }
}

async function stageFile(
  db: Database.Database,
  file: string,
  kind: 'posts' | 'links',
  opts: DumpOptions,
): Promise<void> {
  const st = statSync(file);
  const prev = db.prepare(`SELECT * FROM progress WHERE file = ?`).get(file) as
    { size: number; mtime: number; offset: number; line: number; done: number } | undefined;
  let startOffset = 0;
  let startLine = 1;
  if (prev && prev.size === st.size && prev.mtime === st.mtimeMs) {
    if (prev.done) return;
    startOffset = prev.offset;
    startLine = prev.line;
  } else if (prev) {
    // The file changed since the last run: its staged rows are stale.
    db.exec(kind === 'posts' ? 'DELETE FROM questions; DELETE FROM answers;' : 'DELETE FROM links;');
  }

  const insQ = db.prepare(`INSERT OR REPLACE INTO questions VALUES (?, ?, ?, ?, ?, ?)`);
  const insA = db.prepare(`INSERT OR REPLACE INTO answers VALUES (?, ?, ?, ?)`);
  const insL = db.prepare(`INSERT OR IGNORE INTO links VALUES (?, ?, ?)`);
  const saveProgress = db.prepare(`INSERT OR REPLACE INTO progress VALUES (?, ?, ?, ?, ?, ?)`);

  const parser = new SaxesParser({ xmlns: false, position: true });
  let parseError: Error | null = null;
  let rows = 0;
  let currentLine = startLine;
  parser.on('error', (e) => {
    parseError ??= e;
  });
  parser.on('opentag', (tag) => {
    if (tag.name !== 'row') return;
    const a = tag.attributes as Record<string, string>;
    rows++;
    if (kind === 'links') {
      const post = toInt(a.PostId);
      const related = toInt(a.RelatedPostId);
      if (post !== null && related !== null) insL.run(post, related, toInt(a.LinkTypeId) ?? 0);
      return;
    }
    const id = toInt(a.Id);
    if (id === null) return;
    const type = a.PostTypeId;
    if (type === '1') {
      insQ.run(id, a.Title ?? '', a.Body ?? '', parseTags(a.Tags ?? ''), toInt(a.Score), toInt(a.AcceptedAnswerId));
    } else if (type === '2') {
      const parent = toInt(a.ParentId);
      if (parent !== null) insA.run(id, parent, toInt(a.Score) ?? 0, a.Body ?? '');
    }
  });

  db.exec('BEGIN');
  let sinceCommit = 0;
  let lastOffset: number;
  try {
    if (startOffset > 0) parser.write(kind === 'posts' ? '<posts>' : '<postlinks>');
    let first = startOffset === 0;
    for await (const { text, endOffset, lineNo } of readLinesWithOffsets(file, startOffset, startLine)) {
      currentLine = lineNo;
      let line = text;
      if (first) {
        line = line.replace(/^\uFEFF/, '');
        first = false;
      }
      parser.write(line + '\n');
      if (parseError) break;
      lastOffset = endOffset;
      if (rows - sinceCommit >= (opts.commitEvery ?? COMMIT_EVERY) && /\/>\s*$|<\/row>\s*$/.test(line)) {
        saveProgress.run(file, st.size, st.mtimeMs, lastOffset, lineNo + 1, 0);
        db.exec('COMMIT');
        db.exec('BEGIN');
        sinceCommit = rows;
        opts.onProgress?.({ file, bytesRead: endOffset, totalBytes: st.size, rows });
      }
    }
    if (!parseError) parser.close();
  } catch (e) {
    parseError ??= e as Error;
  }
  if (parseError) {
    // Keep what was staged up to the last whole row, so a fixed or completed file resumes there.
    db.exec('COMMIT');
    throw new CorpusError(
      `XML error: ${(parseError as Error).message.replace(/^.*?:\d+:\d+: /, '')} (is the file truncated or not a StackExchange dump?)`,
      file,
      currentLine,
    );
  }
  saveProgress.run(file, st.size, st.mtimeMs, st.size, currentLine, 1);
  db.exec('COMMIT');
  opts.onProgress?.({ file, bytesRead: st.size, totalBytes: st.size, rows });
}

function* assembleThreads(db: Database.Database, opts: DumpOptions): Generator<RawThread> {
  let site = opts.siteUrl ?? 'https://stackoverflow.com';
  while (site.endsWith('/')) site = site.slice(0, -1);
  const wanted = new Set((opts.tags ?? []).map((t) => t.toLowerCase()));
  const answersOf = db.prepare(`SELECT id, score, body FROM answers WHERE parent = ? ORDER BY score DESC, id ASC`);
  const questions = db.prepare(`SELECT * FROM questions ORDER BY id`).iterate() as Iterable<{
    id: number;
    title: string;
    body: string;
    tags: string;
    score: number | null;
    accepted: number | null;
  }>;
  for (const q of questions) {
    const tags = q.tags ? q.tags.split(' ') : [];
    if (wanted.size > 0 && !tags.some((t) => wanted.has(t))) continue;
    const answers = answersOf.all(q.id) as { id: number; score: number; body: string }[];
    const acceptedIdx = q.accepted === null ? -1 : answers.findIndex((a) => a.id === q.accepted);
    if (acceptedIdx > 0) answers.unshift(...answers.splice(acceptedIdx, 1));
    yield {
      id: q.id,
      url: `${site}/questions/${q.id}/${slug(q.title)}`,
      title: q.title,
      questionHtml: q.body,
      answers: answers.map((a) => ({ id: a.id, html: a.body, score: a.score })),
      tags,
      score: q.score,
      split: null,
    };
  }
}

/** Duplicate links (`LinkTypeId=3`) whose both ends were staged. */
export function readDuplicateLinks(stagingDir: string): Array<[number, number]> {
  const db = new Database(join(stagingDir, 'staging.sqlite'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT l.post, l.related FROM links l JOIN questions a ON a.id = l.post JOIN questions b ON b.id = l.related WHERE l.type = 3`,
      )
      .raw()
      .all() as Array<[number, number]>;
  } finally {
    db.close();
  }
}

/** Tags as stored in dumps: `<a><b>` (older) or `|a|b|` (2024+). */
export function parseTags(raw: string): string {
  const tags = raw.includes('<') ? [...raw.matchAll(/<([^<>]+)>/g)].map((m) => m[1]!) : raw.split('|').filter(Boolean);
  return tags.join(' ');
}

function toInt(v: string | undefined): number | null {
  if (v === undefined || v === '') return null;
  const n = Number.parseInt(v, 10);
  return Number.isFinite(n) ? n : null;
}

function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}
