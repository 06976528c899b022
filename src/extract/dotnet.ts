import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

/**
 * `Namespace.NameException: message`, as `Exception.ToString()` prints it: with the HRESULT when the
 * exception carries one (`Npgsql.PostgresException (0x80004005): 23505: …`), and with xUnit's and NUnit's
 * ` : ` (`System.InvalidOperationException : Sequence contains no elements`).
 */
const DOTNET_EXCEPTION =
  /^(?:Unhandled [Ee]xception[.:] )?((?:[A-Z]\w*\.)+(?:[A-Z]\w*)?Exception)( \(0x[0-9A-Fa-f]{8}\))?(?: ?: (.*))?$/;
/**
 * A frame, `at Ns.Type.Method(Args) in C:\src\File.cs:line 42`; a localized runtime translates `at`
 * (`在`, `於`, `bei`, `à`, `в`, `場所`) and the location's words, which are then left unread.
 */
const AT = /^\s*(?:at|bei|場所|[在於àв]) (\S.*?)(?: in (\S.*?):line (\d+))?$/;
/** The message alone: `Exception.ToString()` runs the inner exception on after it (`msg ---> System.X: inner`). */
function ownMessage(text: string | undefined): string {
  return (text ?? '').split(' ---> ')[0]!.trim();
}
const TEST_FAILED = /^\s*Failed (\S+) \[[^\]]*\]\s*$/;
const COMPILER =
  /^(\S+\.(?:cs|vb|fs|csproj|sln))\((\d+),(\d+)\): error ((?:CS|BC|FS|MSB|NU)\d+): (.+?)(?: \[[^\]]+\])?$/;

/**
 * Visual Studio's exception details, as its "Copy Details" gives them: `System.X was unhandled by user
 * code`, then indented `Key=value` lines, the message in `Message=` (older versions: `An unhandled
 * exception of type 'System.X' occurred in App.dll`, then `Additional information: message`).
 */
const VS_UNHANDLED = /^((?:[A-Za-z_]\w{0,80}\.){1,10}[A-Z]\w{0,80}) was unhandled(?: by user code)?$/;
const VS_MESSAGE = /^\s{0,8}Message=(.{1,2000})$/;
const VS_UNHANDLED_OLD =
  /^An unhandled exception of type '((?:[A-Za-z_]\w{0,80}\.){1,10}[A-Z]\w{0,80})' occurred in \S.{0,300}$/;
const VS_INFO = /^Additional information: (.{1,2000})$/;

/** .NET: unhandled exceptions with `at` frames, `dotnet test` "Failed … Error Message: … Stack Trace:" blocks. */
export function findDotnetFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  const used = new Set<number>();
  for (let i = 0; i < lines.length; i++) {
    const vs = lines[i]!.includes('unhandled') ? visualStudioDetails(lines, i) : null;
    if (vs) {
      out.push(vs);
      continue;
    }
    const cs = COMPILER.exec(lines[i]!.trim());
    if (cs) {
      out.push({
        language: 'csharp',
        errorType: cs[4]!,
        errorMessage: cs[5]!.trim(),
        frames: [{ file: cs[1]!, line: Number(cs[2]), function: null, source: null }],
        codeLines: [],
        errorText: lines[i]!.trim(),
        line: i,
        strength: 3,
      });
      continue;
    }
    const xunit = lines[i]!.endsWith(' [FAIL]') ? xunitFailure(lines, i) : null;
    if (xunit) {
      out.push(xunit);
      continue;
    }
    const tf = TEST_FAILED.exec(lines[i]!);
    if (tf && /^\s*Error Message:\s*$/.test(lines[i + 1] ?? '')) {
      const msg: string[] = [];
      let k = i + 2;
      for (; k < Math.min(lines.length, i + 40) && !/^\s*Stack Trace:\s*$/.test(lines[k]!); k++)
        if (lines[k]!.trim()) msg.push(lines[k]!.trim());
      let errorType = 'AssertFailedException';
      let message = msg[0] ?? '';
      const typedIdx = msg.findIndex((m) => DOTNET_EXCEPTION.test(m));
      if (typedIdx >= 0 && (typedIdx === 0 || /threw exception:?$/.test(msg[typedIdx - 1]!))) {
        const m = DOTNET_EXCEPTION.exec(msg[typedIdx]!)!;
        errorType = m[1]!;
        message = (m[3] ?? '').trim();
      }
      const frames = readFrames(lines, k + 1);
      for (let u = i; u <= k; u++) used.add(u);
      out.push({
        language: 'csharp',
        errorType,
        errorMessage: message,
        frames,
        codeLines: [],
        errorText: msg.slice(0, 4).join('\n'),
        line: i,
        strength: 3,
        innermostFirst: true,
      });
      continue;
    }
    if (used.has(i)) continue;
    const m = DOTNET_EXCEPTION.exec(lines[i]!.trim());
    if (!m || (!/^(System|Microsoft)\./.test(m[1]!) && !m[2] && !/^Unhandled/.test(lines[i]!.trim()))) continue;
    const frames = readFrames(lines, i + 1);
    out.push({
      language: 'csharp',
      errorType: m[1]!,
      errorMessage: ownMessage(m[3]),
      frames,
      codeLines: [],
      errorText: lines[i]!.trim(),
      line: i,
      strength: frames.length ? 3 : 2,
      innermostFirst: true,
    });
  }
  return out;
}

