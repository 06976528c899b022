import { type FramedLine, MAX_LINE, stripCiFraming } from './ci-framing.js';
import { expandEscapedLines } from './escaped-lines.js';

/** How a logger rated a line, when a log-level prefix said so. */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug' | null;

/** The input as the readers see it: one entry per line, wrappers removed. */
export interface NormalizedText {
  lines: string[];
  /** The Actions marker of each line (`error`, `warning`…), if any. */
  markers: (string | null)[];
  /** The log level a stripped prefix gave each line, if any. */
  levels: LogLevel[];
  /** Whether each line was quoted in markdown (`> `): a reply quoting what someone else posted. */
  quoted: boolean[];
}

/**
 * Turns real text into lines a reader can match, keeping one entry per remaining line:
 *
 * - CI framing and ANSI colour (see `ci-framing.ts`); console mojibake of runner glyphs (`ÔùÅ` → `●`);
 * - markdown: code fences dropped (their content kept), `> ` quotes, bold around a whole line, HTML tags
 *   of notifier mails;
 * - prefixes: Node's `(node:1234)`, log timestamps and levels (ISO, syslog/journald, `[ERROR]`, celery,
 *   Spring/log4j `LEVEL pid --- [thread] logger :`, Heroku's `app[web.1]:`, Android's logcat, the Flutter
 *   engine's `[ERROR:file.cc(41)]`), Docker Compose's `web_1  | `
 *   service column, the `|` and `+-+-` gutters of Python exception groups; HTML entities (`&#x27;`);
 * - lines hard-wrapped at the console width (the document's maximal line length, seen several times) are
 *   joined again, messages included.
 */
export function normalizeText(text: string): NormalizedText {
  // Lines carried inside a string (a JSON record's traceback, a repr's), before lines are cut to length.
  let framed = stripCiFraming(expandEscapedLines(text)).filter((l) => !FENCE.test(l.text));
  if (text.includes('`')) framed = openCodeSpans(framed);
  const lines0 = framed.map((l) => l.text);
  const pytestish = lines0.some((l) => PYTEST_E.test(l));
  const gradle = lines0.some((l) => l.startsWith('* What went wrong:'));
  const group = lines0.some((l) => /^\s*\+[-+]{2,}|^\s*\+ Exception Group Traceback/.test(l));
  const html = lines0.filter((l) => /<\/?(?:html|body|table|div|h\d|pre|td|p)\b/i.test(l)).length >= 3;
  // `docker compose logs` / `up` and Foreman: every line behind its service's name (`web_1  | `, `app-web-1  | `).
  const compose = lines0.filter((l) => COMPOSE_PREFIX.test(l)).length >= 2;
  const named = compose ? new Set<string>() : composeNames(lines0);
  const workspace = workspacePrefixes(lines0);
  const teamcity = lines0.filter((l) => TEAMCITY_PREFIX.test(l)).length >= 3;
  const wdio = lines0.filter((l) => l.startsWith('[') && WDIO_PREFIX.test(l)).length >= 3;
  const remote = lines0.filter((l) => l.startsWith('remote:') && GIT_REMOTE.test(l)).length >= 3;
  const out: Wrapped[] = [];
  // Nix's failed build quotes the builder's last lines, each behind `> ` (`Last 25 log lines:`).
  let nixLog = false;
  // BuildKit's summary of a failed step (`------`, ` > [api 5/6] RUN pip install …:`, the step's last
  // lines each behind its seconds, `------`): the seconds go.
  let buildkitTail = false;
  const packer = packerBuilds(lines0);
  for (const [n, f] of framed.entries()) {
    // The console wrapped what it showed: measure widths before mojibake is decoded back.
    const width = f.text.length;
    let line = fixMojibake(f.text).replace(ORPHAN_ANSI, '');
    // Colour codes escaped as text, as a repr or a JSON string prints them (`\x1b[0;31m`, `\u001b[31m`).
    if (line.includes('\\x1b[') || line.includes('\\u001b[') || line.includes('\\033['))
      line = line.replace(ESCAPED_ANSI, '');
    if (line.endsWith(ESC)) line = line.slice(0, -1);
    if (compose) line = line.replace(COMPOSE_PREFIX, '');
    else if (named.size) line = stripComposeName(line, named);
    if (workspace.size) line = stripWorkspacePrefix(line, workspace);
    if (teamcity) line = line.replace(TEAMCITY_PREFIX, '');
    if (wdio) line = line.replace(WDIO_PREFIX, '');
    if (remote) line = line.replace(GIT_REMOTE, '');
    if (html) line = line.replace(/<[^<>\n]{0,300}>/g, '').replace(/&nbsp;/g, ' ');
    if (line.includes('&')) line = decodeEntities(line);
    if (nixLog && NIX_LOG_LINE.test(line)) line = line.replace(NIX_LOG_LINE, '');
    else nixLog = line.includes('log lines:') && NIX_LOG_HEAD.test(line);
    if (buildkitTail && line.trim() === '------') buildkitTail = false;
    else if (buildkitTail) line = line.replace(BUILDKIT_TAIL_TIME, '');
    else buildkitTail = line.includes('> [') && BUILDKIT_TAIL_HEAD.test(line);
    if (packer.size) line = stripPackerPrefix(line, packer);
    // Markdown quotes; pytest's own `>` marker (`>       code`) stays when the text is pytest output.
    // Gradle's causes under "What went wrong" are `> ` lines indented by depth: not quotes either.
    const unquoted = !gradle || !/^\s*> /.test(line) ? line.replace(pytestish ? QUOTE_TEXT : QUOTE, '') : line;
    const quoted = unquoted !== line;
    line = unquoted;
    if (group) {
      if (/^\s*\+[-+ \d]*$/.test(line) && (line.includes('---') || line.trim() === '+')) continue;
      line = line.replace(/^(?:\s*[|+](?= ))+ ?/, '');
    }
    if (line.includes('*') || line.includes('__')) line = unbold(line);
    // Log lines pasted as a markdown list: `- 2013-11-27T19:48:13+00:00 app[web.1]: …`.
    if (line.includes('- ')) line = line.replace(LISTED_LOG_LINE, '');
    // PowerShell prefixes a native command's first stderr line with `program : ` (NativeCommandError).
    if (AT_LINE.test(framed[n + 1]?.text ?? '')) line = line.replace(PS_NATIVE, '');
    const { rest, level } = stripLogPrefix(line);
    line = rest.replace(NODE_PID, '$1');
    if (line.startsWith('[')) line = line.replace(TORCH_RANK, '');
    out.push({ text: line, marker: f.marker, level, width, quoted });
  }
  stripLogTags(out);
  const joined = joinHardWraps(out);
  return {
    lines: joined.map((l) => l.text),
    markers: joined.map((l) => l.marker),
    levels: joined.map((l) => l.level),
    quoted: joined.map((l) => l.quoted),
  };
}

