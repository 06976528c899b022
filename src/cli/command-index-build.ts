import { abandonBuild, buildIndex } from '../index/build-index.js';
import { loadDefaultEncoder } from '../encoder/load.js';
import { defaultCorpus, defaultIndexDir, knownCorpusTags } from '../paths.js';
import { EXIT } from './errors.js';
import { createProgress } from './progress.js';
import type { TagCoverage } from '../index/manifest.js';
import { languageName } from '../text/language-tags.js';

export interface IndexBuildFlags {
  corpus?: string;
  out?: string;
  dense: boolean;
  siteUrl?: string;
  tags?: string;
  defaultTags?: string;
  threads?: number;
  limit?: number;
  fts5Baseline?: boolean;
  json?: boolean;
}

export async function runIndexBuild(o: IndexBuildFlags): Promise<void> {
  const corpus = o.corpus ?? defaultCorpus();
  const out = o.out ?? defaultIndexDir();
  const progress = createProgress();
  const encoder = o.dense ? await loadDefaultEncoder({ threads: o.threads }) : null;
  // Ctrl-C: remove the unfinished index and the lock (the previous index, if any, is untouched), and say so.
  const onSigint = () => {
    const { partialRemoved, stagingKept } = abandonBuild(out);
    process.stderr.write(
      `\nsnippet-search: interrupted; ${partialRemoved ? `removed the unfinished ${partialRemoved}` : 'nothing written yet'}` +
        `, ${out} is as it was before` +
        `${stagingKept ? `; the dump import in ${stagingKept} is kept and the next build resumes it` : ''}\n`,
    );
    process.exit(EXIT.interrupted);
  };
  process.once('SIGINT', onSigint);
  let manifest;
  try {
    manifest = await buildIndex({
      corpus,
      out,
      encoder,
      siteUrl: o.siteUrl,
      tags: tagList(o.tags),
      defaultTags: o.defaultTags !== undefined ? tagList(o.defaultTags) : knownCorpusTags(corpus),
      limit: o.limit,
      fts5Baseline: o.fts5Baseline,
      onProgress: (p) => {
        const label = p.stage === 'index' ? 'indexing' : 'writing the index';
        const fraction = p.stage === 'finish' ? 1 : p.fraction;
        const encoded = p.encoded !== null && p.encoded < p.done ? ` (${count(p.encoded)} encoded)` : '';
        const eta = p.etaSeconds !== null && p.etaSeconds > 0 ? `, ETA ${duration(p.etaSeconds)}` : '';
        progress.update(
          label,
          fraction,
          `${count(p.done)} threads${encoded}, ${count(Math.round(p.threadsPerSec))} threads/s${eta}`,
        );
      },
    });
  } finally {
    process.off('SIGINT', onSigint);
  }
  progress.done(
    `Index built in ${manifest.buildSeconds}s at ${out}: ${manifest.counts.documents} threads` +
      `${manifest.encoder ? `, dense vectors (${manifest.encoder.id})` : ', BM25 only'}; ${coverageLine(manifest.tags)}.`,
  );
  if (o.json) process.stdout.write(JSON.stringify(manifest, null, 2) + '\n');
}

function tagList(list: string | undefined): string[] | undefined {
  return list
    ?.split(',')
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
}

/** "threads by language: Python 43795, Go 12; 589 without a language tag" */
function coverageLine(c: TagCoverage | undefined): string {
  if (!c) return 'no tag coverage';
  const langs = Object.entries(c.languages)
    .filter(([, n]) => n > 0)
    .map(([l, n]) => `${languageName(l)} ${n}`);
  return `threads by language: ${langs.length ? langs.join(', ') : 'none tagged'}; ${c.withoutLanguage} without a language tag`;
}

const count = (n: number) => n.toLocaleString('en-US');

/** "42s", "3m 05s", "2h 10m" */
export function duration(seconds: number): string {
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
