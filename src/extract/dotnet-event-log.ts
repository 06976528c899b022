import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

/**
 * The .NET runtime's Windows event (Event Viewer, Application log, source `.NET Runtime`, event 1026),
 * as users copy it from the event's General tab or its XML `<Data>`: `Application: App.exe`, `Framework
 * Version: v4.0.30319` (.NET Framework) or `CoreCLR Version:` / `.NET Version:` (.NET Core and later),
 * `Description: The process was terminated due to an unhandled exception.`, then `Exception Info:` and
 * the exception: the class alone on .NET Framework (`System.IO.FileNotFoundException`), the class and its
 * message on .NET Core (`System.Exception: Unsupported Windows version`), then its `at` frames. .NET
 * Framework lists the inner exceptions first, each with its own `Exception Info:`, and the unhandled one
 * last; that one is the failure (the process died of it), the ones before it what led to it. A native
 * fault is told by its code instead (`Exception Info: exception code c0000005, exception address …`).
 *
 * Windows writes the event in its display language: the label (`Ausnahmeinformationen:`, `例外狀況資訊:`…)
 * and the frames' `at` (`bei`, `於`, `在`…) are translated, and a copy may put each frame's `at` at the end
 * of the line before it (`System.IO.FileNotFoundException 於`), so a class or frame may end with one.
 */
const LABEL =
  /^\s{0,8}(?:Exception Info|Ausnahmeinformationen|Informations sur l['’]exception|Información de la excepción|Informazioni sull['’]eccezione|Informações da exceção|Informações sobre a exceção|Сведения об исключении|例外狀況資訊|异常信息|例外情報|예외 정보) ?[:：](.*)$/;
/** The localized `at` of a frame, before the frame or left at the end of the line before it. */
const AT_WORDS = new Set(['at', 'bei', 'à', 'в', 'en', 'em', 'in', '於', '在', '場所', '위치']);
/** The exception: a dotted class, alone or with its message (`.NET Core`: `System.X: message`). */
const EXCEPTION = /^((?:[a-z_]\w{0,80}\.){1,10}[a-z_]\w{0,80}(?:`\d{1,2})?)(?:: (\S.{0,2000}))?$/i;
const FRAME_BEFORE = /^\s{0,12}(?:at|bei|en|em|in|場所|위치|[àв於在]) (\S.{0,1000})$/;
/** An NTSTATUS exception code in the label's text (an access violation is `c0000005`). */
const NATIVE_CODE = /\b(c0{3}[\da-f]{4}|80{3}[\da-f]{4})\b/i;
/** A frame with its `at` moved away: a method and its parameter types. */
const FRAME_BARE = /^\s{0,12}([a-z_<][^\s(]{0,500}\(.{0,1000}\))$/i;

/** `text` trimmed, without a localized `at` left at its end (`System.IO.FileNotFoundException 於`). */
function withoutTrailingAt(text: string): string {
  const t = text.trim();
  const space = t.lastIndexOf(' ');
  return space > 0 && AT_WORDS.has(t.slice(space + 1)) ? t.slice(0, space).trimEnd() : t;
}

export function findDotnetEventLogExceptions(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const label = LABEL.exec(lines[i]!);
    if (!label) continue;
    // The exception on the label's line, or alone on the next one.
    let at = i;
    let value = label[1]!.trim();
    if (!value) value = (lines[++at] ?? '').trim();
    // A class alone may end with the next frame's `at`; a message is read as it is.
    const m = EXCEPTION.exec(value.includes(': ') ? value : withoutTrailingAt(value));
    // A native fault ended the process: `exception code c0000005, exception address 000007FE…`
    // (`code d'exception c0000005, …`); the code is the type.
    const native = m ? null : NATIVE_CODE.exec(value);
    if (native) out.push(candidate('csharp', native[1]!.toLowerCase(), value, value, at, 3));
    if (!m) continue;
    const frames: Frame[] = [];
    let k = at + 1;
    for (; k < Math.min(lines.length, at + 200); k++) {
      const text = withoutTrailingAt(lines[k]!);
      const f = FRAME_BEFORE.exec(text) ?? FRAME_BARE.exec(text);
      if (!f) break;
      frames.push({ file: '', line: null, function: f[1]!.trim(), source: null });
    }
    // An inner exception: the next entry of the same event is the one that ended the process.
    while (k < lines.length && lines[k]!.trim() === '') k++;
    if (k < lines.length && LABEL.test(lines[k]!)) continue;
    out.push({
      ...candidate('csharp', m[1]!, (m[2] ?? '').trim(), value, at, 3, frames),
      innermostFirst: true,
    });
  }
  return out;
}