/**
 * A tagged logger's tags before each message: Rails' `config.log_tags` (`[1f2e…-77] Started GET …`, one
 * request id for all of a request's lines, sometimes with more tags: `[a1b2] [127.0.0.1] `), Sidekiq's
 * and Hanami's alike. A tag has a digit, no space, no `/` or `%` (`[1/4]`, `[ 50%]` are progress, not
 * tags) and counts where it starts three or more lines; each such tag is stripped where it leads.
 */
const LOG_TAG = /^\[([\w.:@-]{0,63}\d[\w.:@-]{0,63})\](?: |$)/;
function stripLogTags(lines: Wrapped[]): void {
  const counts = new Map<string, number>();
  for (const l of lines) {
    let t = l.text;
    for (let k = 0; k < 4 && t.startsWith('['); k++) {
      const m = LOG_TAG.exec(t);
      if (!m) break;
      counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
      t = t.slice(m[0].length);
    }
  }
  const tags = new Set([...counts].filter(([, n]) => n >= 3).map(([tag]) => tag));
  if (tags.size === 0) return;
  for (const l of lines) {
    for (let k = 0; k < 4 && l.text.startsWith('['); k++) {
      const m = LOG_TAG.exec(l.text);
      if (!m || !tags.has(m[1]!)) break;
      l.text = l.text.slice(m[0].length);
    }
  }
}

/** Kept for callers that only need the lines and the Actions markers. */
export function normalizeLines(text: string): { lines: string[]; markers: (string | null)[] } {
  const { lines, markers } = normalizeText(text);
  return { lines, markers };
}

/**
 * Monorepo runners print each package's output behind its name: pnpm's recursive run `apps/web lint: `
 * (after echoing the command as `apps/web lint$ eslint .`), Turborepo's `web:lint: ` (whose first line
 * for a task says `cache miss, executing …`). Only prefixes the runner announced that way are taken.
 */
const PNPM_ECHO = /^(\S{1,100} [\w:.-]{1,60})\$ \S/;
const TURBO_START = /^([@\w./-]{1,100}:[\w:.-]{1,60}): cache (?:miss|hit|bypass)/;
const WORKSPACE_PREFIX = /^(\S{1,100} [\w:.-]{1,60}:|[@\w./-]{1,100}:[\w:.-]{1,60}:)(?: |$)/;
function workspacePrefixes(lines: string[]): Set<string> {
  const found = new Set<string>();
  for (const l of lines) {
    // concurrently names each command's lines (`[TEST] …`, `[0] …`) and says so when one ends.
    const ended = l.includes(' exited with code ') ? CONCURRENTLY_EXIT.exec(l) : null;
    if (ended) found.add(`[${ended[1]!}]`);
    if (!l.includes('$ ') && !l.includes(': cache ')) continue;
    const m = PNPM_ECHO.exec(l);
    if (m) found.add(`${m[1]!}:`);
    const t = TURBO_START.exec(l);
    if (t) found.add(`${t[1]!}:`);
    if (found.size >= 100) break;
  }
  return found;
}
function stripWorkspacePrefix(line: string, prefixes: Set<string>): string {
  for (const re of [WORKSPACE_PREFIX, CONCURRENTLY_PREFIX]) {
    const m = re.exec(line);
    if (m && prefixes.has(m[1]!)) return line.slice(m[0].length);
  }
  return line;
}

