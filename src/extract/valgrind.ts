import type { Frame } from '../types.js';
import type { Candidate } from './candidate.js';
import { languageOfPath } from './path-language.js';

/**
 * Valgrind's error reports (the Memcheck manual's "Explanation of error messages"), every line behind
 * the process id: `==4127== Invalid read of size 4`, then the stack innermost first, `==4127==    at
 * 0x10F3A2: Decoder::peek() (frame_decoder.cpp:88)` and `by 0x…: main (main.cpp:9)` lines. The kind
 * is the type (`Invalid read`, `definitely lost`), the report's first line the message.
 */
const PID = /^==\d{1,10}== ?/;
const KINDS: RegExp[] = [
  /^(Invalid (?:read|write)) of size \d{1,12}$/,
  /^(Invalid free\(\)|Mismatched free\(\)) \/ delete \/ delete ?\[\]/,
  /^(Conditional jump or move depends on uninitialised value\(s\))$/,
  /^(Use of uninitialised value) of size \d{1,12}$/,
  /^(Syscall param) \S{1,200} (?:points to|contains) (?:uninitialised|unaddressable) byte\(s\)$/,
  /^(Source and destination overlap) in \w{1,40}\(/,
  /^(Invalid alignment value): /,
  /^\S{1,20}(?: \([^)]{1,80}\))? bytes in [\d,]{1,20} blocks are (definitely lost) in loss record /,
  /^(Process terminating with default action of signal \d{1,3} \(SIG[A-Z]{2,8}\))$/,
];
/** A frame: its function, then its file and line, or the library it is in (`(in /lib/libc.so.6)`). */
const FRAME = /^\s{1,8}(?:at|by) 0x[\dA-F]{1,16}: (.{1,2000}?) \((?:in \S{1,300}|([^()\s]{1,300}):(\d{1,7}))\)$/i;

export function findValgrindErrors(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.startsWith('==')) continue;
    const pid = PID.exec(line);
    if (!pid) continue;
    const report = line.slice(pid[0].length).trim();
    let kind: string | null = null;
    for (const re of KINDS) kind ??= re.exec(report)?.[1] ?? null;
    if (!kind) continue;
    const frames: Frame[] = [];
    let k = i + 1;
    for (; k < Math.min(lines.length, i + 60); k++) {
      const l = lines[k]!;
      const p = PID.exec(l);
      const f = p ? FRAME.exec(l.slice(p[0].length)) : null;
      if (!f) break;
      if (f[2]) frames.push({ file: f[2], line: Number(f[3]), function: f[1]!.trim(), source: null });
    }
    const sourced = frames.map((f) => languageOfPath(f.file)).find((l) => l !== 'unknown');
    out.push({
      language: sourced ?? 'cpp',
      errorType: kind,
      errorMessage: report,
      frames,
      codeLines: [],
      errorText: report,
      line: i,
      strength: 3,
      innermostFirst: true,
    });
    i = k - 1;
  }
  return out;
}