/**
 * xUnit's console runners (v2's console runner, v3's in-process runner): `    Ns.Tests.Name(args) [FAIL]`,
 * the message indented below it, then `Stack Trace:` and `path.cs(31,0): at Ns.Type.Method()` lines.
 * xUnit's own assertion failures print no class (`Assert.Equal() Failure: Strings differ`); each is
 * named after its assertion (`Xunit.Sdk.EqualException`). Another exception prints `Class : message`.
 */
const XUNIT_FAIL = /^\s+\S.{0,1000} \[FAIL\]$/;
const XUNIT_ASSERT = /^Assert\.(\w{1,40})\(\) Failure\b/;
const XUNIT_FRAME = /^\s*(\S.{0,300}\.cs)\((\d{1,7}),\d{1,5}\): at (\S.{0,500})$/;

function xunitFailure(lines: string[], i: number): Candidate | null {
  if (!XUNIT_FAIL.test(lines[i]!)) return null;
  const message = (lines[i + 1] ?? '').trim();
  if (!message) return null;
  const typed = DOTNET_EXCEPTION.exec(message);
  const assert = typed ? null : XUNIT_ASSERT.exec(message);
  if (!typed && !assert) return null;
  let frame: Frame | null = null;
  for (let k = i + 2; k < Math.min(lines.length, i + 60) && !frame; k++) {
    const f = XUNIT_FRAME.exec(lines[k]!);
    if (f) frame = { file: f[1]!, line: Number(f[2]), function: f[3]!.trim(), source: null };
  }
  return {
    language: 'csharp',
    errorType: typed ? typed[1]! : `${assert![1]!}Exception`,
    errorMessage: typed ? ownMessage(typed[3]) : message,
    frames: frame ? [frame] : [],
    codeLines: [],
    errorText: message,
    line: i + 1,
    strength: 3,
  };
}

function readFrames(lines: string[], from: number): Frame[] {
  const frames: Frame[] = [];
  for (let k = from; k < Math.min(lines.length, from + 100); k++) {
    const a = AT.exec(lines[k]!);
    if (!a) {
      if (/^--- End of/.test(lines[k]!.trim())) continue;
      break;
    }
    frames.push({ file: a[2] ?? '', line: a[3] ? Number(a[3]) : null, function: a[1]!, source: null });
  }
  return frames;
}

/** Visual Studio's exception details (`VS_UNHANDLED`, `VS_UNHANDLED_OLD`) starting at line `i`. */
function visualStudioDetails(lines: string[], i: number): Candidate | null {
  const line = lines[i]!.trim();
  const older = line.startsWith('An unhandled exception of type');
  const head = (older ? VS_UNHANDLED_OLD : VS_UNHANDLED).exec(line);
  if (!head) return null;
  let message = '';
  for (let k = i + 1; k < Math.min(lines.length, i + 6) && !message; k++) {
    const m = (older ? VS_INFO : VS_MESSAGE).exec(lines[k]!.trimEnd());
    if (m) message = m[1]!.trim();
  }
  return candidate('csharp', head[1]!, message, message ? `${head[1]!}: ${message}` : line, i, 3);
}
