import type { Frame } from '../types.js';
import type { Candidate } from './candidate.js';
import { languageOfPath } from './path-language.js';

/**
 * A debugger's report of a native crash, as GDB and LLDB document it:
 * - GDB stops on a signal with `Program received signal SIGSEGV, Segmentation fault.` (`Thread 2 "worker"
 *   received signal SIGABRT, Aborted.` in a threaded program); on a core file it says `Program
 *   terminated with signal SIGSEGV, Segmentation fault.` (old versions print the number: `signal 11`).
 *   The innermost frame follows (`#0  0x… in parse (buf=0x0) at parse.c:41`, its arguments sometimes
 *   wrapped over more lines), then that line's source (`41\t  return buf[0];`); `bt` prints every frame.
 * - LLDB: `* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x0)`
 *   on macOS, `stop reason = signal SIGSEGV: invalid address (fault address: 0x0)` on Linux, then
 *   `frame #0: 0x… a.out\`parse at parse.c:41:10`.
 * The failure is the signal (or the Mach exception); its language is that of the first frame with a
 * source file.
 */
const GDB_SIGNAL =
  /^(?:Program|Thread \d{1,6}(?: "[^"\n]{0,100}")?) (?:received|terminated with) signal (SIG[A-Z]{2,8}|\d{1,2}), ([^.\n]{1,80})\.?\s*$/;
const LLDB_STOP =
  /^\* thread #\d{1,6}, .{0,300}?stop reason = (?:signal )?(EXC_[A-Z_]{2,40}|SIG[A-Z]{2,8})(?::? (.{1,300}))?$/;
const GDB_FRAME = /^#(\d{1,4}) {1,2}(?:0x[\da-f]{1,16} in )?(\S{1,300}) \(/;
const GDB_AT = /\bat (\S{1,300}?):(\d{1,7})\s*$/;
const LLDB_FRAME =
  /^\s{0,8}(?:\* )?frame #(\d{1,4}): 0x[\da-f]{1,16} [^`\n]{0,200}`([^\s(]{1,300})(?:.{0,400}? at (\S{1,300}?):(\d{1,7})(?::\d{1,5})?)?.{0,400}$/;
/** LLDB's source listing marks the stopped line: `-> 14  \t    return w_;`. */
const LLDB_CURRENT = /^->\s{1,4}(\d{1,7})\s+(\S.*)$/;
/** GDB's stop location, the innermost frame without its number: `0x… in next_token (state=0x0) at lexer.c:57`. */
const GDB_STOP_FRAME = /^(?:0x[\da-f]{1,16} in )?([A-Za-z_][\w:~<>,.]{0,300}) \(/;
const SOURCE_LINE = /^(\d{1,7})\t(\s*\S.*)$/;
const NO_SOURCE = /^\s*\S{1,300}: No such file or directory\.$/;
/** The C library's own sources, as its debug info names them: the crash is reported from them, not made there. */
const SYSTEM_SOURCE = /^(?:\.{1,2}\/)?(?:nptl|sysdeps|stdlib|string|malloc|libio|posix|signal|csu|elf)\/|^\/usr\//;

export function findNativeCrashes(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line.includes('signal') && !line.includes('stop reason')) continue;
    const gdb = GDB_SIGNAL.exec(line.trim());
    const lldb = gdb ? null : LLDB_STOP.exec(line.trim());
    if (!gdb && !lldb) continue;
    const frames = gdb ? gdbFrames(lines, i + 1) : lldbFrames(lines, i + 1);
    const signal = gdb ? (/^\d/.test(gdb[1]!) ? `signal ${gdb[1]!}` : gdb[1]!) : lldb![1]!;
    const message = ((gdb ? gdb[2] : lldb![2]) ?? '').trim();
    const source = frames.find((f) => f.source !== null)?.source ?? null;
    out.push({
      language: languageOfFrames(frames),
      errorType: signal,
      errorMessage: message,
      frames,
      codeLines: source ? [source] : [],
      errorText: line.trim(),
      line: i,
      strength: 3,
      innermostFirst: true,
    });
  }
  return out;
}

/** GDB's frames below its stop line, innermost first, until the stack (and its `bt`) ends. */
function gdbFrames(lines: string[], from: number): Frame[] {
  const frames: Frame[] = [];
  const seen = new Set<string>();
  let current: Frame | null = null;
  for (let k = from; k < Math.min(lines.length, from + 200); k++) {
    const l = lines[k]!;
    // GDB's notices (`[Switching to Thread 0x7ffff6dff640 (LWP 4711)]`) may come before the stop location.
    if (frames.length === 0 && l.startsWith('[')) continue;
    const stop = frames.length === 0 && k - from < 3 ? GDB_STOP_FRAME.exec(l) : null;
    const f = GDB_FRAME.exec(l) ?? (stop ? ['', '0', stop[1]!] : null);
    if (f) {
      // A frame printed at the stop and again by `bt` is one frame.
      current = seen.has(f[1]!) ? null : { file: '', line: null, function: f[2]!, source: null };
      seen.add(f[1]!);
      if (current) frames.push(current);
      const at = GDB_AT.exec(l);
      if (at && current) [current.file, current.line] = [at[1]!, Number(at[2])];
      continue;
    }
    const t = l.trim();
    if (!t || t.startsWith('(gdb)')) continue;
    const at = GDB_AT.exec(t);
    if (current && !current.file && at) {
      [current.file, current.line] = [at[1]!, Number(at[2])];
      continue;
    }
    const src = SOURCE_LINE.exec(l) ?? /^(\d{1,7})\s{2,}(\S.*)$/.exec(l);
    const last = frames.at(-1);
    // Without the sources GDB says so where the line would be: `44\t./nptl/pthread_kill.c: No such file or directory.`
    if (src && last && last.line === Number(src[1])) {
      if (last.source === null && !NO_SOURCE.test(src[2]!)) last.source = src[2]!.trim();
      continue;
    }
    // A wrapped argument list goes on indented; anything else after the frames ends them, and a stop
    // with no frame within its first lines has none to read.
    if (frames.length ? /^\s/.test(l) || l.startsWith('$') : k - from < 3) continue;
    break;
  }
  return frames;
}

/** LLDB's `frame #N:` lines below its stop reason, innermost first. */
function lldbFrames(lines: string[], from: number): Frame[] {
  const frames: Frame[] = [];
  for (let k = from; k < Math.min(lines.length, from + 200); k++) {
    const f = LLDB_FRAME.exec(lines[k]!);
    if (!f) {
      const current = LLDB_CURRENT.exec(lines[k]!.trim());
      const innermost = frames[0];
      if (current && innermost && innermost.line === Number(current[1])) innermost.source ??= current[2]!.trim();
      if (frames.length === 0 ? k - from >= 2 : lines[k]!.trim() && !/^\s{0,8}(?:->|\d{1,7}(?:\s|$))/.test(lines[k]!))
        break;
      continue;
    }
    frames.push({ file: f[3] ?? '', line: f[4] ? Number(f[4]) : null, function: f[2]!, source: null });
  }
  return frames;
}

/** The language of the innermost frame in the program's own sources (the C library's frames only as a last resort). */
function languageOfFrames(frames: Frame[]): string {
  const known = (f: Frame) => languageOfPath(f.file) !== 'unknown';
  const own = frames.find((f) => known(f) && !SYSTEM_SOURCE.test(f.file)) ?? frames.find(known);
  return own ? languageOfPath(own.file) : 'unknown';
}
