import type { Frame } from '../types.js';
import type { Candidate } from './candidate.js';

/** The Dart VM's report of an uncaught error: this line, then the error's `toString()`, then its stack. */
const VM_UNHANDLED = /^Unhandled exception:$/;
/** Flutter's (the engine logs it, behind `[ERROR:…dart_vm_initializer.cc(41)]`, stripped upstream). */
const FLUTTER_UNHANDLED = /^Unhandled Exception: (\S.{0,2000})$/;
/** A qualified class first (`System.IO.IOException: …`): .NET Framework's report, never Dart's. */
const DOTTED = /^[a-z_]\w{0,80}(?:\.\w{1,80})+(?::|\s|$)/i;
/** The framework's error box: `══╡ EXCEPTION CAUGHT BY WIDGETS LIBRARY ╞═══…`. */
const FLUTTER_BOX = /^═+╡ EXCEPTION CAUGHT BY [A-Z][A-Z ]{0,80} ╞═*$/;
/** Its first sentence: `The following _TypeError was thrown building Foo(dirty):`. */
const FLUTTER_THROWN = /^The following (.{1,120}?) was thrown\b.{0,500}:$/;
/** A stack frame: `#0      main (file:///home/u/bin/main.dart:3:11)`, `#1 … (package:x/y.dart:12)`. */
const FRAME = /^#(\d{1,4})\s+(.{1,300}?) \((\S{1,500}?):(\d{1,7})(?::\d{1,5})?\)$/;
/**
 * The `toString()` of Dart's errors: `FormatException: …`, `RangeError (index): …`, `Exception: …`, and
 * those whose text names no class, as `dart:core` words them.
 */
const NAMED = /^((?:_?[A-Z]\w{0,80})?(?:Exception|Error))(?: \([^)\n]{1,80}\))?: ?(.*)$/;
const CALL_FORM = /^([A-Z]\w{0,80}Exception)\((.{0,2000})\)$/;
const UNNAMED: [RegExp, string][] = [
  [/^Bad state: /, 'StateError'],
  [/^Invalid argument(?:\(s\))?(?: \(\w{1,80}\))?: /, 'ArgumentError'],
  [/^Unsupported operation: /, 'UnsupportedError'],
  [/^Concurrent modification during iteration/, 'ConcurrentModificationError'],
];

/**
 * Dart and Flutter: the VM's `Unhandled exception:` report, Flutter's `Unhandled Exception: …` line
 * (from logcat, the iOS console or `flutter run`), and the framework's `EXCEPTION CAUGHT BY …` box, each
 * with its `#0 …` frames. The class is the one the text names (`_TypeError` as `TypeError`); a message
 * whose `toString()` names none (`type 'Null' is not a subtype of type 'String'`, `Null check operator
 * used on a null value`) has no class, but for `dart:core`'s own prefixes (`Bad state:` is a StateError).
 */
export function findDartFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.length < 20 || !/^(?:Unhandled|═)/.test(line)) continue;
    if (VM_UNHANDLED.test(line)) {
      const at = nextText(lines, i + 1);
      if (at < 0 || DOTTED.test(lines[at]!.trim())) continue;
      out.push(failure(lines[at]!.trim(), null, framesAfter(lines, at + 1), i));
      continue;
    }
    const flutter = FLUTTER_UNHANDLED.exec(line);
    if (flutter && !DOTTED.test(flutter[1]!)) {
      out.push(failure(flutter[1]!.trim(), null, framesAfter(lines, i + 1), i));
      continue;
    }
    if (FLUTTER_BOX.test(line)) {
      const at = nextText(lines, i + 1);
      const thrown = at < 0 ? null : FLUTTER_THROWN.exec(lines[at]!.trim());
      if (!thrown) continue;
      const msgAt = nextText(lines, at + 1);
      if (msgAt < 0) continue;
      // `The following assertion was thrown …`: a failed assert, no class to name.
      const named = /^_?[A-Z]\w{0,80}$/.test(thrown[1]!) ? thrown[1]!.replace(/^_/, '') : null;
      out.push(failure(lines[msgAt]!.trim(), named, framesAfter(lines, msgAt + 1), i));
    }
  }
  return out;
}

function failure(text: string, thrownClass: string | null, frames: Frame[], line: number): Candidate {
  let errorType: string | null = thrownClass;
  let errorMessage = text;
  const named = NAMED.exec(text);
  const call = named ? null : CALL_FORM.exec(text);
  if (named) {
    errorType = named[1]!.replace(/^_/, '');
    errorMessage = named[2]!.trim() || text;
  } else if (call) {
    errorType = call[1]!;
    errorMessage = call[2]!.trim();
  } else {
    for (const [re, type] of UNNAMED) if (re.test(text)) errorType ??= type;
  }
  return {
    language: 'dart',
    errorType,
    errorMessage,
    frames,
    codeLines: [],
    errorText: text,
    line,
    strength: 3,
    innermostFirst: true,
  };
}

/** The next non-blank line within a few, or -1. */
function nextText(lines: string[], from: number): number {
  for (let k = from; k < Math.min(lines.length, from + 4); k++) if (lines[k]!.trim()) return k;
  return -1;
}

/** The `#N` frames that follow, past the rest of a multi-line message (a FormatException's source and caret). */
function framesAfter(lines: string[], from: number): Frame[] {
  const frames: Frame[] = [];
  for (let k = from; k < Math.min(lines.length, from + 200); k++) {
    const t = lines[k]!.trim();
    const f = FRAME.exec(t);
    if (f) {
      frames.push({ file: f[3]!, line: Number(f[4]), function: f[2]!.trim(), source: null });
      continue;
    }
    if (t === '<asynchronous suspension>' || (frames.length === 0 && k < from + 12)) continue;
    break;
  }
  return frames;
}
