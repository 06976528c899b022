import stripAnsi from 'strip-ansi';

/**
 * Removes what CI systems wrap around a program's output: ANSI colour, GitHub Actions timestamps and
 * `##[group]` / `##[endgroup]` / `##[error]` markers and workflow commands, and carriage-return progress
 * redraws. Line structure is kept: one framed line per input line.
 *
 * Every line is cut at {@link MAX_LINE} characters before any pattern sees it, and trailing whitespace
 * is removed with `trimEnd()` (a `/\s+$/` replace is quadratic on a long run of spaces).
 */
const ACTIONS_TIMESTAMP = /^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
const ACTIONS_MARKER = /^##\[(group|endgroup|section|command|debug|notice|warning|error)\]/;
const WORKFLOW_COMMAND = /^::(error|warning|notice|debug|group|endgroup|add-mask)[^:]{0,400}::/;

/** Lines longer than this are cut before matching, so no pattern ever sees a huge line. */
export const MAX_LINE = 4000;

export interface FramedLine {
  text: string;
  /** The Actions marker or workflow command on this line (`error`, `warning`, `group`…), if any. */
  marker: string | null;
}

/** An application program command: `ESC _`, its text, then BEL or `ESC \`. */
// eslint-disable-next-line no-control-regex -- the escape and bell bytes are the sequence itself
const APC = /\x1b_[^\x07\x1b]{0,500}(?:\x07|\x1b\\)/g;

export function stripCiFraming(text: string): FramedLine[] {
  const out: FramedLine[] = [];
  for (let raw of text.split('\n')) {
    // A progress bar redrawn with \r: keep what was last drawn (a CRLF's \r is not a redraw).
    if (raw.endsWith('\r')) raw = raw.slice(0, -1);
    const cr = raw.lastIndexOf('\r');
    if (cr >= 0) raw = raw.slice(cr + 1);
    // Cut before ANSI removal too: a colour code costs nothing, an 8 MiB line costs every pattern.
    if (raw.length > MAX_LINE * 2) raw = raw.slice(0, MAX_LINE * 2);
    // Buildkite stamps each line with an APC sequence, `ESC _bk;t=1750348889042 BEL`, which strip-ansi
    // leaves (it removes CSI and OSC sequences).
    if (raw.includes('\x1b_')) raw = raw.replace(APC, '');
    raw = stripAnsi(raw);
    if (raw.length > MAX_LINE) raw = raw.slice(0, MAX_LINE);
    let line = raw.replace(ACTIONS_TIMESTAMP, '');
    let marker: string | null = null;
    const m = ACTIONS_MARKER.exec(line) ?? WORKFLOW_COMMAND.exec(line);
    if (m) {
      marker = m[1]!;
      line = line.slice(m[0].length);
    }
    out.push({ text: line.trimEnd(), marker });
  }
  return out;
}
