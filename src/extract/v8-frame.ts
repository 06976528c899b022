import type { Frame } from '../types.js';

/**
 * A V8 stack frame as Node, Chrome, Deno and Bun print it: `at fn (file:line:col)` (`at async fn (…)`)
 * or a bare location, `at file:line:col`. The last frame of an error with properties ends in ` {` (Node
 * prints them after it).
 */
export const V8_FRAME = /^\s*at (?:(?:async )?(.+?) \((.+?):(\d+):(\d+)\)|(.+?):(\d+):(\d+))\s*(?:\{\s*)?$/;

/** The frame on `line`, or null when it is no V8 frame. */
export function v8Frame(line: string): Frame | null {
  const f = V8_FRAME.exec(line);
  if (!f) return null;
  return f[2]
    ? { file: f[2], line: Number(f[3]), function: f[1]!, source: null }
    : { file: f[5]!, line: Number(f[6]), function: null, source: null };
}
