/**
 * Progress for long jobs: a redrawn bar on a terminal, a plain line every few seconds otherwise
 * (CI logs, pipes). Written to stderr so stdout stays clean for `--json`.
 */
export interface Progress {
  update(label: string, fraction: number | null, detail?: string): void;
  done(message: string): void;
}

export function createProgress(stream: NodeJS.WriteStream = process.stderr, intervalMs = 5000): Progress {
  const tty = !!stream.isTTY;
  let last = 0;
  let lastLabel = '';
  return {
    update(label, fraction, detail = '') {
      const now = Date.now();
      if (tty) {
        if (now - last < 100 && label === lastLabel) return;
        const width = 30;
        const bar =
          fraction === null
            ? ''
            : `[${'#'.repeat(Math.round(fraction * width)).padEnd(width, '.')}] ${(fraction * 100).toFixed(0).padStart(3)}% `;
        stream.write(`\r\x1b[2K${label} ${bar}${detail}`);
      } else {
        if (now - last < intervalMs && label === lastLabel) return;
        stream.write(
          `${label}${fraction === null ? '' : ` ${(fraction * 100).toFixed(0)}%`}${detail ? ` ${detail}` : ''}\n`,
        );
      }
      last = now;
      lastLabel = label;
    },
    done(message) {
      stream.write(`${tty ? '\r\x1b[2K' : ''}${message}\n`);
    },
  };
}
