import type { Frame } from '../types.js';
import { candidate, type Candidate } from './candidate.js';

/**
 * `Namespace.NameException: message`, as `Exception.ToString()` prints it: with the HRESULT when the
 * exception carries one (`Npgsql.PostgresException (0x80004005): 23505: …`), and with xUnit's and NUnit's
 * ` : ` (`System.InvalidOperationException : Sequence contains no elements`).
 */
const DOTNET_EXCEPTION =
  /^(?:Unhandled [Ee]xception[.:] )?((?:[A-Z]\w*\.)+[A-Z]\w*Exception)( \(0x[0-9A-Fa-f]{8}\))?(?: ?: (.*))?$/;
/**
 * A frame, `at Ns.Type.Method(Args) in C:\src\File.cs:line 42`; a localized runtime translates `at`
 * (`在`, `於`, `bei`, `à`, `в`, `場所`) and the location's words, which are then left unread.
 */
const AT = /^\s*(?:at|bei|場所|[在於àв]) (\S.*?)(?: in (\S.*?):line (\d+))?$/;
/** `Exception.ToString()` runs the inner exception on after the message: `msg ---> System.X: inner`. */
const INNER = ' ---> ';
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
      errorMessage: (m[3] ?? '').split(INNER)[0]!.trim(),
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
