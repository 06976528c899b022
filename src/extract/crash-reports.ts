import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

/**
 * Crash reports that a runtime or the OS writes when a process dies of a native fault, as each
 * documents them:
 * - HotSpot's fatal error report, printed to the console before `hs_err_pid….log` is written: `# A fatal
 *   error has been detected by the Java Runtime Environment:`, then `#  SIGSEGV (0xb) at pc=0x…, pid=…,
 *   tid=…` (`EXCEPTION_ACCESS_VIOLATION (0xc0000005)` on Windows) and `# Problematic frame:` over the frame
 *   (`# C  [libfoo.so+0x1f2e]  decode+0x83`). When the JVM could not get memory it says `# There is
 *   insufficient memory for the Java Runtime Environment to continue.` and what failed (`# Native memory
 *   allocation (mmap) failed to map 262144 bytes for committing reserved memory.`). A forked test JVM's
 *   lines may come behind Surefire's `SUREFIRE-859: ` marker.
 * - Chromium's crash handler (Chrome, Electron, Qt WebEngine, CEF apps) on Linux and macOS: `Received
 *   signal 11 SEGV_MAPERR 000000000021`, the signal's number, its `si_code` and the fault address, then
 *   its own stack (`#0 0x55d1… base::debug::CollectStackTrace()`). The code is the type.
 * - macOS's crash report (`.ips` as text, the "Problem Report" dialog): `Exception Type:  EXC_BAD_ACCESS
 *   (SIGSEGV)`, `Exception Codes: KERN_INVALID_ADDRESS at 0x0000000000000000`, later `Thread 0 Crashed::`
 *   and its frames (`0   libsystem_c.dylib   0x00007ff… strlen + 18`). The Mach exception is the type,
 *   its codes the message.
 */
const HOTSPOT_HEAD = /^#\s{1,4}A fatal error has been detected by the Java Runtime Environment:$/;
const HOTSPOT_MEMORY = /^#\s{1,4}There is insufficient memory for the Java Runtime Environment to continue\.$/;
const HOTSPOT_SIGNAL = /^#\s{1,4}((SIG[A-Z]{2,8}|EXCEPTION_[A-Z_]{3,40}) \(0x[\da-f]{1,8}\) at pc=\S.{0,300})$/;
const HOTSPOT_ALLOCATION =
  /^#\s{1,4}(Native memory allocation \(\w{1,20}\) failed .{1,300}|Out of Memory Error .{1,300})$/;
const HOTSPOT_FRAME = /^#\s{1,4}[CVJjvA] {1,4}(\S.{0,400})$/;
const SUREFIRE_MARK = /^SUREFIRE-859: /;
const CHROMIUM_SIGNAL = /^Received signal \d{1,2} ([A-Z][A-Z_]{2,20}|<unknown>)(?: [\da-f]{1,16})?$/;
const MAC_EXCEPTION = /^Exception Type:\s{1,12}(EXC_[A-Z_]{2,40})(?: \((SIG[A-Z]{2,8})\))?\s*$/;
const MAC_CODES = /^Exception Codes:\s{1,12}(\S.{0,300})$/;
const MAC_CRASHED = /^Thread \d{1,4} Crashed:/;
const MAC_FRAME = /^\d{1,4}\s+(\S{1,200})\s+0x[\da-f]{1,16} (\S.{0,300})$/;

export function findCrashReports(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim().replace(SUREFIRE_MARK, '');
    if (line.startsWith('#')) {
      const hotspot = HOTSPOT_HEAD.test(line) || HOTSPOT_MEMORY.test(line) ? hotspotReport(lines, i) : null;
      if (hotspot) out.push(hotspot);
      continue;
    }
    const chromium = line.startsWith('Received signal ') ? CHROMIUM_SIGNAL.exec(line) : null;
    if (chromium) {
      out.push(candidate('cpp', chromium[1]!, line, line, i, 3));
      continue;
    }
    const mac = line.startsWith('Exception Type:') ? MAC_EXCEPTION.exec(line) : null;
    if (mac) {
      const codes = MAC_CODES.exec(lines[i + 1]?.trim() ?? '');
      const message = codes ? codes[1]!.trim() : (mac[2] ?? '');
      out.push({ ...candidate('unknown', mac[1]!, message, line, i, 3, macFrames(lines, i)), innermostFirst: true });
    }
  }
  return out;
}

/** HotSpot's report from its head at line `i`: the signal and the problematic frame, or the allocation that failed. */
function hotspotReport(lines: string[], i: number): Candidate | null {
  const text = (k: number) => (lines[k] ?? '').trim().replace(SUREFIRE_MARK, '');
  for (let k = i + 1; k < Math.min(lines.length, i + 8); k++) {
    const signal = HOTSPOT_SIGNAL.exec(text(k));
    if (signal) {
      const frames: Frame[] = [];
      for (let f = k + 1; f < Math.min(lines.length, k + 12) && !frames.length; f++) {
        if (!/^#\s{1,4}Problematic frame:$/.test(text(f))) continue;
        const frame = HOTSPOT_FRAME.exec(text(f + 1));
        if (frame) frames.push({ file: '', line: null, function: frame[1]!.trim(), source: null });
      }
      return candidate('java', signal[2]!, signal[1]!.trim(), text(k), k, 3, frames);
    }
    const memory = HOTSPOT_ALLOCATION.exec(text(k));
    if (memory) return candidate('java', null, memory[1]!.trim(), text(k), k, 3);
  }
  return null;
}

/** The crashed thread's frames (`Thread 0 Crashed::` and its numbered lines), innermost first. */
function macFrames(lines: string[], from: number): Frame[] {
  for (let k = from; k < Math.min(lines.length, from + 80); k++) {
    if (!MAC_CRASHED.test(lines[k]!.trim())) continue;
    const frames: Frame[] = [];
    for (let f = k + 1; f < Math.min(lines.length, k + 60); f++) {
      const m = MAC_FRAME.exec(lines[f]!.trim());
      if (!m) break;
      frames.push({ file: m[1]!, line: null, function: m[2]!.trim(), source: null });
    }
    return frames;
  }
  return [];
}