/**
 * concurrently's prefix (`[TEST] `, `[0] `: the command's name or index) before each line a command
 * printed, and its own line when the command ends: `[TEST] pnpm test-storybook exited with code 1`.
 */
// (A time in brackets is a timestamp: TeamCity's `[10:41:01] :\t [Step 1/2] Process exited with code 0`.)
const CONCURRENTLY_EXIT =
  /^\[(?!\d{1,2}:\d\d)([\w.:@/-]{1,40})\] \S.{0,500} exited with code (?:\d{1,3}|SIG[A-Z]{2,8})$/;
const CONCURRENTLY_PREFIX = /^(\[[\w.:@/-]{1,40}\]) ?/;

/**
 * TeamCity's downloaded build log: `[10:42:09] :\t [Step 2/2] output`, the time, a one-letter status
 * column (`i`, `W`, `E`, `B`, or blank), the block it belongs to. The status letters mark TeamCity's own
 * messages and blocks, not the step's output, so they are dropped with the rest.
 */
/**
 * WebdriverIO's spec reporter puts the worker's capabilities before each line of its report:
 * `[chrome 133.0.6943.53 linux #0-1] Error: element (…) still not displayed after 10000ms`.
 */
const WDIO_PREFIX = /^\[[\w .()-]{1,80} #\d{1,4}-\d{1,4}\] ?/;

/**
 * git relays what the remote printed during a push behind `remote: ` (Heroku's and other push-to-deploy
 * builds, server hooks): `remote: Module not found: Can't resolve …`.
 */
const GIT_REMOTE = /^remote:(?: |$)/;

const TEAMCITY_PREFIX = /^\[\d{2}:\d{2}:\d{2}\][iWEB ]?:\s{0,8}(?:\[[^\]\n]{1,200}\] ?)?/;

/**
 * The service column of Docker Compose's log output (v1 `web_1  | `, v2 `app-web-1  | `), and the time and
 * process column of Procfile runners (Foreman's and Honcho's `09:49:31 web.1    | `).
 */
const COMPOSE_PREFIX = /^(?:[a-z][\w.-]{0,60}[-_]\d{1,3}|\d\d:\d\d:\d\d [a-z][\w-]{0,40}\.\d{1,3})\s{1,40}\| ?/i;

/**
 * A service with a `container_name` has no replica number in Compose's column (`my_api    | `). Such a
 * name counts where it starts three or more lines with its bar at the same column and nothing after it
 * reads as a table's next cell (` | `): a table's first column repeats no name so.
 */
const COMPOSE_NAMED = /^([a-z][\w.-]{0,60}\s{1,40})\| ?/i;

function composeNames(lines: string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const l of lines) {
    const m = l.includes('| ') || l.endsWith('|') ? COMPOSE_NAMED.exec(l) : null;
    if (!m || l.includes(' | ', m[0].length)) continue;
    counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= 3).map(([name]) => name));
}

function stripComposeName(line: string, names: Set<string>): string {
  const m = COMPOSE_NAMED.exec(line);
  return m && names.has(m[1]!) ? line.slice(m[0].length) : line;
}

