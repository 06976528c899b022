import stripAnsi from 'strip-ansi';

/**
 * Removes what CI systems wrap around a program's output: ANSI colour, GitHub Actions timestamps and
 * `##[group]` / `##[endgroup]` / `##[error]` markers and workflow commands, PowerShell's
 * `NativeCommandError` wrapper, and carriage-return progress redraws. Line structure is kept.
 */
const ACTIONS_TIMESTAMP = /^\uFEFF?\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z ?/;
const ACTIONS_MARKER = /^##\[(group|endgroup|section|command|debug|notice|warning|error)\]/;
const WORKFLOW_COMMAND = /^::(error|warning|notice|debug|group|endgroup|add-mask)[^:]*::/;

export interface FramedLine {
  text: string;
  /** The Actions marker or workflow command on this line (`error`, `warning`, `group`…), if any. */
  marker: string | null;
}

export function stripCiFraming(text: string): FramedLine[] {
  const out: FramedLine[] = [];
  for (let raw of stripAnsi(text).split('\n')) {
    // A progress bar redrawn with \r: keep what was last drawn.
    const cr = raw.lastIndexOf('\r');
    if (cr >= 0) raw = raw.slice(cr + 1);
    let line = raw.replace(ACTIONS_TIMESTAMP, '');
    let marker: string | null = null;
    const m = ACTIONS_MARKER.exec(line) ?? WORKFLOW_COMMAND.exec(line);
    if (m) {
      marker = m[1]!;
      line = line.slice(m[0].length);
    }
    out.push({ text: line.replace(/\s+$/, ''), marker });
  }
  return out;
}
