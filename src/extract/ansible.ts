import { candidate, EXCEPTION_NAME, type Candidate } from './candidate.js';
import { unescapeQuoted } from './escaped-lines.js';

/**
 * Ansible's default stdout callback, as `ansible-playbook` prints a run:
 * - a failed task, `fatal: [web1]: FAILED! => {"changed": false, "msg": "…"}` (`UNREACHABLE!` for a
 *   host it could not reach; `failed: [web1] (item=x) => {…}` for one item of a loop). The result's
 *   `msg` says what failed. A module that crashed says `MODULE FAILURE` there and carries its
 *   traceback in `module_stderr` (read by the Python reader from the escaped string); the callback
 *   names the exception above the line: `An exception occurred during task execution. To see the full
 *   traceback, use -vvv. The error was: KeyError: 'auth_type'`.
 * - a failure the play tolerated (`ignore_errors: true`) is followed by `...ignoring`: no failure.
 * - the playbook itself refused (a missing role, a syntax error): `ERROR! the role 'x' was not found in …`.
 */
const TASK_RESULT =
  /^(fatal|failed): \[[^\]\n]{1,200}\](?: \(item=.{0,300}?\))?: (FAILED|UNREACHABLE)! =>(?: (\{.*))?$/;
const PLAYBOOK_ERROR = /^ERROR! (\S.{2,1000})$/;
const THE_ERROR_WAS = new RegExp(
  String.raw`^An exception occurred during task execution\. To see the full traceback, use -vvv\. The error was: (${EXCEPTION_NAME}): (.{1,1000})$`,
);
/** A result message that names Ansible's exception (`AnsibleUndefinedVariable: 'dict object' has no …`) or a Python one. */
const TYPED_MESSAGE = new RegExp(String.raw`^(Ansible[A-Z]\w{2,60}|${EXCEPTION_NAME}): (\S.{0,2000})$`);

export function findAnsibleFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line.startsWith('ERROR! ')) {
      const m = PLAYBOOK_ERROR.exec(line);
      // An Elixir release's `ERROR! Config provider Config.Reader failed with:` heads the exception
      // printed below it (`** (KeyError) …`), which is the failure.
      if (m && !(line.endsWith(':') && (lines[i + 1] ?? '').trim().startsWith('** ('))) {
        out.push(candidate('ansible', 'ERROR', m[1]!.trim(), line, i, 3));
      }
      continue;
    }
    if (line.startsWith('An exception occurred during task execution.')) {
      const m = THE_ERROR_WAS.exec(line);
      if (m) out.push(candidate('python', m[1]!, m[2]!.trim(), `${m[1]}: ${m[2]!.trim()}`, i, 3));
      continue;
    }
    if (!line.startsWith('fatal: [') && !line.startsWith('failed: [')) continue;
    const m = TASK_RESULT.exec(line);
    if (!m) continue;
    const ignored = ignoredBelow(lines, i);
    // The result's JSON, or (when its `msg` held newlines, which normalization expands) its lines below.
    const msg = m[3] ? resultMessage(m[3]) : (lines.slice(i + 1, i + 3).find((l) => l.trim()) ?? null);
    // A crashed module's traceback (or the exception named above) says more than `MODULE FAILURE`.
    const crashed = msg === null || /^MODULE FAILURE\b/.test(msg);
    const first = (msg ?? '').split('\n')[0]!.trim();
    const typed = TYPED_MESSAGE.exec(first);
    const c = typed
      ? candidate('ansible', typed[1]!, typed[2]!.trim(), line, i, 3)
      : candidate('ansible', null, first, line, i, crashed ? 1.5 : 3);
    if (ignored) c.notAFailure = true;
    out.push(c);
  }
  return out;
}

/** The task result's `msg` (the first of several, as a loop's result lists them), or null. */
function resultMessage(json: string): string | null {
  try {
    const r = JSON.parse(json) as { msg?: unknown; results?: Array<{ msg?: unknown }> };
    if (typeof r.msg === 'string') return r.msg;
    const first = r.results?.find((x) => typeof x.msg === 'string');
    return typeof first?.msg === 'string' ? first.msg : null;
  } catch {
    // A line cut short (normalization expands a `msg` that holds newlines): the `msg` field as written.
    const m = /"msg": "((?:[^"\\]|\\.){1,1000})/.exec(json);
    return m ? unescapeQuoted(m[1]!).replace(/\\n/g, '\n') : null;
  }
}

/** Whether `...ignoring` follows the task result on line `i` (after its expanded message, before the next task). */
function ignoredBelow(lines: string[], i: number): boolean {
  for (let k = i + 1; k < Math.min(lines.length, i + 40); k++) {
    const t = lines[k]!.trim();
    if (t === '...ignoring') return true;
    if (t.startsWith('TASK [') || t.startsWith('PLAY ') || t.startsWith('fatal: [') || t.startsWith('failed: ['))
      return false;
  }
  return false;
}