/** HTML's common entities, as text pasted from a page or an HTML mail carries them (`&#x27;`, `&lt;`). */
function decodeEntities(line: string): string {
  const code = (n: number, whole: string) => (n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : whole);
  return line
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&(?:apos|#39);/g, "'")
    .replace(/&#(\d{1,7});/g, (whole, d: string) => code(Number(d), whole))
    .replace(/&#x([\da-f]{1,6});/gi, (whole, h: string) => code(parseInt(h, 16), whole))
    .replace(/&amp;/g, '&');
}

const FENCE = /^\s*(?:```|~~~)[\w+-]*\s*$/;

/**
 * A code span of three backticks opened inside a sentence and closed at the end of a later line ("I find
 * this error ```RuntimeError: CUDA out of memory …` then `(no backtrace available)```"): the opening
 * line keeps what follows its last run of three (the sentence before it goes), the closing line loses
 * its run. Whether line `i` opened one (an odd number of runs on it) and it was taken out.
 */
function tripleSpanFrom<T extends { text: string }>(out: T[], i: number): boolean {
  const open = out[i]!.text;
  const runs = open.split('```').length - 1;
  const at = open.lastIndexOf('```');
  if (runs % 2 === 0 || !open.slice(at + 3).trim()) return false;
  for (let k = i + 1; k < Math.min(out.length, i + 50); k++) {
    const t = out[k]!.text;
    if (!t.includes('`')) continue;
    if (t.split('```').length !== 2 || !/```\s*$/.test(t)) return false;
    out[i] = { ...out[i]!, text: open.slice(at + 3) };
    out[k] = { ...out[k]!, text: t.replace(/```\s*$/, '') };
    return true;
  }
  return false;
}

/**
 * Output pasted between single backticks, as an inline code span over many lines (GitHub renders it so):
 * the span's opening backtick starts a line and its closing one ends a later line, each the only
 * backtick on its line. Both go, so the first and the last line read as what was printed.
 */
function openCodeSpans<T extends { text: string }>(lines: T[]): T[] {
  const single = (t: string) => t.indexOf('`') === t.lastIndexOf('`');
  const out = [...lines];
  for (let i = 0; i < out.length; i++) {
    const open = out[i]!.text;
    if (open.includes('```') && tripleSpanFrom(out, i)) continue;
    if (!/^\s*`(?!`)/.test(open) || !single(open)) continue;
    for (let k = i + 1; k < Math.min(out.length, i + 1000); k++) {
      const t = out[k]!.text;
      if (!t.includes('`')) continue;
      if (single(t) && /`\s*$/.test(t)) {
        out[i] = { ...out[i]!, text: open.replace('`', '') };
        out[k] = { ...out[k]!, text: t.replace(/`\s*$/, '') };
        i = k;
      }
      break;
    }
  }
  return out;
}
const PYTEST_E = /^E {2,}\S/;
const BUILDKIT_TAIL_HEAD = /^\s{0,2}> \[[^\]]{1,200}\] \S.{0,2000}:$/;
const BUILDKIT_TAIL_TIME = /^\d{1,6}\.\d{2,3}(?: |$)/;

/**
 * Packer's UI puts the build's name before every line: `==> azure-arm.ubuntu: ` for its own steps and
 * the provisioner's stderr, four spaces and the name for the provisioner's output. A name is taken when
 * `==> name: ` starts two or more lines; then both forms of it are stripped.
 */
const PACKER_SAY = /^==> ([\w-]{1,60}\.[\w-]{1,60}):(?: |$)/;
const PACKER_PREFIX = /^(?:==> | {4})([\w-]{1,60}\.[\w-]{1,60}):(?: |$)/;
function packerBuilds(lines: string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const l of lines) {
    const m = l.startsWith('==> ') ? PACKER_SAY.exec(l) : null;
    if (m) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  }
  return new Set([...counts].filter(([, n]) => n >= 2).map(([name]) => name));
}
function stripPackerPrefix(line: string, names: Set<string>): string {
  const m = PACKER_PREFIX.exec(line);
  return m && names.has(m[1]!) ? line.slice(m[0].length) : line;
}

/** Nix's heading of a failed builder's quoted log (`Last 25 log lines:`; `last 10 log lines:` before Nix 2.20). */
const NIX_LOG_HEAD = /^\s{0,12}[Ll]ast \d{1,4} log lines:$/;
const NIX_LOG_LINE = /^\s{0,12}>(?: |$)/;
const QUOTE = /^\s{0,3}>(?: |$)/;
const QUOTE_TEXT = /^\s{0,3}> (?=\S)|^>$/;
const AT_LINE = /^\s*At line:\d+ char:\d+$/;
const PS_NATIVE = /^[\w.-]{1,60} : /;
const NODE_PID = /^(\s*)\(node:\d+\) /;
/** PyTorch's distributed launcher prefixes each worker's stderr with its rank (`[rank0]: Traceback …`). */
const TORCH_RANK = /^\[(?:rank|default)\d{1,5}\]:(?: |$)/;
/** An ANSI sequence whose ESC byte was left on the previous line by a hard wrap. */
const ORPHAN_ANSI = /^\[\d{1,3}(?:;\d{1,3}){0,4}m/;
const ESC = String.fromCharCode(27);
const ESCAPED_ANSI = /\\(?:x1b|u001b|033)\[[\d;]{0,20}[A-Za-z]/g;

/**
 * `**text**` spans, and `**` or `__` opening or closing a line whose bold runs over several lines
 * (GitHub comments bold whole errors).
 */
const LISTED_LOG_LINE = /^\s{0,6}[-*+] (?=\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d)/;

function unbold(line: string): string {
  // Bold that starts inside a qualified name (`ActionView:: **Template::Error (…):**`) takes its space.
  const opened = line.includes(':: **') ? line.replace(/:: \*\*(?=[A-Z])/g, '::**') : line;
  let s = opened.includes('**') ? opened.replace(/(?<!\*)\*\*([^*\n]{1,300})\*\*(?!\*)/g, '$1') : opened;
  // `*whole line in italics*`, as people emphasise a pasted error line.
  const italic = /^(\s*)\*(?=[^\s*])(.*[^\s*])\*$/.exec(s);
  if (italic && !italic[2]!.includes('*')) return italic[1]! + italic[2]!;
  // A dunder name (`__init__.py`, `AttributeError: __pydantic_extra__`) keeps its underscores, and three
  // stars are a tool's marker, not bold (GHCi's `*** Exception: …`, ScalaTest's `*** FAILED ***`).
  const lead = /^(\s*)(?:\*\*(?!\*)|__(?!\w+__))(?=\S)/.exec(s);
  if (lead) s = lead[1]! + s.slice(lead[0].length);
  if (/[^\s*]\*\*$/.test(s) || (/\S__$/.test(s) && !/(?:^|\W)__\w+__$/.test(s))) s = s.slice(0, -2);
  return s;
}

const ISO_TS = /^\[?\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?(?:[:\]]|(?=\s))\s*/;
const INDENTED_ISO_TS = /^ {1,8}\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d/;
const SYSLOG_TS =
  /^[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d{1,9})?\s+(?:[\w.-]{1,64} [\w./@-]{1,64}(?:\[\d+\])?: )?/;
/**
 * Heroku's log source after the timestamp: `app[web.1]: `, `heroku[router]: ` (not rustc's
 * `error[E0433]: ` behind BuildKit's step prefix).
 */
const HEROKU_SOURCE = /^(?!(?:error|warning)\[E\d{4}\]:)[a-z][\w-]{0,30}\[[\w.-]{1,40}\]:(?: |$)/;
/** Fly.io's log line after its timestamp: `app[3d8d7e1ad12389] ams [info]`, then the output with its indent. */
const FLY_SOURCE = /^[a-z][\w-]{0,30}\[[\w.-]{1,40}\] [a-z]{3} \[(info|warn|error|debug)\]/;
/**
 * Apache httpd's error log after its bracketed time: `[php7:error] [pid 5798] [client 10.0.0.1:0] `
 * (the module and level, the process, the client).
 */
const APACHE_ERROR_LOG =
  /^\[[\w.-]{1,40}:(emerg|alert|crit|error|warn|notice|info|debug|trace\d)\] \[pid \d{1,10}(?::tid \d{1,20})?\] (?:\[client [^\]\n]{1,100}\] )?/;
/** Docker BuildKit: `#12 3.456 ` (step number, seconds). */
const BUILDKIT = /^#\d{1,5} \d{1,7}\.\d{1,4} /;
const BRACKET_TS = /^\[[^\]\n]{0,40}\d\d:\d\d:\d\d[^\]\n]{0,60}\]:?\s*/;
const LEVEL_WORD =
  /^(?:\[\s{0,4}|<)?(ERROR|ERR|FATAL|CRITICAL|SEVERE|WARN|WARNING|INFO|NOTICE|DEBUG|TRACE)(?:\s{0,8}\]|>)?(?::\s*|\s+)/i;
const PY_LOGGING = /^(ERROR|CRITICAL|WARNING|INFO|DEBUG):[\w.]{1,100}:/;
/** uvicorn's (FastAPI's) default format: the level, its colon and spaces to ten columns (`ERROR:    …`). */
const UVICORN_LEVEL = /^(CRITICAL|ERROR|WARNING|INFO|DEBUG|TRACE):( {1,5})(?=\S)/;
/** logrus (Go): `INFO[0003] msg`, `ERRO[2025/11/24 - 16:59:08] msg` (the time as its formatter prints it). */
const LOGRUS = /^(PANI|FATA|ERRO|WARN|INFO|DEBU|TRAC)\[[^\]\n]{1,40}\] {1,2}/;
const LOGRUS_LEVEL: Record<string, LogLevel> = {
  PANI: 'error',
  FATA: 'error',
  ERRO: 'error',
  WARN: 'warn',
  INFO: 'info',
  DEBU: 'debug',
  TRAC: 'debug',
};
const SPRING_LEVEL = /^\s{0,2}(ERROR|WARN|INFO|DEBUG|TRACE) {1,2}(?=\d{1,10} --- )/;
/**
 * Spring Boot's (logback's) line after its level: the pid, `---`, the application's name in brackets
 * (Spring Boot 3.4 and later, where it is set), the thread's, the logger padded to a column, `: `.
 */
const LOG4J_TAIL = /^\d+ --- (?:\[[^\]\n]{0,80}\] )?\[[^\]\n]{0,80}\] [\w.$]{1,120}\s{0,80}: /;
/**
 * Android's logcat (`adb logcat -v brief`, `-v time`, `-v threadtime`, the default since Android 7):
 * `E/Tag( 123): `, `11-20 10:00:00.123 E/Tag( 123): `, `11-20 10:00:00.123  123  456 E Tag     : `.
 * The letter is the priority: V D I W E F A.
 */
const LOGCAT_BRIEF = /^(?:\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} )?([VDIWEFA])\/[^(\n]{1,100}\(\s{0,6}\d{1,7}\): /;
const LOGCAT_THREADTIME = /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}\s{1,6}\d{1,7}\s{1,6}\d{1,7} ([VDIWEFA]) [^:\n]{1,100}: /;
/** The Flutter engine's log lines, `[ERROR:flutter/runtime/dart_vm_initializer.cc(41)] `, and iOS's `flutter: `. */
const FLUTTER_ENGINE =
  /^\[(ERROR|FATAL|WARNING|INFO|VERBOSE-\d):[\w./-]{1,200}\.(?:cc|mm|cpp|h)\(\d{1,6}\)\] |^flutter: /;
/**
 * Ruby's `Logger::Formatter` (Rails' production log before Rails 8, Sidekiq's and many gems' logs):
 * `"%s, [%s #%d] %5s -- %s: %s"`, the severity's letter, an ISO time, the pid, the severity right-aligned
 * to five columns, the program name (often empty): `F, [2026-03-02T10:14:22.163456 #4412] FATAL -- : `.
 */
const RUBY_LOGGER =
  /^[DIWEFAU], \[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})? #\d{1,10}\] {0,4}(DEBUG|INFO|WARN|ERROR|FATAL|ANY|UNKNOWN) -- [^:\n]{0,100}: ?/;

