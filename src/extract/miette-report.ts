import { type Candidate, candidate } from './candidate.js';

/**
 * A diagnostic report in the shape Rust's `miette` and `anyhow` chains print, as uv (and uvx, pixi,
 * rattler) do: the error after `×`, each cause below it after `├─▶` and the last after `╰─▶`, lines
 * of a long one continued behind `│` or indented; without Unicode (a Windows console) `x`, `|->` and
 * `` `-> ``:
 *
 *       × No solution found when resolving dependencies:
 *       ╰─▶ Because only numpy<2.0.0 is available and your project depends on numpy>=2.0.0, we can
 *           conclude that your project's requirements are unsatisfiable.
 *
 * The failure is the error with its first cause: "No solution found when resolving dependencies:
 * Because only …". A head needs a cause below it: a lone `×` is other tools' mark (Vitest's failed test,
 * Biome's diagnostic). The report names no class; a build's own output inside it (its `[stderr]`) may
 * name a more specific failure, which other readers find and rank above this one.
 */
const HEAD = /^\s{0,4}(?:×|x(?= [A-Z`])) (\S.{0,1000})$/;
const CAUSE = /^\s{0,4}(?:[├╰]─▶|\|->|`->) (\S.{0,1000})$/;
const CONTINUED = /^\s{0,4}│ {1,3}(\S.{0,1000})$/;

export function findMietteReports(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('× ') && !line.includes('x ')) continue;
    const head = HEAD.exec(line);
    if (!head) continue;
    const parts = [head[1]!.trim()];
    let k = i + 1;
    for (; k < Math.min(lines.length, i + 6); k++) {
      const c = CONTINUED.exec(lines[k]!);
      if (!c) break;
      parts.push(c[1]!.trim());
    }
    const cause = k < lines.length ? CAUSE.exec(lines[k]!) : null;
    if (!cause) continue;
    const causeText = [cause[1]!.trim()];
    // The cause's own lines, indented under its text, to a blank line or the next arrow.
    const indent = lines[k]!.search(/\S/) + 4;
    for (let j = k + 1; j < Math.min(lines.length, k + 12); j++) {
      const l = lines[j]!;
      if (!l.trim() || CAUSE.test(l) || l.search(/\S/) < indent || /^\s*(?:help|hint):/.test(l)) break;
      causeText.push(l.trim());
    }
    const error = parts.join(' ');
    const message = `${error}${error.endsWith(':') ? ' ' : ': '}${causeText.join(' ')}`;
    out.push(candidate(reportLanguage(lines), null, message, `${line.trim()}\n${lines[k]!.trim()}`, i, 2.5));
    i = k;
  }
  return out;
}

/** uv's and pixi's reports are about Python packages; otherwise the report's tool is not known here. */
function reportLanguage(lines: string[]): string {
  const python = /\b(?:uv|uvx|pip|pixi|pyproject\.toml|wheels?|build_wheel|Python|python_(?:full_)?version)\b/;
  return lines.some((l) => python.test(l)) ? 'python' : 'unknown';
}