/** @changesets/logger's prefix: `🦋  info `, `🦋  warn `, `🦋  error `, `🦋  success `. */
const CHANGESETS = /^🦋 {1,2}(info|warn|error|success) /;

/**
 * Strips a log timestamp and level prefix, returning the message and the level. A level word with a
 * colon (`ERROR: …`) is stripped only after a timestamp: tools print `ERROR: message` lines of their own
 * that the readers want to see. `[ERROR] …` and `ERROR   …` are log levels wherever they are.
 */
function stripLogPrefix(line: string): { rest: string; level: LogLevel } {
  const android =
    line[1] === '/'
      ? LOGCAT_BRIEF.exec(line)
      : /^\d\d-\d\d \d/.test(line)
        ? (LOGCAT_THREADTIME.exec(line) ?? LOGCAT_BRIEF.exec(line))
        : null;
  // The Flutter engine's prefix, alone or behind logcat's; logcat's priority is the level where it is.
  const body = android ? line.slice(android[0].length) : line;
  const engine = body.startsWith('[') || body.startsWith('flutter: ') ? FLUTTER_ENGINE.exec(body) : null;
  if (android || engine) {
    const sev = engine?.[1];
    const level = android ? LOGCAT_LEVEL[android[1]!]! : sev === 'ERROR' || sev === 'FATAL' ? 'error' : null;
    return { rest: engine ? body.slice(engine[0].length) : body, level };
  }
  // changesets' logger: a butterfly and the level before each line (`🦋  error npm error code E403`).
  const changesets = line.startsWith('🦋') ? CHANGESETS.exec(line) : null;
  if (changesets) return { rest: line.slice(changesets[0].length), level: toLevel(changesets[1]!) };
  const ruby = line[1] === ',' ? RUBY_LOGGER.exec(line) : null;
  if (ruby) return { rest: line.slice(ruby[0].length), level: toLevel(ruby[1]!) };
  // A log quoted with an indent (flyctl shows a failed machine's last lines two columns in).
  let s = line.startsWith(' ') && INDENTED_ISO_TS.test(line) ? line.trimStart() : line;
  let stamped = false;
  for (const re of [BUILDKIT, BRACKET_TS, ISO_TS, SYSLOG_TS]) {
    const m = re.exec(s);
    if (m && m[0].length < s.length) {
      const inner = m[0];
      s = s.slice(inner.length);
      // BuildKit's step prefix times a program's own output: `error: …` after it is cargo's, not a
      // logger's level (a timestamp does stamp a logger's line).
      stamped = re !== BUILDKIT;
      // Celery: `[2024-01-01 10:00:00,123: ERROR/MainProcess] …`.
      const lv = /\b(ERROR|CRITICAL|WARNING|WARN|INFO|DEBUG)\b/.exec(inner);
      if (lv) return { rest: s, level: toLevel(lv[1]!) };
      break;
    }
  }
  // A second timestamp (journald line carrying an app's own ISO timestamp); Heroku's `app[web.1]: `.
  if (stamped) {
    const again = ISO_TS.exec(s);
    if (again && again[0].length < s.length) s = s.slice(again[0].length);
    // An empty line of the app's output is the source alone.
    const source = HEROKU_SOURCE.exec(s);
    if (source) s = s.slice(source[0].length);
  }
  // Fly.io's: the process and machine, the region, the level, and the line as printed, its indent kept
  // (its timestamp may be gone with the CI's, which has the same shape).
  const fly = s.includes('] ') ? FLY_SOURCE.exec(s) : null;
  // (Fly rates everything the app writes `info`, its exceptions too: no rating of the app's own.)
  if (fly) return { rest: s.slice(fly[0].length), level: fly[1] === 'info' ? null : toLevel(fly[1]!) };
  const apache = s.startsWith('[') ? APACHE_ERROR_LOG.exec(s) : null;
  if (apache)
    // (`emerg`, `alert` and `crit` are errors to `toLevel`, as every word it does not know; `trace1` to
    // `trace8` are its debugging levels.)
    return { rest: s.slice(apache[0].length), level: toLevel(apache[1]!.replace(/\d$/, '')) };
  // Spring Boot's level, right-aligned to five columns, before its pid and `---`: a line pasted whole
  // whose timestamp went as the runner's would (` INFO 2871 --- [main] …`).
  const spring = s.includes(' --- ') ? SPRING_LEVEL.exec(s) : null;
  if (spring) {
    const rest = s.slice(spring[0].length);
    const tail = LOG4J_TAIL.exec(rest);
    return { rest: tail ? rest.slice(tail[0].length) : rest, level: toLevel(spring[1]!) };
  }
  // logrus's text format on a terminal: the level's first four letters and the time in brackets.
  const logrus = s[4] === '[' ? LOGRUS.exec(s) : null;
  if (logrus) return { rest: s.slice(logrus[0].length), level: LOGRUS_LEVEL[logrus[1]!]! };
  const uv = UVICORN_LEVEL.exec(s);
  if (uv && uv[0].length === 10) return { rest: s.slice(10), level: toLevel(uv[1]!) };
  const py = PY_LOGGING.exec(s);
  if (py) return { rest: s.slice(py[0].length), level: toLevel(py[1]!) };
  // `<error …` without its `>` is an XML element (a JUnit report's `<error message="…" type="…">`), not a level.
  const lw0 = LEVEL_WORD.exec(s);
  const lw = lw0 && lw0[0].startsWith('<') && !lw0[0].includes('>') ? null : lw0;
  // Unstamped, only `[ERROR] x`, `<error> x` or an upper-case word and spaces (`ERROR   x`) count.
  const unstampedOk = lw && (/^[[<]/.test(s) || (lw[1] === lw[1]!.toUpperCase() && !lw[0].includes(':')));
  // `Error: message` after a timestamp is a program's own error line (Node's `Error: Cannot find module`
  // under `docker logs -t`, Heroku's or kubectl's timestamps), not a logger's level: loggers write theirs
  // in capitals (`ERROR:`), lower case (winston's `error:`) or brackets.
  const errorClass = lw?.[1] === 'Error' && lw[0].startsWith('Error:');
  // So is a sentence that begins with the word (`Error from server (BadRequest): …`, kubectl's under
  // Jenkins' timestamps; `Warning while …`): a logger's title-case level is not followed by a lower-case word.
  const sentence = lw !== null && /^[A-Z][a-z]{2,7} [a-z]/.test(s);
  if (lw && !errorClass && !sentence && (stamped || unstampedOk) && lw[0].length < s.length) {
    let rest = s.slice(lw[0].length);
    const tail = LOG4J_TAIL.exec(rest);
    if (tail) rest = rest.slice(tail[0].length);
    // MkDocs writes its level padded to eight columns, then ` -  ` (`ERROR    -  Config value 'plugins': …`).
    else if (rest.startsWith('-  ')) rest = rest.slice(3);
    return { rest, level: toLevel(lw[1]!) };
  }
  return { rest: s, level: null };
}

const LOGCAT_LEVEL: Record<string, LogLevel> = {
  V: 'debug',
  D: 'debug',
  I: 'info',
  W: 'warn',
  E: 'error',
  F: 'error',
  A: 'error',
};

function toLevel(word: string): LogLevel {
  const w = word.toUpperCase();
  if (w.startsWith('WARN')) return 'warn';
  if (w === 'INFO' || w === 'NOTICE' || w === 'SUCCESS') return 'info';
  if (w === 'DEBUG' || w === 'TRACE') return 'debug';
  return 'error';
}

interface Wrapped {
  text: string;
  marker: string | null;
  level: LogLevel;
  /** The line's length as the console showed it (before unwrapping prefixes and mojibake). */
  width: number;
  quoted: boolean;
}

/**
 * Joins lines hard-wrapped at the console width. The width is the document's longest line length (at
 * least 40 columns) when three or more different lines reach it (within one column: a cut on a space
 * loses the space to `trimEnd`) and lengths just below it are not much more common. A line that long is
 * continued by the next one unless that one is blank. A rule (one character repeated: Catch2's and
 * many reporters' 79 dashes; a table's `----- ------- ----` under its header), and a heading drawn between
 * two (pytest's `===== FAILURES =====` and `_____ test_sum _____`, to the terminal's width), are separators
 * drawn to a width, neither a console's cut nor continued.
 */
const RULE = /^([-=_.*#~+])\1+(?: {1,4}\1+)*$|^([-=_*#~+])\2{2,} \S.{0,300} \2{3,}$/;
/**
 * So is a row whose last cell is aligned in a column: Robot Framework's `Login works     | FAIL |`,
 * pytest's progress `tests/test_api.py ..F.     [ 40%]`, behave's step and its location `Then it is 3
 * # features/steps/calc.py:17 0.001s`.
 */
const STATUS_CELL = /\S {2,}(?:\| [A-Z]{2,8} \||\[ {0,2}\d{1,3}%\]|# \S{1,300}:\d{1,7}(?: [\d.]{1,10}s)?)$/;
/** And a table drawn with box characters (Trivy's, `pnpm audit`'s, cli-table's): its rows and its rules. */
const BOX_ROW = /^\s{0,8}[│┃║].{0,2000}[│┃║]\s*$|^\s{0,8}[┌├└╔╠╚┏┣┗][─━═┬┼┴╦╬╩┳╋┻]{2,2000}[┐┤┘╗╣╝┓┫┛]\s*$/;
const drawnToWidth = (text: string) => RULE.test(text.trim()) || STATUS_CELL.test(text) || BOX_ROW.test(text);

function joinHardWraps(lines: Wrapped[]): Wrapped[] {
  const width = consoleWidth(lines);
  if (width === 0) return lines;
  const out: Wrapped[] = [];
  for (let i = 0; i < lines.length; i++) {
    const cur = { ...lines[i]! };
    let shown = cur.width;
    while (shown >= width - 2 && shown <= width && i + 1 < lines.length && !drawnToWidth(cur.text)) {
      const next = lines[i + 1]!;
      if (next.text.trim() === '' || cur.text.length + next.text.length > MAX_LINE) break;
      // Two columns short: only when the next line goes on at column 0, as a continuation does.
      if (shown === width - 2 && /^\s/.test(next.text)) break;
      // Short of the width: the console cut at a space that `trimEnd` removed.
      cur.text = (shown < width ? `${cur.text} ` : cur.text) + next.text;
      i++;
      shown = next.width;
    }
    out.push(cur);
  }
  return out;
}

function consoleWidth(lines: Wrapped[]): number {
  let max = 0;
  for (const l of lines) if (l.width > max && !drawnToWidth(l.text)) max = l.width;
  if (max < 40) return 0;
  // A console cut: several different lines end at the same column (or one short of it, where the cut
  // fell on a space), and the lengths just below it are rarer than at it.
  const atMax = new Set<string>();
  let near = 0;
  for (const l of lines) {
    if (drawnToWidth(l.text)) continue;
    if (l.width >= max - 1) atMax.add(l.text);
    else if (l.width >= max - 6) near++;
  }
  if (atMax.size * 2 < near) return 0;
  // Fewer lines at the width: only a console's cut inside words, where lines just short of it are rarer still.
  return atMax.size >= 3 || (near <= atMax.size && windowsConsoleCut(lines, max)) ? max : 0;
}

/**
 * The Windows console's buffer is 120 columns wide (80 before Windows 10) and it cuts a line there, in the
 * middle of a word if need be (`…:in \`parse_source': undefined metho` / `d \`[]' for nil:NilClass`).
 * Two lines cut so at exactly that width, each going on at column 0 of the next with a word character,
 * say it even where fewer lines reached the width than the general rule asks for (a text wrapped by an
 * editor has many lines just short of its width, which the caller has ruled out already).
 */
function windowsConsoleCut(lines: Wrapped[], max: number): boolean {
  if (max !== 120 && max !== 80) return false;
  let cuts = 0;
  for (let i = 0; i + 1 < lines.length; i++) {
    const { text, width } = lines[i]!;
    if (width === max && /[\p{L}\p{N}_]$/u.test(text) && /^[\p{L}\p{N}_`]/u.test(lines[i + 1]!.text)) cuts++;
  }
  return cuts >= 2;
}

/** Bytes 0x80–0xFF as the Windows console code pages show them (cp437, cp850) and as cp1252 does. */
const CODE_PAGES = [
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u00a0',
  'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒáíóúñÑªº¿®¬½¼¡«»░▒▓│┤ÁÂÀ©╣║╗╝¢¥┐└┴┬├─┼ãÃ╚╔╩╦╠═╬¤ðÐÊËÈıÍÎÏ┘┌█▄¦Ì▀ÓßÔÒõÕµþÞÚÛÙýÝ¯´\u00ad±‗¾¶§÷¸°¨·¹³²■\u00a0',
].map((s) => new Map([...s].map((ch, i) => [ch, 0x80 + i])));
const MOJIBAKE_LEAD = /[ΓÔâ├]/;

/**
 * UTF-8 runner glyphs (`●`, `›`, `✓`, `×`) that a console decoded with its OEM code page show up as
 * three-character runs (`ÔùÅ`, `ΓùÅ`). Such a run is decoded back when it makes a symbol (U+2000 and up,
 * or `×`); accented letters are left as they are.
 */
export function fixMojibake(line: string): string {
  if (!MOJIBAKE_LEAD.test(line)) return line;
  let out = '';
  for (let i = 0; i < line.length; i++) {
    let fixed: string | null = null;
    for (const table of CODE_PAGES) {
      const lead = table.get(line[i]!);
      if (lead === undefined) continue;
      const need = lead >= 0xe0 && lead < 0xf0 ? 2 : lead >= 0xc2 && lead < 0xe0 ? 1 : 0;
      if (need === 0) continue;
      const bytes = [lead];
      for (let k = 1; k <= need; k++) {
        const b = table.get(line[i + k] ?? '');
        if (b === undefined || b > 0xbf) break;
        bytes.push(b);
      }
      if (bytes.length !== need + 1) continue;
      const ch = Buffer.from(bytes).toString('utf8');
      const cp = ch.codePointAt(0) ?? 0;
      if (ch.length === 1 && (cp >= 0x2000 || cp === 0xd7)) {
        fixed = ch;
        i += need;
        break;
      }
    }
    out += fixed ?? line[i]!;
  }
  return out;
}

export type { FramedLine };
