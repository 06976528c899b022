import { escapeRegExp } from '../text/escape-regexp.js';
import { BUILD_TOOL_EXCEPTION } from './build-tool-exception.js';
import { candidate as cand, EXCEPTION_NAME, type Candidate } from './candidate.js';
import { canonicalMessage } from './canonical-messages.js';
import { languageOfName, languageOfTyped } from './error-class-language.js';
import { languageOfFramesBelow } from './frame-language.js';
import { languageOfMessage } from './message-language.js';
import type { LogLevel } from './normalize.js';
import { lintReport } from './lint-reports.js';
import { languageOfPath } from './path-language.js';
import { PS_NOT_RECOGNIZED } from './powershell.js';
import { CHAIN as PYTHON_CHAIN } from './python.js';
import { shellLintFinding } from './shell-lint.js';
import { toolError } from './tool-errors.js';
import { xctestFailure } from './xctest.js';

/**
 * The language-agnostic candidate detector. It looks at every normalized line for the shapes that
 * failures take across tools and runtimes, and scores each candidate:
 *
 * | strength | what                                                                            |
 * |---|---|
 * | 3   | a tool's diagnostic with a location or code (compilers, linters, type checkers, runtimes' fatal lines) |
 * | 2   | a typed error line on its own (`FooError: msg`, `Caused by: x.y.FooException`) |
 * | 1.5 | a localized or notifier form (`原因: java.lang.X`, `Error type: X`, `X in Controller#action`) |
 * | 1   | a typed error inside prose (an inline code span), a line a logger rated WARN |
 * | 0.8 | a canonical runtime message without its class (`Object reference not set…`)  |
 * | 0.2 | a wrapper: exit codes, `make: ***`, `error: could not compile`, npm `ELIFECYCLE` |
 *
 * The per-language readers (python.ts, java.ts…) find the same failures with their structure (frames,
 * code) at strength 3; the extractor keeps the strongest, earliest one first.
 */
export interface DetectInput {
  lines: string[];
  levels: LogLevel[];
}

export function detectCandidates({ lines, levels }: DetectInput): Candidate[] {
  const out: Candidate[] = [];
  const ctx = documentContext(lines);
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.length === 0) continue;
    const level = levels[i] ?? null;
    if (level === 'info' || level === 'debug') continue;
    const line = view(raw);
    if (!line) continue;
    // A PowerShell error record's fields are read with the record (`powerShellError`), never alone.
    if (line.startsWith('CategoryInfo ') || line.startsWith('FullyQualifiedErrorId ')) continue;
    // Every family but a bare class name, a notifier's "X in ctrl#action", a canonical message, a signal
    // and some tools' own lines (pnpm codes, Yarn, pre-commit) needs one of these characters: most
    // lines of a long log are done after one scan.
    if (!PUNCTUATED.test(line)) {
      const bare =
        typedLine(lines, line, i) ??
        notifier(lines, line, i) ??
        canonicalMessage(line, i) ??
        killedBySignal(line, i) ??
        springBootFailure(lines, line, i) ??
        bundlerSolveFailure(lines, line, i) ??
        sqlServerMessage(lines, line, i) ??
        lintReport(lines, line, i) ??
        toolMessage(lines, line, i, ctx);
      if (bare) out.push(bare);
      continue;
    }
    const helm = ctx.helmLint && level === 'error' ? helmLintFinding(line, i) : null;
    if (helm) {
      out.push(helm);
      continue;
    }
    const tool = toolDiagnostic(lines, line, i, ctx, level);
    const found =
      (tool && withCaretCode(tool, lines, i)) ??
      lintReport(lines, line, i) ??
      toolError(lines, line, i, ctx.yarnBerry) ??
      mkdocsConfigError(lines, line, i) ??
      runtimeLine(lines, line, i) ??
      shellNotFound(line, i) ??
      packageManager(lines, line, i) ??
      clientError(line, i, level) ??
      toolMessage(lines, line, i, ctx) ??
      notifier(lines, line, i) ??
      typedLine(lines, line, i) ??
      killedBySignal(line, i) ??
      ctestCrash(line, i) ??
      killedCompiler(lines, line, i) ??
      wrapper(line, i) ??
      cliError(lines, line, i);
    if (found) {
      if (level === 'warn') found.strength = Math.min(found.strength, 1);
      out.push(found);
      continue;
    }
    // An error a logger rated WARN mid-sentence ("Retrying after ConnectionError: …") was handled.
    if (level === 'warn') continue;
    const inline = inlineTyped(raw, i) ?? inAction(lines, line, i) ?? inProse(line, i) ?? canonicalMessage(line, i);
    if (inline) out.push(inline);
  }
  return out;
}

const PUNCTUATED = /[:(=`'"]|recognized|npm /;

interface DocContext {
  /** The exception Maven names in its `[Help 1]` link (`MojoFailureException`), when it printed one. */
  mavenHelp: string | null;
  /** Yarn 1 printed its banner or its docs link: its `error …` lines are errors. */
  yarn: boolean;
  /** Yarn 2+ reported `Failed with errors`: its `YNxxxx:` lines say why. */
  yarnBerry: boolean;
  /** `helm lint` ran (`==> Linting charts/x/`): its `[ERROR]` lines are its findings. */
  helmLint: boolean;
}

function documentContext(lines: string[]): DocContext {
  let mavenHelp: string | null = null;
  let yarn = false;
  let yarnBerry = false;
  let helmLint = false;
  for (const l of lines) {
    if (!helmLint && l.startsWith('==> Linting ')) helmLint = true;
    if (!yarn && /^yarn (?:install|run|add|upgrade) v\d|yarnpkg\.com\/en\/docs\/cli\//.test(l)) yarn = true;
    // Yarn 4 puts a bullet before it: `➤ YN0000: · Failed with errors in 2s 711ms`.
    if (!yarnBerry && l.includes('YN0000: ') && /YN0000: (?:· )?Failed with errors/.test(l)) yarnBerry = true;
    if (mavenHelp) continue;
    const m = /\[Help 1\] https?:\/\/\S{1,200}\/(\w{1,80}Exception)\s*$/.exec(l);
    if (m) mavenHelp = m[1]!;
  }
  return { mavenHelp, yarn, yarnBerry, helmLint };
}

/** A located diagnostic after xcpretty's mark; its severity (group 3) is left out for errors: `/…/View.swift:12:5: cannot find …`. */
const XCPRETTY_LOCATED =
  /^([\w.~$@/\\][^:\s]{0,300}:\d{1,7}:(?:\d{1,7}:)?) (((?:fatal )?error:|warning:|note:)?.{1,1000})$/;

/** A line as a detector reads it: trimmed, list bullet and surrounding quotes or backticks removed. */
function view(raw: string): string {
  let s = raw.trim();
  s = s.replace(/^(?:[-*+•]|\d{1,3}[.)])\s+(?=\S)/, '');
  // xcpretty's marks (and fastlane's, which prints xcodebuild through it): `▸ ` before a step or a raw
  // xcodebuild line; `❌  ` (`[x] ` without Unicode) before an error, a located one printed without its
  // `error:` (`❌  /…/View.swift:12:5: cannot find 'x' in scope`), which it is.
  if (s.startsWith('▸ ')) s = s.slice(2).trimStart();
  else if (s.startsWith('❌ ') || s.startsWith('[x] ')) {
    const rest = s.slice(s.indexOf(' ') + 1).trimStart();
    const located = XCPRETTY_LOCATED.exec(rest);
    if (located) s = located[3] ? rest : `${located[1]} error: ${located[2]}`;
    else if (/^[\w+.-]{1,20}: /.test(rest)) s = rest;
  }
  // A tool's box around a command's output (GoReleaser's `│ gcc_arm64.S:30: Error: …`) before a located
  // diagnostic (Terraform's own `│ Error:` box is read as it is).
  if (s.startsWith('│') || s.startsWith('┃')) s = s.replace(/^[│┃] {1,4}(?=[^\s:]{1,300}:\d{1,7}[:(])/, '');
  if (s.includes('**')) s = s.replace(/\*\*([^*\n]{1,300})\*\*/g, '$1');
  const wrapped = /^([`"'])(.*)\1$/.exec(s);
  if (wrapped) s = wrapped[2]!.trim();
  else if (/^["`]/.test(s) && !/^["`].*["`]/.test(s)) s = s.slice(1);
  return s;
}

// ---------------------------------------------------------------------------------------------------
// Compilers, linters, type checkers: `path:line[:col]: …` and `path(line,col): error CODE: …`.

const PATH_LINE = /^([\w.~$@/\\][^:]{0,300}|[A-Z]:[\\/][^:]{0,300}):(\d+):(?:(\d+)(?!\d):?)? ?(.*)$/i;
/**
 * MSBuild's `file(line,col): error CODE: …`; cl.exe prints no column unless asked, and `fatal error` for
 * C1xxx; `dotnet format --verify-no-changes` names its formatting rules in words (`error WHITESPACE: …`).
 */
/**
 * MSBuild's canonical diagnostic, `file(line,col): [subcategory] error CODE: text [project]`; the
 * subcategory names the tool (`XamlC error XFC0000: …` from .NET MAUI's XAML compiler).
 */
const PAREN_LOCATION =
  /^(\S.{0,300}?)\((\d+)(?:,(\d+)(?:,\d+,\d+)?)?\): ?(?:[A-Z][A-Za-z]{1,30} )?(?:fatal )?(error|warning) ([A-Z]{1,8}\d{1,6}|WHITESPACE|FINALNEWLINE|CHARSET|ENDOFLINE|IMPORTS): ?(.*)$/;
const BARE_CODED = /^(?:\S.{0,300}?: )?error ([A-Z]{2,8}\d{2,6}): (.+)$/;
/**
 * The EDG front end's diagnostics, as nvcc (CUDA), the Intel and NVIDIA HPC compilers print them:
 * `kernel.cu(626): error: identifier "__hmax2" is undefined`, a number with `--display_error_number`
 * (`error #20:`, `error #20-D:`), `catastrophic error:` for a missing include.
 */
const EDG_DIAGNOSTIC =
  /^(\S.{0,300}?\.(?:cu|cuh|c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|inl))\((\d{1,7})\): (?:catastrophic )?error(?: #\d{1,5}(?:-D)?)?: (\S.{0,1000})$/;
const MAVEN_JAVAC = /^(\S.{0,300}?\.java):\[(\d+),(\d+)\] (.+)$/;
const FLAKE8_CODE = /^([A-Z]{1,3}\d{2,4}) (?:\[\*\] )?(.+)$/;
const PYLINT_CODE = /^([CRWEF]\d{4}): (.+?) \(([a-z][\w-]{0,60})\)$/;
const MYPY_CODE = /\s\[([a-z][\w-]{0,60})\]$/;
const KEYED = /^\[([A-Z][\w-]{0,40}\/[\w-]{1,60})\] (.+)$/;
/** ESLint's compact formatter: `src/api.js: line 14, col 3, Error - Unable to resolve path … (import/no-unresolved)`. */
const ESLINT_COMPACT =
  /^(\S.{0,500}?): line (\d{1,7}), col \d{1,5}, (Error|Warning) - (\S.{0,1000}?)(?: \(([@\w/-]{1,100})\))?$/;
const ESLINT_ROW = /^(\d+):(\d+)\s+(error|warning)\s+(\S.*)$/;
const GO_LINTER = /^(\S.{0,500}) \(([a-z][\w-]{1,40}|(?:SA|S|ST|QF|U)\d{4})\)$/;
const KTLINT = /^(\S.{0,500}) \(((?:[a-z][\w-]{0,40}:)?[a-z][\w-]{1,60})\)$/;
/**
 * A JVM linter's check name in brackets after the message: detekt's plain report (`RouteResolver.kt:42:9:
 * The function resolveRoute appears to be too complex … [CyclomaticComplexMethod]`) and Checkstyle's
 * (`[ERROR] Foo.java:3:8: Unused import - java.util.Optional. [UnusedImports]`).
 */
const JVM_CHECK = /^(\S.{1,1000}) \[([A-Z][A-Za-z\d]{2,60})\]$/;
/**
 * markdownlint-cli2's `docs/x.md:23 MD032/blanks-around-lists Lists should be surrounded by blank lines
 * [Context: "- Promote …"]` (markdownlint-cli's puts a colon and a space after the location).
 */
const MARKDOWNLINT =
  /^(\S{1,300}\.(?:md|markdown)):(\d{1,7})(?::\d{1,5})?:? (MD\d{3})(?:\/[\w-]{1,60}){0,3} (\S.{1,1000}?)(?: \[(?:Context|Expected)[^\]\n]{0,300}\])*$/i;
/** codespell: `docs/reconciliation.md:41: seperate ==> separate` (several suggestions comma-separated). */
const CODESPELL = /^(\S{1,100}) ==> (\S.{0,300})$/;
const SORBET = /^(\S.{1,1000}) https:\/\/srb\.help\/(\d{4})$/;
const ACTIONLINT = /^(\S.{1,1000}) \[([a-z][\w-]{1,40})\]$/;
/** staticcheck's check codes (SA, S, ST, QF, U and four digits), as golangci-lint prints them first. */
const STATICCHECK_CODE = /^((?:SA|S|ST|QF|U)\d{4}): (\S.{0,500})$/;
/** Pyright's rule, after the last line of the message: `(reportAttributeAccessIssue)`. */
const PYRIGHT_RULE = /\s\((report[A-Z]\w{2,60})\)$/;
/** Android Lint's issue id after an `Error:` message: `[NewApi]`, `[MissingPermission]`. */
const ANDROID_LINT_ID = /\s\[([A-Z][A-Za-z\d]{2,60})\]$/;
/**
 * C and C++ analyzers name their check after the message, in gcc's diagnostic format: cppcheck's id
 * (`… out of bounds. [arrayIndexOutOfBounds]`), clang-tidy's check (`[bugprone-use-after-move]`, with
 * `,-warnings-as-errors` when a warning was made an error). gcc's and clang's own flags start with `-W`.
 */
const C_CHECK_ID = /\s\[([a-z][A-Za-z\d]{2,60}|[a-z][a-z\d]{1,30}(?:-[\w.]{1,60}){1,8})(?:,-warnings-as-errors)?\]$/;
/** RuboCop's offense (its simple and progress formatters): `C: [Correctable] Style/GuardClause: message`. */
const RUBOCOP =
  /^[CWEFRI]: (?:\[(?:Correctable|Corrected|Todo)\] )?([A-Z][A-Za-z]{1,40}(?:\/[A-Z][A-Za-z\d]{1,60})+): (\S.{0,1000})$/;
/**
 * tsc's code and message after the location, `- error TS2305: …` in its pretty form; Angular's compiler
 * prints its `NG` codes the same way, and the TypeScript language server's checks (`astro check`) print
 * the code as an editor shows it, `- error ts(2339): …`.
 */
const TSC_INLINE = /^-? ?error ((?:TS|NG)\d{3,5}|ts\(\d{3,5}\)): ?(.+)$/;
/**
 * Steep's diagnostic: `lib/x.rb:48:20: [error] Cannot pass a value of type …`, its check named a few lines
 * below behind the box's rule (`│ Diagnostic ID: Ruby::ArgumentTypeMismatch`). A `[warning]` fails nothing.
 */
const STEEP = /^\[(error|warning|information|hint)\] (\S.{0,1000})$/;
const STEEP_ID = /^[│|]\s{0,4}Diagnostic ID: ([A-Z]\w{0,40}::[A-Z]\w{0,80})$/;

function toolDiagnostic(
  lines: string[],
  line: string,
  i: number,
  ctx: DocContext,
  level: LogLevel | null = null,
): Candidate | null {
  const shell = shellLintFinding(lines, line, i);
  if (shell) return shell;
  const paren = PAREN_LOCATION.exec(line);
  if (paren) {
    if (paren[4] !== 'error') return null;
    const code = paren[5]!;
    const message = paren[6]!.replace(/\s\[[^\]]{1,400}\]$/, '').trim();
    const byCode = languageOfCode(code);
    const language = byCode === 'unknown' ? languageOfPath(paren[1]!) : byCode;
    // MSBuild's own "command exited with code" is a consequence of the error printed before it.
    const strength = /^MSB3073$|^MSB4181$/.test(code) ? 0.2 : 3;
    return withFrame(cand(language, code, message, line, i, strength), paren[1]!, paren[2]!);
  }
  const edg = line.includes('): ') ? EDG_DIAGNOSTIC.exec(line) : null;
  if (edg) return withFrame(cand('cpp', 'error', edg[3]!.trim(), line, i, 3), edg[1]!, edg[2]!);
  const compact = line.includes(', col ') ? ESLINT_COMPACT.exec(line) : null;
  if (compact) {
    if (compact[3] !== 'Error') return null;
    const c = cand(languageOfPath(compact[1]!), compact[5] ?? 'error', compact[4]!.trim(), line, i, 3);
    return withFrame(c, compact[1]!, compact[2]!);
  }
  const mj = MAVEN_JAVAC.exec(line);
  if (mj) {
    const c = cand('java', ctx.mavenHelp ?? 'MojoFailureException', mj[4]!.trim(), line, i, 3);
    return withFrame(c, mj[1]!, mj[2]!);
  }
  const tsc = TSC_INLINE.exec(line);
  if (tsc) return cand('typescript', tscCode(tsc[1]!), tsc[2]!.trim(), line, i, 3);
  const md = line.includes(' MD') ? MARKDOWNLINT.exec(line) : null;
  if (md) return withFrame(cand('unknown', md[3]!, md[4]!.trim(), line, i, 3), md[1]!, md[2]!);
  const bare = BARE_CODED.exec(line);
  if (bare && !PATH_LINE.test(line)) return cand(languageOfCode(bare[1]!), bare[1]!, bare[2]!.trim(), line, i, 2.5);
  const pl = PATH_LINE.exec(line);
  if (!pl || !/[\\/.]/.test(pl[1]!) || (/\s/.test(pl[1]!.replace(/^[A-Z]:/i, '').trim()) && !/\.\w{1,6}$/.test(pl[1]!)))
    return null;
  const [, file, ln, , rest] = pl;
  const body = rest!.trim();
  // tsc's pretty form: `file.ts:2:15 - error TS2305: …`.
  const ts = TSC_INLINE.exec(body);
  if (ts) return withFrame(cand('typescript', tscCode(ts[1]!), ts[2]!.trim(), line, i, 3), file!, ln!);
  const lang = languageOfPath(file!);
  const steep = lang === 'ruby' && pl[3] ? STEEP.exec(body) : null;
  if (steep) {
    if (steep[1] !== 'error') return null;
    let id: RegExpExecArray | null = null;
    // Its own box only: the next diagnostic's head ends the search.
    for (let k = i + 1; k < Math.min(lines.length, i + 16) && !id && !/: \[\w{4,11}\] /.test(lines[k]!); k++)
      id = STEEP_ID.exec(lines[k]!.trim());
    return withFrame(cand('ruby', id ? id[1]! : 'error', steep[2]!.trim(), line, i, 3), file!, ln!);
  }
  // gcc/clang/rustc `error:`, Dart's `Error:`; GHC prints its message on the indented lines below.
  const err = /^(?:- )?(?:fatal )?(?:error|Error): ?(.*)$/.exec(body);
  if (err) {
    let message = err[1]!.trim();
    let type = 'error';
    // GHC ≥ 9.6 puts only its code on the line: `error: [GHC-83865]`.
    const code = /^\[([A-Z][\w-]{1,40})\]$/.exec(message);
    if (code) {
      type = code[1]!;
      message = '';
    }
    if (!message && /^\s/.test(lines[i + 1] ?? '')) message = lines[i + 1]!.trim().replace(/^[•*-]\s*/, '');
    const mypy = lang === 'python' ? MYPY_CODE.exec(message) : null;
    if (mypy) {
      type = mypy[1]!;
      message = message.slice(0, mypy.index).trim();
    }
    // Pyright names the rule after the message, which may go on over more indented lines.
    const pyright = lang === 'python' && !mypy ? pyrightRule(lines, i, message) : null;
    if (pyright) {
      type = pyright;
      message = message.replace(PYRIGHT_RULE, '').trim();
    }
    // Android Lint: `TrackRecorder.kt:87: Error: Call requires API level 31 … [NewApi]`.
    const androidLint = body.startsWith('Error:') ? ANDROID_LINT_ID.exec(message) : null;
    if (androidLint) {
      type = androidLint[1]!;
      message = message.slice(0, androidLint.index).trim();
    }
    const cCheck = lang === 'c' || lang === 'cpp' ? C_CHECK_ID.exec(message) : null;
    if (cCheck) {
      type = cCheck[1]!;
      message = message.slice(0, cCheck.index).trim();
    }
    const xct = lang === 'swift' || message.startsWith('-[') ? xctestFailure(message) : null;
    if (xct) ({ type, message } = xct);
    const keyed = xct ? null : KEYED.exec(message);
    if (keyed) {
      type = keyed[1]!;
      message = keyed[2]!.trim();
    }
    return withFrame(cand(lang, type, message, line, i, 3), file!, ln!);
  }
  const cop = pl[3] ? RUBOCOP.exec(body) : null;
  if (cop) return withFrame(cand('ruby', cop[1]!, cop[2]!.trim(), line, i, 3), file!, ln!);
  // golangci-lint: `conn.go:42:2: ineffectual assignment to err (ineffassign)` (a column: `go test`'s
  // `x_test.go:8: msg` lines have none and are go.ts's).
  // staticcheck's own format puts its check's code there: `csv.go:51:2: this value of err is never used
  // (SA4006)`; through golangci-lint the code leads the message: `SA4006: this value … (staticcheck)`.
  const lint = lang === 'go' && pl[3] ? GO_LINTER.exec(body) : null;
  if (lint) {
    const check = STATICCHECK_CODE.exec(lint[1]!);
    if (check) return withFrame(cand('go', check[1]!, check[2]!.trim(), line, i, 3), file!, ln!);
    return withFrame(cand('go', lint[2]!, lint[1]!.trim(), line, i, 3), file!, ln!);
  }
  // ktlint: `Foo.kt:48:1: Unexpected blank line(s) before "}" (standard:no-blank-line-before-rbrace)`.
  const ktlint = lang === 'kotlin' && pl[3] ? KTLINT.exec(body) : null;
  if (ktlint) return withFrame(cand('kotlin', ktlint[2]!, ktlint[1]!.trim(), line, i, 3), file!, ln!);
  const check = (lang === 'kotlin' || lang === 'java') && pl[3] ? JVM_CHECK.exec(body) : null;
  if (check) return withFrame(cand(lang, check[2]!, check[1]!.trim(), line, i, 3), file!, ln!);
  const typo = body.includes(' ==> ') ? CODESPELL.exec(body) : null;
  if (typo) return withFrame(cand('unknown', null, `${typo[1]!} ==> ${typo[2]!.trim()}`, line, i, 3), file!, ln!);
  // Sorbet: `app/models/order.rb:42: Method \`cents\` does not exist … https://srb.help/7003`.
  const sorbet = lang === 'ruby' ? SORBET.exec(body) : null;
  if (sorbet) return withFrame(cand('ruby', sorbet[2]!, sorbet[1]!.trim(), line, i, 3), file!, ln!);
  // actionlint: `.github/workflows/ci.yml:19:29: property "node" is not defined … [expression]`.
  const actionlint = pl[3] && /\.ya?ml$/.test(file!) ? ACTIONLINT.exec(body) : null;
  if (actionlint) return withFrame(cand('unknown', actionlint[2]!, actionlint[1]!.trim(), line, i, 3), file!, ln!);
  // sbt and other build tools print a located diagnostic at their `[error]` level with no `error:` word.
  if (level === 'error' && body && lang !== 'unknown')
    return withFrame(cand(lang, 'error', body, line, i, 3), file!, ln!);
  if (lang === 'python') {
    const pylint = PYLINT_CODE.exec(body);
    if (pylint) return withFrame(cand('python', pylint[1]!, pylint[2]!.trim(), line, i, 3), file!, ln!);
    const f8 = FLAKE8_CODE.exec(body);
    if (f8) return withFrame(cand('python', f8[1]!, f8[2]!.trim(), line, i, 3), file!, ln!);
  }
  return null;
}

/**
 * `helm lint`'s finding at its `[ERROR]` level (read off the line as its level): `templates/: template:
 * api/templates/deployment.yaml:58:34: executing … nil pointer evaluating interface {}.memory`. Its
 * `Error: 1 chart(s) linted, 1 chart(s) failed` is the consequence.
 */
function helmLintFinding(line: string, i: number): Candidate | null {
  if (!/^\S{1,300}: \S/.test(line)) return null;
  const c = cand('kubernetes', 'ERROR', line, `[ERROR] ${line}`, i, 3);
  const at = /(\S{1,300}\.(?:ya?ml|tpl|txt)):(\d{1,7})(?::\d{1,5})?:/.exec(line);
  return at ? withFrame(c, at[1]!, at[2]!) : c;
}

/**
 * Pyright's rule for the diagnostic on line `i`: after its message, on that line or on the last of the
 * more indented lines that go on with it (`    Attribute "next_run" is unknown (reportAttributeAccessIssue)`).
 */
function pyrightRule(lines: string[], i: number, message: string): string | null {
  const own = PYRIGHT_RULE.exec(message);
  if (own) return own[1]!;
  const indent = /^\s*/.exec(lines[i]!)![0].length;
  let last: string | null = null;
  for (let k = i + 1; k < Math.min(lines.length, i + 12); k++) {
    const l = lines[k]!;
    if (l.trim() === '' || /^\s*/.exec(l)![0].length <= indent) break;
    last = l;
  }
  return last === null ? null : (PYRIGHT_RULE.exec(last)?.[1] ?? null);
}

/** The language a Microsoft toolchain's diagnostic code belongs to: tsc, the .NET SDK's tools, MSVC's cl and link. */
function languageOfCode(code: string): string {
  if (/^(?:TS|NG)\d/.test(code)) return 'typescript';
  if (/^(?:CS|RZ|BC|FS|NU|MSB|NETSDK)\d/.test(code)) return 'csharp';
  if (/^(?:C\d{4}|LNK\d{4})$/.test(code)) return 'cpp';
  return 'unknown';
}

/** A TypeScript code as tsc writes it: `ts(2339)` → `TS2339`. */
function tscCode(code: string): string {
  return code.startsWith('ts(') ? `TS${code.slice(3, -1)}` : code;
}

function withFrame(c: Candidate, file: string, line: string): Candidate {
  // webpack's `ERROR in src/x.ts:3:5 …` reaches here as `in src/x.ts` once its level word is read.
  c.frames = [{ file: file.trim().replace(/^in (?=\S+$)/, ''), line: Number(line), function: null, source: null }];
  return c;
}

const GUTTER = /^\s{0,12}\d{0,7}\s{0,4}\|\s?/;
const CARET_ROW = /^[\s|]*[~^][\s~^]*$/;

/**
 * Compilers print the offending source line under a diagnostic, then a caret row (gcc ≥ 9 and rustc
 * with a `N |` gutter): that line is the failure's code.
 */
function withCaretCode(c: Candidate, lines: string[], i: number): Candidate {
  const src = lines[i + 1] ?? '';
  if (src.trim() === '' || !CARET_ROW.test(lines[i + 2] ?? '')) return c;
  const code = src.replace(GUTTER, '').trim();
  if (code) {
    c.codeLines = [code];
    if (c.frames[0]) c.frames[0].source = code;
  }
  return c;
}

/** eslint's stylish format: a file header line, then `  12:5  error  message  rule-id` rows. */
export function findEslintRows(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  let file: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const l = lines[i]!;
    if (/^\S.{0,300}\.(?:[cm]?[jt]sx?|vue|svelte)$/.test(l.trim()) && !/\s/.test(l.trim())) {
      file = l.trim();
      continue;
    }
    if (!file) continue;
    const row = ESLINT_ROW.exec(l.trim());
    if (!row) {
      if (l.trim() === '') file = null;
      continue;
    }
    if (row[3] !== 'error') continue;
    const cols = row[4]!.split(/\s{2,}/);
    const rule = cols.length > 1 ? cols[cols.length - 1]! : null;
    if (!rule || !/^@?[\w-]{1,60}(?:\/[\w-]{1,60})?$/.test(rule)) continue;
    const message = cols.slice(0, -1).join('  ').trim();
    const c = cand(/\.tsx?$/.test(file) ? 'typescript' : 'javascript', rule, message, l.trim(), i, 3);
    out.push(withFrame(c, file, row[1]!));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Runtimes' fatal lines.

/**
 * Go's runtime: `fatal error: all goroutines are asleep - deadlock!`, glued to a shell's `$ ` prompt where
 * the program outlived the command that started it and printed after the prompt came back.
 */
const GO_FATAL = /^(?:\$ )?fatal error: (.+)$/;
const DATA_RACE = /^WARNING: DATA RACE$/;
const RUST_ICE = /^error: internal compiler error: ?(.*)$/;
const RUSTC_ICE_PANIC = /^thread 'rustc' panicked at (.+)$/;
/** Node prints an error without a stack as `[Name: message]`, its properties after ` {` (unhandled rejections). */
const NODE_BRACKETED = /^\[([A-Z]\w{0,80}(?:Error|Rejection|Exception)): (.{3,2000})\](?: \{)?$/;
/**
 * OCaml's uncaught exception, as the runtime prints it: `Fatal error: exception Not_found`,
 * `Fatal error: exception Failure("int_of_string")`, `Fatal error: exception Mylib.Parse_error(3, "x")`.
 */
const OCAML_UNCAUGHT =
  /^Fatal error: exception ((?:[A-Z]\w{0,80}\.){0,6}[A-Z]\w{0,80})(?:\s*\((.{0,1000})\)|\s+(\S.{0,1000}))?$/;
const PHP_FATAL = /^(PHP )?(Fatal error|Parse error|Catchable fatal error|Recoverable fatal error): {1,4}(.+)$/;
/** PHP names the script in every error (`in /x.php:3`, `in /x.php on line 3`); without `PHP ` it must. */
const PHP_LOCATION = /\.php\b|\bon line \d+\.?$/;
/**
 * Swift's runtime trap, as the standard library prints it: `Fatal error: <msg>`, after the source
 * location (`Swift/Array.swift:418: `) since Swift 5.3, before it (`: file X.swift, line N`) in older
 * ones; Xcode's debugger shows it after `Thread 1: `.
 */
const SWIFT_FATAL =
  /^(?:Thread \d{1,4}: |(\S{1,300}\.swift):(\d{1,7}): )?Fatal error(?:: (.{0,500}?))?(?:: file (\S{1,300}\.swift), line (\d{1,7}))?$/;
/** What a Swift program prints after its trap: the runtime's stack trace or Swift 5.9's backtracer. */
const SWIFT_AFTER = /^(?:Current stack trace:|💣 Program crashed: |\*\*\* Program crashed: )/;
const PHP_UNCAUGHT = /^Uncaught ([A-Za-z_\\][\w\\]{0,200})(?:: ?(.*))?$/;
/** PHP 5's wording: `Uncaught exception 'GuzzleHttp\Exception\ClientException' with message 'Client error: …'`. */
const PHP5_UNCAUGHT = /^Uncaught exception '([A-Za-z_\\][\w\\]{0,200})' with message '(.*?)'?$/;
const PHP_FRAMEWORK = /^([A-Z]\w{0,80}(?:Error|Exception)) in (\S{1,300}\.php) line (\d+):?$/;
const JVM_MAIN_CLASS: RegExp[] = [
  /^Error: Could not find or load main class (\S+)/,
  /^错误: 找不到或无法加载主类 (\S+)/,
  /^Fehler: Hauptklasse (\S+) konnte nicht gefunden oder geladen werden/,
  /^Erreur : impossible de trouver ou de charger la classe principale (\S+)/,
  /^Error: no se ha encontrado o cargado la clase principal (\S+)/,
  /^エラー: メイン・クラス(\S+)を検出およびロードできませんでした/,
];

/** GNU ld / lld / Apple ld: the unresolved symbol is the failure; `collect2: error: ld returned 1` wraps it. */
const LINKER =
  /^(?:\S.{0,300}?: )?(undefined reference to [`'‘].{1,300}['’])$|^(Undefined symbols for architecture \S+):$/;
/**
 * V8's own fatal errors (Node): `FATAL ERROR: Reached heap limit Allocation failed - JavaScript heap out of
 * memory` (the log-level stripping may leave `ERROR: …`, so the message must name the heap).
 */
const V8_FATAL =
  /^(?:FATAL )?ERROR: (\S.{0,300}(?:JavaScript heap out of memory|Allocation failed|CALL_AND_RETRY_LAST).{0,200})$/;
/**
 * R: `Error in read.csv(f) : object 'df' not found` (the call, then the condition; a long one on the next
 * line), or as rlang and R 4.4 quote the call, `` Error in `library(x)`: there is no package called 'x' ``
 * (`library()`'s condition is a `packageNotFoundError`).
 */
const R_ERROR = /^Error in (`[^`\n]{1,300}`|\S.{0,300}? ):(?: (.{0,1000}))?$/;
/**
 * Julia's uncaught exception: `ERROR: LoadError: UndefVarError: `x` not defined` (a script), `ERROR:
 * MethodError: …` (the REPL), then `Stacktrace:` and `@ file.jl:N` frames. A timestamped log loses the
 * `ERROR: ` to the level stripping.
 */
const JULIA_ERROR = /^(?:ERROR: )?(?:LoadError: )?([A-Z]\w{0,80})(?:: ?(.*))?$/;
const JULIA_FRAME = /^\s*(?:@ \S.{0,300}\.jl:\d+|\[\d+\] .{0,300}\.jl:\d+)/;
/** Terraform's diagnostics box: `╷`, `│ Error: Invalid reference`, `│   on main.tf line 12, in …:`, `╵`. */
const TERRAFORM_BOX = /^[│┃] {0,4}Error: (\S.{0,500})$/;
const TERRAFORM_ON = /^[│┃]\s+on (\S{1,300}) line (\d+)/;
/**
 * TFLint's default format: `Error: "t3.medum" is an invalid value as instance_type
 * (aws_instance_invalid_type)`, the rule last in parentheses, then `  on main.tf line 18:` and the line.
 * The rule is the type (a `Warning:` or `Notice:` issue fails nothing).
 */
const TFLINT = /^Error: (\S.{0,1000}) \(([a-z][a-z\d]{0,30}(?:_[a-z\d]{1,30}){1,12})\)$/;
const TFLINT_ON = /^on (\S{1,300}) line (\d{1,7}):$/;
/** A process killed by a signal, as the shell (`line 4: 4242 Segmentation fault (core dumped) ./t`) or Python says. */
const SIGNAL = /(?:^|\s)(Segmentation fault|Bus error|Illegal instruction)(?:\s|$)/;
const SHELL_JOB_KILLED =
  /^(?:(?:\S{1,200}: )?line \d{1,7}: {1,4}\d{1,9} )?(Killed|Aborted)(?: {1,40}\(core dumped\))?(?: {2,40}\S.{0,300})?$/;
const PY_FATAL = /^Fatal Python error: (\S.{0,300})$/;
/** IPython's mark on a frame's failing line: `----> 2 df.groupby("region")`, `--> 992     return cls(…)`. */
const IPYTHON_ARROW = /^-{1,8}> {1,2}\d{1,7} (.{1,500})$/;
const PY_STARTUP_EXCEPTION = new RegExp(String.raw`^(${EXCEPTION_NAME}): (\S.{0,1000})$`);
/** Elixir / Erlang: `** (ArithmeticError) bad argument in arithmetic expression`. */
const ELIXIR = new RegExp(String.raw`^\*\* \((${EXCEPTION_NAME}|[A-Z]\w{0,80})\) (\S.*)$`);

function runtimeLine(lines: string[], line: string, i: number): Candidate | null {
  const bracketed = line.startsWith('[') ? NODE_BRACKETED.exec(line) : null;
  if (bracketed) return cand('javascript', bracketed[1]!, bracketed[2]!.trim(), line, i, 2.5);
  const ld = LINKER.exec(line);
  if (ld) return cand('c', 'error', ld[1] ?? ld[2]!, line, i, 2.5);
  const v8 = V8_FATAL.exec(line);
  if (v8) return cand('javascript', 'FATAL ERROR', v8[1]!.trim(), line, i, 3);
  const py = PY_FATAL.exec(line);
  if (py) {
    // At startup the interpreter names the exception that stopped it after its state:
    // `Python runtime state: core initialized`, `ModuleNotFoundError: No module named 'encodings'`.
    const state = (lines[i + 1] ?? '').startsWith('Python runtime state: ');
    const cause = state ? PY_STARTUP_EXCEPTION.exec((lines[i + 2] ?? '').trim()) : null;
    if (cause) return cand('python', cause[1]!, cause[2]!.trim(), `${line}\n${lines[i + 2]!.trim()}`, i, 2.5);
    return cand('python', 'Fatal Python error', py[1]!.trim(), line, i, 2.5);
  }
  const r = line.startsWith('Error in ') ? R_ERROR.exec(line) : null;
  if (r) {
    const message = (r[2] ?? '').trim() || nextText(lines, i + 1);
    return cand(
      'r',
      /^there is no package called /.test(message) ? 'packageNotFoundError' : 'Error',
      message,
      line,
      i,
      3,
    );
  }
  const julia = /^(?:ERROR: |LoadError: |[A-Z]\w{0,80}Error\b)/.test(line) ? juliaError(lines, line, i) : null;
  if (julia) return julia;
  const ipy = line.includes('Traceback (') ? IPYTHON_HEAD.exec(line) : null;
  if (ipy) {
    // IPython / Jupyter (nbclient, papermill): the header names the type; the message ends the traceback.
    // Each frame marks its failing line with an arrow (`----> 2 df.groupby(…)`): the code.
    const code: string[] = [];
    for (let k = i + 1; k < Math.min(lines.length, i + 200); k++) {
      const t = lines[k]!.trim();
      const arrow = IPYTHON_ARROW.exec(t);
      if (arrow) code.push(arrow[1]!.trim());
      if (t.startsWith(`${ipy[1]!}:`) || t === ipy[1]) {
        // A chain goes on below ("During handling of the above exception, …"): the last one propagated.
        const next = lines.slice(k + 1, k + 4).find((l) => l.trim() !== '');
        const chained = next !== undefined && PYTHON_CHAIN.test(next.trim());
        const c = cand('python', ipy[1]!, t.slice(ipy[1]!.length + 1).trim(), t, k, chained ? 2.5 : 3);
        c.codeLines = code;
        return c;
      }
      if (IPYTHON_HEAD.test(t)) break;
    }
  }
  const lua = line.startsWith('lua') ? LUA_ERROR.exec(line) : null;
  if (lua) return withFrame(cand('lua', 'error', lua[3]!.trim(), line, i, 3), lua[1]!, lua[2]!);
  const perl = line.includes(' line ') ? PERL_DIE.exec(line) : null;
  if (perl) {
    const message = perl[1]!.replace(/ \(@INC contains:.*$/, '').trim();
    return withFrame(cand('perl', null, message, line, i, 2.5), perl[2]!, perl[3]!);
  }
  const ps =
    line.includes(' : ') || (lines[i + 1] ?? '').trimStart().startsWith('At line:')
      ? powerShellError(lines, line, i)
      : null;
  if (ps) return ps;
  if (SPHINX_AS_ERROR.test(line)) {
    const next = nextText(lines, i + 1);
    const at = /^(\S{1,300}?):(\d+):\s?(.+)$/.exec(next);
    const c = cand('python', 'SphinxWarning', at ? at[3]!.trim() : next, `${line}\n${next}`, i, 3);
    return at ? withFrame(c, at[1]!, at[2]!) : c;
  }
  const tflint = line.endsWith(')') && line.startsWith('Error: ') ? tflintIssue(lines, line, i) : null;
  if (tflint) return tflint;
  const ocaml = /^Error: \S/.test(line) ? ocamlError(lines, line, i) : null;
  if (ocaml) return ocaml;
  const tf = TERRAFORM_BOX.exec(line);
  if (tf) {
    const c = cand('terraform', 'Error', tf[1]!.trim(), line, i, 2.5);
    for (let k = i + 1; k < Math.min(lines.length, i + 5); k++) {
      const on = TERRAFORM_ON.exec(lines[k]!.trim());
      if (on) return withFrame(c, on[1]!, on[2]!);
    }
    return c;
  }
  const ex = ELIXIR.exec(line);
  // `** (CompileError) lib/x.ex: cannot compile module X (errors have been logged)` closes the
  // compiler's diagnostics (elixir.ts): a wrapper of them.
  if (ex)
    return cand(
      'elixir',
      ex[1]!,
      ex[2]!.trim(),
      line,
      i,
      ex[2]!.trimEnd().endsWith('(errors have been logged)') ? 0.3 : 3,
    );
  const go = GO_FATAL.exec(line);
  if (go) return cand('go', 'fatal error', cutProse(go[1]!), line, i, 3);
  if (DATA_RACE.test(line)) {
    const next = (lines[i + 1] ?? '').trim();
    return cand('go', 'data race', next ? `DATA RACE: ${next}` : 'DATA RACE', line, i, 3);
  }
  const ice = RUST_ICE.exec(line);
  if (ice) return cand('rust', 'internal compiler error', ice[1]!.trim(), line, i, 3.5);
  const icePanic = RUSTC_ICE_PANIC.exec(line);
  if (icePanic) {
    const msg = (lines[i + 1] ?? '').trim() || icePanic[1]!;
    return cand('rust', 'internal compiler error', msg, line, i, 3.5);
  }
  const cpp = line.includes('terminat') ? cppTerminate(lines, line, i) : null;
  if (cpp) return cpp;
  const php = PHP_FATAL.exec(line);
  if (php && (php[1] || PHP_LOCATION.test(php[3]!) || languageOfMessage(php[3]!) === 'php')) {
    const body = stripPhpLocation(php[3]!.trim());
    const uncaught = PHP5_UNCAUGHT.exec(body) ?? PHP_UNCAUGHT.exec(body);
    if (uncaught) return cand('php', uncaught[1]!, (uncaught[2] ?? '').trim(), line, i, 3);
    return cand('php', php[2]!, body, line, i, 3);
  }
  const uncaught = line.startsWith('Fatal error: exception ') ? OCAML_UNCAUGHT.exec(line) : null;
  if (uncaught) {
    // A constructor's one string argument is its message (`Failure("int_of_string")`); other arguments
    // are shown as printed; a constant constructor (`Not_found`) is its own message.
    const args = (uncaught[2] ?? uncaught[3] ?? '').trim();
    const one = /^"((?:[^"\\]|\\.)*)"$/.exec(args);
    return cand('ocaml', uncaught[1]!, one ? one[1]! : args || uncaught[1]!, line, i, 3);
  }
  const swift = line.includes('Fatal error') ? SWIFT_FATAL.exec(line) : null;
  if (swift) {
    const file = swift[1] ?? swift[4];
    const after = lines.slice(i + 1, i + 4).some((l) => SWIFT_AFTER.test(l.trim()));
    // A bare `Fatal error: msg` is Swift's when the runtime's trace follows or the standard library's
    // wording says so; else its language is unknown.
    const language =
      file || after || line.startsWith('Thread ') || languageOfMessage(swift[3] ?? '') === 'swift'
        ? 'swift'
        : 'unknown';
    const c = cand(language, 'Fatal error', (swift[3] ?? '').trim() || 'Fatal error', line, i, 3);
    return file ? withFrame(c, file, (swift[2] ?? swift[5])!) : c;
  }
  const fw = PHP_FRAMEWORK.exec(line);
  if (fw) {
    const next = nextText(lines, i + 1);
    return withFrame(cand('php', fw[1]!, next, `${line}\n${next}`, i, 3), fw[2]!, fw[3]!);
  }
  for (const re of JVM_MAIN_CLASS) {
    const m = re.exec(line);
    if (m) return cand('java', 'java.lang.ClassNotFoundException', m[1]!, line, i, 1.5);
  }
  return null;
}

/** IPython's traceback header: `ValueError                                Traceback (most recent call last)`. */
const IPYTHON_HEAD = /^([A-Za-z_][\w.]{0,200})\s{2,}Traceback \(most recent call last\)$/;
/** Lua's standalone interpreter: `lua: main.lua:3: attempt to call a nil value (global 'foo')`. */
const LUA_ERROR = /^lua(?:jit|\d(?:\.\d)?)?: (\S{1,300}\.lua):(\d+): (\S.{0,500})$/;
/** Perl's `die` and compile errors: `Can't locate X.pm in @INC (…) at script.pl line 4.` */
const PERL_DIE = /^(\S.{2,800}?) at (\S{1,300}\.(?:pl|pm|t)|-e) line (\d+)\.?$/;
/** Sphinx with `-W`: `Warning, treated as error:` and the warning on the next line. */
const SPHINX_AS_ERROR = /^Warning, treated as error:$/;
/** PowerShell's error record: `Cmdlet : message`, then `At script.ps1:12 char:1` and `+ CategoryInfo …`. */
/**
 * `Cmdlet : message` (module-qualified too: `NuGet\Install-Package : …`) or `script.ps1 : message` (the
 * record's own `+ CategoryInfo : …` and `+ FullyQualifiedErrorId : …` fields never reach it: see
 * `detectCandidates`).
 */
const PS_RECORD = /^((?:[A-Za-z][\w.]{0,59}\\)?[A-Z][\w-]{0,80}|\S{1,200}\.ps1) : (\S.{0,1000})$/;
const PS_LOOSE = /^(\S{1,200}) : (\S.{0,1000})$/;
/** The record's location line in any locale: words, `:1`, words, `:1` (`At line:1 char:1`, `위치 줄:1 문자:1`). */
const PS_LOCATION_ANY = /^\S.{0,60}:\s?\d{1,7}\s{1,3}\S.{0,20}:\s?\d{1,7}$/;
/** A tool's coded message inside the record (`NU1101: Unable to find package …`): the code is the type. */
const PS_CODED = /^([A-Z]{2,6}\d{3,5}): (\S.{0,1000})$/;
const PS_AT = /^At (\S.{0,300}):(\d+) char:\d+$/;
const PS_AT_PROMPT = /^At line:\d{1,7} char:\d{1,7}$/;
const PS_CATEGORY = /^\+ CategoryInfo\s*: .{0,400}, ([\w.]{1,200}(?:Exception|Error))\s*$/;

function powerShellError(lines: string[], line: string, i: number): Candidate | null {
  const m = PS_RECORD.exec(line);
  // At a prompt (`At line:1 char:1`) normalization took the `Cmdlet : ` off (it is a native command's
  // prefix there too): the record is then known by its CategoryInfo alone.
  const bare = !m && PS_AT_PROMPT.test((lines[i + 1] ?? '').trim());
  // A localized PowerShell (`위치 줄:1 문자:1`, `In Zeile:1 Zeichen:1`) and a command typed in lower
  // case: the record is known by its `+ CategoryInfo` line, which no locale translates.
  const loose = !m && !bare ? PS_LOOSE.exec(line) : null;
  if (!m && !bare && !loose) return null;
  let at: RegExpExecArray | null = null;
  let type: string | null = null;
  for (let k = i + 1; k < Math.min(lines.length, i + 8); k++) {
    const t = lines[k]!.trim();
    at ??= PS_AT.exec(t);
    const cat = PS_CATEGORY.exec(t);
    if (cat) {
      type = cat[1]!;
      break;
    }
  }
  if (!at && !type) return null;
  if (loose) {
    if (!type || NEVER.test(type)) return null;
    // The message wrapped at the console's width (mid-word in a CJK locale): its lines to the location's.
    let message = loose[2]!.trim();
    for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
      const t = lines[k]!.trim();
      if (!t || t.startsWith('+') || PS_LOCATION_ANY.test(t)) break;
      message += /[\u3000-\u9fff\uac00-\ud7af]$/.test(message) ? t : ` ${t}`;
    }
    return cand('shell', type, message, line, i, 3);
  }
  // A tool's coded message in the record (`NU1101: Unable to find package …`): the code is the type.
  const coded = PS_CODED.exec((m ? m[2]! : line).trim());
  if (coded) return cand(languageOfCode(coded[1]!), coded[1]!, coded[2]!.trim(), line, i, 3);
  if (!m) {
    // A native command's stderr (RemoteException) is the program's own error, for its reader.
    if (!type || NEVER.test(type)) return null;
    return cand('shell', type, line.trim(), line, i, 3);
  }
  const c = cand('shell', type ?? m[1]!, m[2]!.trim(), line, i, 3);
  // `At line:1 char:1`: typed at a prompt, no script to point at.
  return at && at[1] !== 'line' ? withFrame(c, at[1]!, at[2]!) : c;
}

/**
 * MkDocs's configuration check: `ERROR    -  Config value 'theme': Unrecognised theme name: …` (the level
 * and ` -  ` are gone by now), then `Aborted with 1 Configuration Errors!`. No class: the key and its
 * problem are the message. Its `WARNING -  Config value …` lines come through here too, and are capped as
 * every warning is.
 */
const MKDOCS_CONFIG = /^Config value '[^'\n]{1,100}': \S.{2,1000}$/;
const MKDOCS_ABORTED = /^Aborted with \d{1,4} Configuration Errors?!$/;

function mkdocsConfigError(lines: string[], line: string, i: number): Candidate | null {
  if (!line.startsWith('Config value ') || !MKDOCS_CONFIG.test(line)) return null;
  for (let k = i + 1; k < Math.min(lines.length, i + 20); k++) {
    if (MKDOCS_ABORTED.test(lines[k]!.trim())) return cand('python', null, line, line, i, 3);
  }
  return null;
}

/** TFLint's issue at line `i` (`TFLINT`), when its `on file line N:` follows. */
function tflintIssue(lines: string[], line: string, i: number): Candidate | null {
  const m = TFLINT.exec(line);
  if (!m) return null;
  for (let k = i + 1; k < Math.min(lines.length, i + 4); k++) {
    const on = TFLINT_ON.exec(lines[k]!.trim());
    if (on) return withFrame(cand('terraform', m[2]!, m[1]!.trim(), line, i, 3), on[1]!, on[2]!);
  }
  return null;
}

/** OCaml / dune: `File "bin/main.ml", line 3, characters 8-11:` above `Error: Unbound value foo`. */
function ocamlError(lines: string[], line: string, i: number): Candidate | null {
  for (let k = i - 1; k >= Math.max(0, i - 6); k--) {
    const f = /^File "([^"\n]{1,300}\.mli?)", line (\d+), characters \d+-\d+:$/.exec(lines[k]!.trim());
    if (f) return withFrame(cand('ocaml', 'Error', line.slice('Error: '.length).trim(), line, i, 3), f[1]!, f[2]!);
  }
  return null;
}

/** Julia's error line, when `LoadError` names it or a `Stacktrace:` with `.jl` frames follows it. */
function juliaError(lines: string[], line: string, i: number): Candidate | null {
  const m = JULIA_ERROR.exec(line);
  if (!m) return null;
  let type = m[1]!;
  let message = (m[2] ?? '').trim();
  const loadError = /^(?:ERROR: )?LoadError: /.test(line);
  // Ruby's `LoadError: cannot load such file -- x` is Ruby's.
  if (loadError && languageOfMessage(message) === 'ruby') return null;
  if (!loadError) {
    let trace = false;
    for (let k = i + 1; k < Math.min(lines.length, i + 4) && !trace; k++) trace = lines[k]!.trim() === 'Stacktrace:';
    let frame = false;
    for (let k = i + 2; k < Math.min(lines.length, i + 12) && trace && !frame; k++) frame = JULIA_FRAME.test(lines[k]!);
    if (!trace || !frame) return null;
  }
  // `LoadError: X: msg` with nothing after the colon's type: X is the exception.
  const inner = /^([A-Z]\w{0,80}): ?(.*)$/.exec(message);
  if (type === 'LoadError' && inner) {
    type = inner[1]!;
    message = inner[2]!.trim();
  }
  return cand('julia', type, message, line, i, 3);
}

/** libstdc++'s terminate handler (`what():` on the next line) and libc++abi's, on an uncaught C++ exception. */
const LIBSTDCXX_TERMINATE = /^terminate called after throwing an instance of '([^'\n]{1,300})'$/;
const LIBCXXABI_TERMINATE =
  /^libc\+\+abi(?:\.dylib)?: terminating (?:due to|with) uncaught exception of type ([\w:<>,. ]{1,300}?)(?:: (.{0,1000}))?$/;

function cppTerminate(lines: string[], line: string, i: number): Candidate | null {
  const gnu = LIBSTDCXX_TERMINATE.exec(line);
  if (gnu) {
    const what = /^\s*what\(\):\s+(.{0,1000})$/.exec(lines[i + 1] ?? '');
    const text = what ? `${line}\n${lines[i + 1]!.trim()}` : line;
    return cand(terminatedIn(lines, i, gnu[1]!), gnu[1]!, (what?.[1] ?? '').trim(), text, i, 3);
  }
  const llvm = LIBCXXABI_TERMINATE.exec(line);
  return llvm ? cand(terminatedIn(lines, i, llvm[1]!), llvm[1]!.trim(), (llvm[2] ?? '').trim(), line, i, 3) : null;
}

/** A Python extension's C++ classes (PyTorch's `c10::Error`, pybind11's), and a Python process's frames. */
const PYTHON_EXTENSION_CLASS = /^(?:c10|torch|at|pybind11)::/;
const PYTHON_PROCESS_FRAME =
  /site-packages|dist-packages|\/bin\/python|libpython|libtorch_python|_PyEval_|\.cpython-\d/;

/**
 * The language of the program a C++ exception ended: Python's where a Python extension threw it (its
 * class is PyTorch's or pybind11's, or the frames below run in a Python interpreter: the user wrote
 * Python, and Python's threads answer), else C++'s.
 */
function terminatedIn(lines: string[], i: number, type: string): string {
  if (PYTHON_EXTENSION_CLASS.test(type)) return 'python';
  for (let k = i + 1; k < Math.min(lines.length, i + 40); k++)
    if (PYTHON_PROCESS_FRAME.test(lines[k]!)) return 'python';
  return 'cpp';
}

/** `Segmentation fault (core dumped)` and its kin: the program died of a signal (a weak cause; a printed error wins). */
function killedBySignal(line: string, i: number): Candidate | null {
  // The shell's report of a job a signal ended alone on its line, `Killed` (the OOM killer's SIGKILL)
  // or `Aborted (core dumped)`, or with the job: `line 3:  4242 Killed    python train.py`.
  const job = line.includes('Killed') || line.includes('Aborted') ? SHELL_JOB_KILLED.exec(line) : null;
  const dumped = (what: string) => `${what}${line.includes('(core dumped)') ? ' (core dumped)' : ''}`;
  if (job) return cand('shell', job[1]!, dumped(job[1]!), line, i, 1);
  // Most lines name no signal: three substring tests before the pattern (it is tried on every line).
  if (!line.includes('fault') && !line.includes('Bus error') && !line.includes('Illegal instruction')) return null;
  const signal = SIGNAL.exec(line);
  return signal ? cand('unknown', signal[1]!, dumped(signal[1]!), line, i, 1) : null;
}

/** People write on after a pasted error line, often in another script: "concurrent map writes 导致崩溃". */
function cutProse(message: string): string {
  const m = /\s[\u3000-\u9fff\uac00-\ud7af]/.exec(message);
  return (m ? message.slice(0, m.index) : message).trim();
}

function stripPhpLocation(s: string): string {
  const at = s.lastIndexOf(' in ');
  if (at > 0 && /^ in \S+(?::\d+| on line \d+)\.?$/.test(s.slice(at))) return s.slice(0, at).trim();
  return s;
}

function nextText(lines: string[], from: number): string {
  for (let k = from; k < Math.min(lines.length, from + 4); k++) {
    const t = (lines[k] ?? '').trim();
    if (t && !/^(?:Error|Message|Details?):?$/i.test(t)) return t;
  }
  return '';
}

// ---------------------------------------------------------------------------------------------------
// Shells: "command not found" in any locale.

const NOT_FOUND_PHRASES =
  'command not found|Kommando nicht gefunden|Befehl nicht gefunden|commande introuvable|orden no encontrada|' +
  'no se encontró la orden|comando non trovato|comando não encontrado|opdracht niet gevonden|' +
  'polecenie nie znalezione|команда не найдена|コマンドが見つかりません|未找到命令|not found';
const SHELL_NOT_FOUND = new RegExp(
  String.raw`^(\S{0,300}?)(?:: (?:line|Zeile|ligne|línea|linea|riga|linha|строка|行) \d+|: \d+)?: ([^:]{1,200}): (${NOT_FOUND_PHRASES})\.?$`,
);
const ZSH_NOT_FOUND = /^(?:zsh|fish): (?:command not found|Unknown command): (\S.{0,200})$/;
/**
 * env(1) running a script's `#!/usr/bin/env X` line without X on the PATH (GNU coreutils quotes it,
 * ‘X’ or 'X' by locale; BusyBox says `can't execute 'X'`, BSD's names it bare): `/usr/bin/env: 'bash\r': No
 * such file or directory`,
 * the interpreter of a script saved with CRLF line ends among them.
 */
/** GNU make runs a simple recipe line without a shell; a missing program is its exec's error (then Error 127). */
const MAKE_EXEC_NOT_FOUND = /^make(?:\[\d{1,3}\])?: ([^\s:]{1,200}): (?:No such file or directory|Command not found)$/;
const ENV_NOT_FOUND =
  /^(?:\/usr)?(?:\/bin\/)?env: (?:can't execute )?(?:['‘][^'’\n]{1,200}['’]|[^\s:]{1,200}): No such file or directory$/;
/**
 * cmd.exe's "not recognized" (its message 9009) in English and in Windows' localized wordings, the
 * message often going on over a second line: German `Der Befehl "cmake" ist entweder falsch geschrieben
 * oder`, French, Spanish, Portuguese, Italian, Russian, Chinese `'x' 不是内部或外部命令`, Japanese
 * `'x' は、内部コマンドまたは外部コマンド`, Korean `'x'은(는) 내부 또는 외부 명령`. Anywhere on the line:
 * people quote it in a sentence ("y en el cmd sale este error "\"x\" no se reconoce …").
 */
/**
 * Each locale's wording after the quoted command, as cmd.exe prints it: the quote it uses, then what
 * follows the closing quote (Korean and Japanese attach theirs to it).
 */
const CMD_NOT_RECOGNIZED: [quote: string, after: string][] = [
  ["'", ' is not recognized as an internal or external command'],
  ['"', ' no se reconoce como un comando interno o externo'],
  ["'", " n'est pas reconnu en tant que commande interne"],
  ["'", ' não é reconhecido como um comando interno'],
  ['"', ' non è riconosciuto come comando interno o esterno'],
  ['"', ' не является внутренней или внешней'],
  ["'", ' 不是内部或外部命令'],
  ["'", ' は、内部コマンドまたは外部コマンド'],
  ["'", '은(는) 내부 또는 외부 명령'],
];
const WIN_NOT_RECOGNIZED = new RegExp(
  [
    String.raw`Der Befehl "[^"\n]{1,200}" ist entweder falsch geschrieben oder`,
    ...CMD_NOT_RECOGNIZED.map(([q, after]) => `${q}[^${q}\\n]{1,200}${q}${escapeRegExp(after)}`),
  ].join('|'),
);
/** What every wording says (tested first: the line-wide pattern is tried only where one is). */
const WIN_NOT_RECOGNIZED_WORDS = new RegExp(
  ['falsch geschrieben', ...CMD_NOT_RECOGNIZED.map(([, after]) => escapeRegExp(after.trim()))].join('|'),
);

function shellNotFound(line: string, i: number): Candidate | null {
  const m = SHELL_NOT_FOUND.exec(line);
  if (m) {
    const shell = m[1]!;
    // A bare "x: not found" needs a shell-ish speaker: `sh: 1:`, `/tmp/script.sh: 3:`, `bash:`.
    const shellish =
      /(?:^|\/)(?:ba|[zkc]|da|fi|tc)?sh$|\.sh$|^\/.{0,300}\.sh$|^\/bin\//.test(shell) || /_temp\//.test(shell);
    if (m[3] === 'not found' && !shellish) return null;
    if (!shellish && !/\S/.test(shell)) return null;
    return cand('shell', 'command not found', `${m[2]!.trim()}: ${m[3]!}`, line, i, 3);
  }
  const z = ZSH_NOT_FOUND.exec(line);
  if (z) return cand('shell', 'command not found', `command not found: ${z[1]!.trim()}`, line, i, 3);
  if (ENV_NOT_FOUND.test(line) || MAKE_EXEC_NOT_FOUND.test(line))
    return cand('shell', 'command not found', line, line, i, 3);
  const w =
    PS_NOT_RECOGNIZED.exec(line) ?? (WIN_NOT_RECOGNIZED_WORDS.test(line) ? WIN_NOT_RECOGNIZED.exec(line) : null);
  // The message as cmd.exe prints it (from the quoted command on, a sentence's words before it gone).
  if (w) return cand('shell', 'command not found', line.slice(w.index).trim(), line, i, w.index === 0 ? 3 : 2.5);
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Package managers.

const NPM_CODE = /^(?:[A-Z]{2,6}:? )?(?:npm ERR!|npm error) code (E[A-Z\d]{2,40})$/;
const NPM_LINE = /^(?:npm ERR!|npm error) ?(.*)$/;
/** setuptools' (distutils') own errors building an extension, as it words them. */
const SETUPTOOLS =
  /^error: (Microsoft Visual C\+\+ [\d.]{1,10} or greater is required\..{0,300}|command '[^'\n]{1,300}' failed with exit (?:status|code) -?\d{1,5}|invalid command '[\w-]{1,60}'|Unable to find vcvarsall\.bat)$/;
/** Bundler's refusals, named by the exceptions Bundler raises for them. */
const BUNDLER: [RegExp, string][] = [
  [/^Could not find gem '[^'\n]{1,200}' in .{1,300}\.$/, 'Bundler::GemNotFound'],
  [/^Bundler could not find compatible versions for gem "[^"\n]{1,200}":$/, 'Bundler::VersionConflict'],
  [
    /^An error occurred while installing \S{1,100} \([^)\n]{1,60}\), and Bundler cannot continue\.$/,
    'Gem::Ext::BuildError',
  ],
];
/** npm 7+ running a script the package.json lacks (no `code` line comes with it). */
const NPM_MISSING_SCRIPT = /^(?:npm ERR!|npm error) (Missing script: .{1,200})$/;
const PIP_CODE = /^error: ([a-z]{2,40}(?:-[a-z]{2,40}){1,6})$/;
const PIP_RESOLVE: [RegExp, string][] = [
  // `ERROR: ` is pip's; a timestamped log (a Docker build's `#8 2.345 `) loses it to the level stripping.
  // The resolver's conflict is printed before its `ResolutionImpossible` line, and says more.
  [
    /^(?:ERROR: )?Cannot install .{1,400} because these package versions have conflicting dependencies\.?$/,
    'ResolutionImpossible',
  ],
  [/^(?:ERROR: )?ResolutionImpossible\b/, 'ResolutionImpossible'],
  [/^(?:ERROR: )?Package '[^'\n]{1,100}' requires a different Python: /, 'UnsupportedPythonVersion'],
  [/^(?:ERROR: )?Could not find a version that satisfies the requirement /, 'DistributionNotFound'],
  [/^(?:ERROR: )?No matching distribution found for /, 'DistributionNotFound'],
  [/^(?:ERROR: )?Could not install packages due to an? (\w+Error)\b/, ''],
];

/**
 * Bundler ≥ 2.4's resolver (PubGrub): `Could not find compatible versions`, then its explanation ending
 * `version solving has failed.` (a Bundler::SolveFailure).
 */
function bundlerSolveFailure(lines: string[], line: string, i: number): Candidate | null {
  if (line !== 'Could not find compatible versions') return null;
  const explained = lines.slice(i + 1, i + 40).some((l) => /version solving has failed\.$/.test(l));
  return explained ? cand('ruby', 'Bundler::SolveFailure', line, line, i, 3) : null;
}

/** Whether RubyGems' `Gem::Ext::BuildError: …` line is printed in the 400 lines above line `i`. */
function buildErrorAbove(lines: string[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - 400); k--)
    if (lines[k]!.trimStart().startsWith('Gem::Ext::BuildError: ')) return true;
  return false;
}

function packageManager(lines: string[], line: string, i: number): Candidate | null {
  const npm = NPM_CODE.exec(line);
  if (npm) {
    const code = npm[1]!;
    let message = '';
    for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
      const m = NPM_LINE.exec(view(lines[k]!));
      const t = m?.[1]?.trim() ?? '';
      if (!m || /^(?:code|errno|syscall|path)\b/.test(t)) continue;
      if (t) {
        message = t;
        break;
      }
    }
    // ELIFECYCLE says a script failed: the script's own error is printed above it.
    return cand('javascript', code, message || code, line, i, code === 'ELIFECYCLE' ? 0.2 : 3);
  }
  if (line.includes('Bundler') || line.startsWith('Could not find gem ')) {
    for (const [re, type] of BUNDLER) {
      if (!re.test(line)) continue;
      // Bundler sums up a gem whose extension failed to build after RubyGems printed the failure itself,
      // `Gem::Ext::BuildError: ERROR: Failed to build gem native extension.`: that line, when printed, says it.
      const printed = type === 'Gem::Ext::BuildError' && buildErrorAbove(lines, i);
      return cand('ruby', type, line, line, i, printed ? 1.5 : 3);
    }
  }
  const st = line.startsWith('error: ') ? SETUPTOOLS.exec(line) : null;
  if (st) return cand('python', 'error', st[1]!.trim(), line, i, 2);
  const script = NPM_MISSING_SCRIPT.exec(line);
  if (script) return cand('javascript', 'Missing script', script[1]!.trim(), line, i, 3);
  const pip = PIP_CODE.exec(line);
  if (pip && pip[1] !== 'subprocess-exited-with-error') {
    let message = '';
    for (let k = i + 1; k < Math.min(lines.length, i + 8); k++) {
      const m = /^\s*×\s+(\S.*)$/.exec(lines[k]!);
      if (m) {
        message = m[1]!.trim();
        break;
      }
    }
    return cand('python', pip[1]!, message || pip[1]!, line, i, 2.5);
  }
  for (const [re, type] of PIP_RESOLVE) {
    const m = re.exec(line);
    if (m) return cand('python', type || m[1]!, line.replace(/^ERROR: /, ''), line, i, 2.5);
  }
  return null;
}

// ---------------------------------------------------------------------------------------------------
// Clients of services, as each prints a refusal: kubectl, the AWS CLI, mysql, psql and PostgreSQL (2.5: a
// program's own traceback of the same refusal says more).

const KUBECTL = /^Error from server(?: \((\w{1,60})\))?: (.{3,1000})$/;
/**
 * The API server's refusal of an invalid object, as kubectl prints a 422 (no `Error from server`):
 * `The Deployment "api" is invalid: spec.template.metadata.labels: Invalid value: …`. Its reason is `Invalid`.
 */
const KUBE_INVALID = /^The [A-Z]\w{1,60} "[^"\n]{1,253}" is invalid: \S.{0,2000}$/;
const AWS_CLI =
  /^An error occurred \((\w{1,80})\) when calling the \w{1,80} operation(?: \([^)\n]{0,100}\))?: ?.{0,1000}$/;
/** mysql's `ERROR 1045 (28000): …`; a log's level stripping may have taken its `ERROR `. */
const MYSQL = /^(?:ERROR )?(\d{4,5}) \(([0-9A-Z]{5})\)(?: at line \d{1,7})?: (.{3,1000})$/;
/** PostgreSQL's severity and two spaces (`ERROR:  relation "x" does not exist`), and psql's own errors. */
const POSTGRES = /^(?:psql:(?:\S{1,300}:\d{1,7}: )?)?(ERROR|FATAL|PANIC): {2}(.{3,1000})$/;
const PSQL = /^psql: (?:error|FATAL): {1,2}(.{3,1000})$/;

/**
 * SQL Server's message header (sqlcmd, Invoke-Sqlcmd, SSMS's messages): `Msg 208, Level 16, State 1,
 * Server S, Procedure P, Line 27`, the message on the next line. Levels up to 10 are information.
 */
const SQLSERVER =
  /^Msg (\d{1,6}), Level (\d{1,2}), State \d{1,3}, (?:Server [^,\n]{1,200}, )?(?:Procedure [^,\n]{1,200}, )?Line \d{1,7}$/;

function sqlServerMessage(lines: string[], line: string, i: number): Candidate | null {
  const m = line.startsWith('Msg ') ? SQLSERVER.exec(line) : null;
  const message = lines[i + 1]?.trim();
  if (!m || Number(m[2]) <= 10 || !message) return null;
  return cand('sql', m[1]!, message, `${line}\n${message}`, i, 2.5);
}

function clientError(line: string, i: number, level: LogLevel | null): Candidate | null {
  const k8s = line.startsWith('Error from server') ? KUBECTL.exec(line) : null;
  if (k8s) return cand('kubernetes', k8s[1] ?? 'Error from server', k8s[2]!.trim(), line, i, 2.5);
  if (line.startsWith('The ') && KUBE_INVALID.test(line)) return cand('kubernetes', 'Invalid', line, line, i, 2.5);
  const aws = line.startsWith('An error occurred (') ? AWS_CLI.exec(line) : null;
  if (aws) return cand('aws', aws[1]!, line, line, i, 2.5);
  const mysql = level === 'error' || line.startsWith('ERROR ') ? MYSQL.exec(line) : null;
  if (mysql) return cand('sql', `ERROR ${mysql[1]!}`, mysql[3]!.trim(), line, i, 2.5);
  const pg = line.includes(':  ') ? POSTGRES.exec(line) : null;
  if (pg) {
    // psql with `VERBOSITY=verbose` (and the server log at `log_error_verbosity = verbose`) puts the
    // SQLSTATE before the message: `ERROR:  42P01: relation "users" does not exist`.
    const state = /^([0-9A-Z]{5}): (\S.*)$/.exec(pg[2]!.trim());
    return state ? cand('sql', state[1]!, state[2]!, line, i, 2.5) : cand('sql', pg[1]!, pg[2]!.trim(), line, i, 2.5);
  }
  const psql = line.startsWith('psql: ') ? PSQL.exec(line) : null;
  if (psql) return cand('sql', 'psql', psql[1]!.trim(), line, i, 2.5);
  return null;
}

/** Spring Boot's failure analysis: a banner, then `Description:` and the reason (then `Action:`), alone. */
function springBootFailure(lines: string[], line: string, i: number): Candidate | null {
  if (line !== 'APPLICATION FAILED TO START') return null;
  let k = i + 1;
  while (k < Math.min(lines.length, i + 6) && lines[k]!.trim() !== 'Description:') k++;
  const description: string[] = [];
  for (k++; k < Math.min(lines.length, i + 30); k++) {
    const t = lines[k]!.trim();
    if (t === 'Action:') break;
    if (t) description.push(t);
    else if (description.length) break;
  }
  if (!description.length) return null;
  // 0.9: the exception it analyses, when the log printed one (even at WARN), stays primary.
  return cand('java', 'APPLICATION FAILED TO START', description.join(' '), line, i, 0.9);
}

// ---------------------------------------------------------------------------------------------------
// Tools' own error lines: git, CMake, pnpm, Yarn 1, Poetry, Ruff's full format, Ansible, pre-commit.

const GIT_FATAL = /^fatal: (\S.{2,500})$/;
const GIT_ERROR =
  /^error: ((?:failed to push some refs|pathspec '|src refspec |Your local changes to the following files|could not apply|RPC failed|cannot lock ref|The following untracked working tree files|Authentication failed|unable to access '|unable to create file |invalid path ').{0,500})$/;
/** `CMake Error at <file>:<line> (<command>):`; the file may hold spaces (`C:/Program Files/CMake/share/…`). */
const CMAKE_ERROR = /^CMake Error(?: at (\S.{0,300}?):(\d+) \((\w{1,80})\))?: ?(.{0,500})$/;
const PNPM_CODE = /^(ERR_PNPM_[A-Z_]{2,60})\s+(\S.{0,500})$/;
/** Node's failed spawn, as a runner prints its message: `spawn ENOENT`, `spawn npx EACCES`. */
const SPAWN_ERROR = /^spawn(?:Sync)?(?: \S{1,200})? (E[A-Z]{2,20})$/;
const YARN_ERROR = /^error (\S.{2,500})$/;
const POETRY_SOLVER = /^Because .{1,500}, version solving failed\.$/;
const RUFF_HEAD = /^([A-Z]{1,4}\d{3,4}) (?:\[\*\] )?(\S.{0,500})$/;
const RUFF_ARROW = /^\s*-->\s+(\S{1,300}):(\d+):\d+\s*$/;
const ANSIBLE_FATAL = /^fatal: \[([^\]\n]{1,200})\]: (FAILED|UNREACHABLE)! => (\{.*\})\s*$/;
/** bash: `./build.sh: line 12: config/settings.json: No such file or directory`. */
const BASH_LINE = /^(\S{1,300}): line (\d+): (\S.{0,500})$/;
const PRE_COMMIT = /^(\S.{0,100}?)\.{3,}(?:\([^)\n]{0,60}\))?Failed$/;

/** What every `toolMessage` family starts or ends with: one test before the families' own. */
const TOOL_MESSAGE_HINT =
  /^(?:fatal|error|CMake Error|ERR_PNPM_|Because |nvcc |[A-Z]{1,4}\d|[\w+-]{2,12}: (?:fatal )?error: )|: line \d|Failed$|AAPT: error: |\.(?:xcodeproj|xcworkspace|xcconfig|entitlements|plist|pbxproj|storyboard|xib|xcassets): (?:fatal )?error: /;
/** A tool that names itself before its error (`xcodebuild: error: …`, `clang: error: …`), and its language. */
const TOOL_LANGUAGE: Readonly<Record<string, string>> = {
  xcodebuild: 'swift',
  xcrun: 'swift',
  codesign: 'swift',
  swiftc: 'swift',
  'swift-build': 'swift',
  'clang++': 'c',
  clang: 'c',
  gcc: 'c',
  'g++': 'c',
  cc1plus: 'c',
  cc1: 'c',
  ld: 'c',
  nvcc: 'c',
  javac: 'java',
  rustc: 'rust',
};
const TOOL_PREFIXED = new RegExp(
  String.raw`^(${Object.keys(TOOL_LANGUAGE)
    .map((t) => t.replace(/\+/g, '\\$&'))
    .join('|')}): (?:fatal )?error: (\S.{0,500})$`,
);
/**
 * nvcc's own errors, its tag padded to a column: `nvcc fatal   : Unsupported gpu architecture 'compute_20'`
 * (the compiler's diagnostics are the EDG front end's, above).
 */
const NVCC_FATAL = /^nvcc (fatal|error) {1,8}: (\S.{0,500})$/;
/**
 * An autoconf `configure` script's `AC_MSG_ERROR`: `configure: error: Package requirements (glib-2.0 >=
 * 2.64.0) were not met:` (the checks above it are progress). No class; the build's language is C's.
 */
const CONFIGURE_ERROR = /^configure: error: (\S.{2,1000})$/;
/**
 * xcodebuild's diagnostics about a project rather than a source line, after the project's (or a
 * settings file's) path: `/…/App.xcodeproj: error: No signing certificate "iOS Distribution" found: …`.
 */
const XCODE_PROJECT_ERROR =
  /^(\S.{0,300}?\.(?:xcodeproj|xcworkspace|xcconfig|entitlements|plist|pbxproj|storyboard|xib|xcassets)): (?:fatal )?error: (\S.{2,1000})$/;
/** SwiftPM's resolver. */
const SWIFTPM = /^error: (Dependencies could not be resolved .{0,500})$/;
/** Android's resource compiler, often after a path: `ERROR:/…/values.xml:5:5-54: AAPT: error: resource … not found.` */
const AAPT = /AAPT: error: (\S.{0,500})$/;

/** OpenSSH's refusal (git over SSH prints it above its own `fatal: Could not read from remote repository`). */
const SSH_DENIED = /^(?:\S{1,200}@\S{1,200}: )?(Permission denied \([\w,-]{1,100}\))\.?$/;
/** OpenSSH's refusal of a host it does not know (no `known_hosts` entry in a CI job): `Host key verification failed.` */
const SSH_HOST_KEY = /^(Host key verification failed)\.$/;
/**
 * GNU make's own fatal errors (the manual's "Errors Generated by Make"), which end in `.  Stop.`:
 * `make: *** No rule to make target 'x', needed by 'y'.  Stop.`, `Makefile:44: *** missing separator.
 * Stop.` (its makefile and line first). A recipe's failure (`make: *** [all] Error 2`) is a wrapper.
 */
const MAKE_STOP = /^(?:make(?:\[\d{1,3}\])?: |(\S{1,300}):(\d{1,7}): )\*\*\* (\S.{0,500}?)\.? {1,2}Stop\.$/;
/**
 * GitHub Actions' refusal of a workflow file: `The workflow is not valid. .github/workflows/x.yml (Line:
 * 41, Col: 20): Unrecognized named-value: 'secret'. …`; the file and line are where to look.
 */
const WORKFLOW_INVALID = /^The workflow is not valid\. (\S{1,300}) \(Line: (\d{1,7}), Col: \d{1,5}\): (\S.{0,1000})$/;
/**
 * apt's and apt-get's errors: `E: Unable to locate package x`, `E: Could not get lock …`, `E: dpkg was
 * interrupted, …` (a sentence: TeamCity's `[10:40:51]E: bt77 (1m:28s)` block marker is not one).
 */
const APT_ERROR = /^E: ([A-Za-z][a-z'-]{1,40}[ ,]\S.{1,500})$/;

function toolMessage(lines: string[], line: string, i: number, ctx: DocContext): Candidate | null {
  const ssh = line.includes('Permission denied (') ? SSH_DENIED.exec(line) : null;
  if (ssh) return cand('unknown', 'ssh', ssh[1]!, line, i, 2.5);
  const hostKey = line.startsWith('Host key') ? SSH_HOST_KEY.exec(line) : null;
  if (hostKey) return cand('unknown', 'ssh', hostKey[1]!, line, i, 2.5);
  const make = line.endsWith('Stop.') ? MAKE_STOP.exec(line) : null;
  if (make) {
    const c = cand('unknown', 'make', make[3]!, line, i, 2.5);
    return make[1] ? withFrame(c, make[1], make[2]!) : c;
  }
  const workflow = line.startsWith('The workflow is not valid.') ? WORKFLOW_INVALID.exec(line) : null;
  if (workflow) return withFrame(cand('yaml', 'workflow', workflow[3]!, line, i, 3), workflow[1]!, workflow[2]!);
  const apt = line.startsWith('E: ') ? APT_ERROR.exec(line) : null;
  if (apt) return cand('unknown', 'apt', apt[1]!.trim(), line, i, 2);
  if (!TOOL_MESSAGE_HINT.test(line)) return null;
  const ansible = ANSIBLE_FATAL.exec(line);
  if (ansible) {
    let msg = '';
    try {
      const v: unknown = JSON.parse(ansible[3]!);
      if (v && typeof v === 'object' && typeof (v as { msg?: unknown }).msg === 'string')
        msg = (v as { msg: string }).msg;
    } catch {
      msg = /"msg": ?"((?:[^"\\]|\\.){1,1000})"/.exec(ansible[3]!)?.[1] ?? '';
    }
    // A task with `ignore_errors`: Ansible says `...ignoring` under its failure and goes on.
    if (/^\.\.\.ignoring\s*$/.test((lines[i + 1] ?? '').trim())) return null;
    // Ansible's own exceptions lead the message: `AnsibleUndefinedVariable: 'dict object' has no attribute 'x'`.
    const own = /^(Ansible[A-Z]\w{2,60}): (\S.*)$/s.exec(msg);
    if (own) return cand('unknown', own[1]!, own[2]!, line, i, 3);
    return cand('unknown', ansible[2]!, msg || ansible[3]!.slice(0, 500), line, i, 3);
  }
  const git = GIT_FATAL.exec(line) ?? GIT_ERROR.exec(line);
  if (git) return cand('unknown', line.startsWith('fatal') ? 'fatal' : 'error', git[1]!.trim(), line, i, 2);
  const cmake = CMAKE_ERROR.exec(line);
  if (cmake) {
    let message = cmake[4]!.trim();
    // The message is the indented paragraph under the line, up to its first sentence.
    if (!message) {
      const para: string[] = [];
      for (let k = i + 1; k < Math.min(lines.length, i + 8) && /^\s+\S/.test(lines[k]!); k++)
        para.push(lines[k]!.trim());
      message = para.join(' ');
      const stop = /[.!](?:\s|$)/.exec(message);
      if (stop) message = message.slice(0, stop.index + 1);
    }
    const c = cand('c', 'CMake Error', message, line, i, 3);
    return cmake[1] ? withFrame(c, cmake[1], cmake[2]!) : c;
  }
  const pnpm = PNPM_CODE.exec(line);
  if (pnpm) {
    // A recursive run's first failure wraps the script's: its own error is printed above it, or its
    // spawn's system error below it (`spawn ENOENT`).
    if (!/_FIRST_FAIL$/.test(pnpm[1]!)) return cand('javascript', pnpm[1]!, pnpm[2]!.trim(), line, i, 3);
    const spawn = SPAWN_ERROR.exec((lines[i + 1] ?? '').trim());
    if (spawn) return cand('javascript', spawn[1]!, lines[i + 1]!.trim(), `${line}\n${lines[i + 1]!.trim()}`, i, 2.5);
    return cand('javascript', pnpm[1]!, pnpm[2]!.trim(), line, i, 0.2);
  }
  if (ctx.yarn) {
    const y = YARN_ERROR.exec(line);
    if (y && !/^Command failed with exit code/.test(y[1]!)) {
      // `An unexpected error occurred: "https://registry.yarnpkg.com/x: ESOCKETTIMEDOUT".`: the system
      // error's code (as npm's codes are) names the failure.
      const code = /: (E[A-Z][A-Z_]{2,30})"?\.?$/.exec(y[1]!.trim());
      return cand('javascript', code ? code[1]! : 'yarn error', y[1]!.trim(), line, i, 2.5);
    }
  }
  if (POETRY_SOLVER.test(line)) return cand('python', 'SolverProblemError', line, line, i, 2.5);
  const ruff = RUFF_HEAD.exec(line);
  const arrow = ruff ? RUFF_ARROW.exec(lines[i + 1] ?? '') : null;
  if (ruff && arrow)
    return withFrame(cand(languageOfPath(arrow[1]!), ruff[1]!, ruff[2]!.trim(), line, i, 3), arrow[1]!, arrow[2]!);
  const tool = TOOL_PREFIXED.exec(line);
  if (tool) return cand(TOOL_LANGUAGE[tool[1]!]!, 'error', tool[2]!.trim(), line, i, 2.5);
  const xcode = line.includes('error: ') ? XCODE_PROJECT_ERROR.exec(line) : null;
  if (xcode) return cand('swift', 'error', xcode[2]!.trim(), line, i, 3);
  const nvcc = line.startsWith('nvcc ') ? NVCC_FATAL.exec(line) : null;
  if (nvcc) return cand('c', `nvcc ${nvcc[1]!}`, nvcc[2]!.trim(), line, i, 3);
  const configure = line.startsWith('configure: error: ') ? CONFIGURE_ERROR.exec(line) : null;
  if (configure) return cand('c', null, configure[1]!.trim(), line, i, 3);
  const spm = SWIFTPM.exec(line);
  if (spm) return cand('swift', 'error', spm[1]!.trim(), line, i, 2.5);
  const aapt = AAPT.exec(line);
  if (aapt) return cand('java', 'AAPT', aapt[1]!.trim(), line, i, 3);
  const bash = BASH_LINE.exec(line);
  // A signal the shell reports (`line 7: 31337 Segmentation fault`) is `killedBySignal`'s.
  if (bash && !SIGNAL.test(bash[3]!))
    return withFrame(cand('shell', null, bash[3]!.trim(), line, i, 1.5), bash[1]!, bash[2]!);
  return preCommitHook(lines, line, i);
}

/** pre-commit: `black.....Failed`, then `- hook id: black` and what the hook said (`- exit code: 1`, …). */
function preCommitHook(lines: string[], line: string, i: number): Candidate | null {
  const hook = PRE_COMMIT.exec(line);
  if (hook) {
    let detail = '';
    for (let k = i + 1; k < Math.min(lines.length, i + 6); k++) {
      const m = /^- (?!hook id:|duration:)(\S.{0,300})$/.exec(lines[k]!.trim());
      if (m) {
        detail = m[1]!;
        break;
      }
    }
    return cand('unknown', null, `${hook[1]!.trim()} failed${detail ? `: ${detail}` : ''}`, line, i, 1.5);
  }
  return null;
}

/**
 * A command-line tool's `Error: message` (Cobra-style Go CLIs such as helm, the Actions runner): weak,
 * above wrappers only; a typed or located error wins. Two words at least, and not a question.
 */
const CLI_ERROR = /^Error: (\S+ \S.{0,500})$/;
/**
 * The same in lower case, as uv, ruff, git and clap-based Rust CLIs print it: `error: The lockfile at
 * \`uv.lock\` needs to be updated, but \`--locked\` was provided.`, `error: failed to push some refs to …`.
 */
const CLI_ERROR_LOWER = /^error: ([A-Za-z`'"]\S* \S.{0,500})$/;

/**
 * A CLI whose error's text begins with a blank line prints the prefix alone (wasm-bindgen: `error: `, a
 * blank line, then `it looks like the Rust project used to create this wasm file was linked against …`):
 * the message is the paragraph after it.
 */
const CLI_ERROR_ALONE = /^(Error|error):$/;
/**
 * Its message as such CLIs write one: a sentence, in lower case, of words (a `Traceback …` or a frame's
 * `line 21, in f` after it is something else).
 */
const PARAGRAPH = /^[a-z][a-z'’-]*(?: [A-Za-z][a-z'’-]*){2}\b/;

function cliError(lines: string[], line: string, i: number): Candidate | null {
  const alone = CLI_ERROR_ALONE.exec(line);
  if (alone) {
    const next = (lines[i + 1] ?? '').trim() === '' ? (lines[i + 2] ?? '').trim() : '';
    return PARAGRAPH.test(next) ? cand('unknown', alone[1]!, next, `${line} ${next}`, i, 0.5) : null;
  }
  const upper = CLI_ERROR.exec(line);
  const m = upper ?? CLI_ERROR_LOWER.exec(line);
  if (!m || /\?\s*$/.test(m[1]!)) return null;
  // Node's `Error: Cannot find module 'x'`, an engine's wording: JavaScript's; any other tool's is its own.
  const language = languageOfMessage(m[1]!) === 'javascript' ? 'javascript' : 'unknown';
  return cand(language, upper ? 'Error' : 'error', m[1]!.trim(), line, i, 0.5);
}

// ---------------------------------------------------------------------------------------------------
// Bot and notifier reports: Bugsnag/Rails "X in controller#action", "Error type: X" fields, logfmt.

/**
 * A notifier's title, `X in controller#action` (Bugsnag's and Sentry's issues, Rails' error page); Bugsnag
 * names a rake task or a job the same way, alone on the line (`ActiveRecord::StatementInvalid in
 * auto:log_tasks_count`, `Net::ReadTimeout in SyncJob`: a task's `ns:name` or a class named a job, worker or
 * task; `TypeError in production` is a sentence), and an error in a file at its line (`**System.IO.
 * FileNotFoundException** in **PackageExplorer\App.xaml.cs:58**` under its issue's `## Error in …`). The
 * message is on the next line.
 */
const IN_ACTION = new RegExp(
  String.raw`^(${EXCEPTION_NAME}) in (?:([\w/:]{1,120}#\w{1,80})\b|([a-z_][\w-]{0,60}(?::[\w-]{1,60}){1,4}|(?:[A-Z]\w{0,60}::){0,4}[A-Z]\w{0,60}(?:Job|Worker|Task)|[\w.~/\\-]{1,300}\.[A-Za-z]{1,8}:\d{1,7})$)`,
);
const IN_ACTION_PROSE = new RegExp(String.raw`\b(${EXCEPTION_NAME}) in ([A-Za-z][\w/:]{0,120}#\w{1,80})\b`);
const NOTIFIED = new RegExp(String.raw`^An? (${EXCEPTION_NAME}) occurred in (\S{1,200}?):?$`);
const FIELD_TYPE = /^(?:Error|Exception) ?(?:type|class|name)\s*[:=]\s*`?([A-Z_][\w.:]{0,200})`?$/i;
const FIELD_MESSAGE = /^(?:(?:Error|Exception) ?)?message\s*[:=]\s*(\S.*)$/i;
/**
 * Django's debug page names the exception's message `Exception Value:`; copied from the browser, the
 * table's cell may come on the lines after it (`Exception Value: ⇥`, a blank line, `no such table: x`).
 */
const EXCEPTION_VALUE = /^Exception Value:(.*)$/;
const LOGFMT_TYPE = /\berror_type=([A-Za-z_][\w.:]{0,200})/;
const LOGFMT_ERROR = /\berror=(?:'([^'\n]{0,1000})'|"([^"\n]{0,1000})"|(\S{1,1000}))/;

function notifier(lines: string[], line: string, i: number): Candidate | null {
  const act = IN_ACTION.exec(line) ?? NOTIFIED.exec(line);
  if (act) {
    const next = nextText(lines, i + 1);
    // Where it names a file, the file's language says more than a class name (`TypeError` is Python's and JavaScript's).
    const at = act[3] ? /^(.+):(\d{1,7})$/.exec(act[3]) : null;
    const byPath = at ? languageOfPath(at[1]!) : 'unknown';
    const c = cand(byPath !== 'unknown' ? byPath : languageOfName(act[1]!), act[1]!, next, `${act[1]!}: ${next}`, i, 2);
    return at ? withFrame(c, at[1]!, at[2]!) : c;
  }
  const field = FIELD_TYPE.exec(line);
  if (field) {
    let message = '';
    for (let k = Math.max(0, i - 12); k < Math.min(lines.length, i + 20) && !message; k++) {
      const m = FIELD_MESSAGE.exec(view(lines[k]!));
      const value = m ? null : EXCEPTION_VALUE.exec(lines[k]!.trim());
      if (m) message = m[1]!.replace(/^`([^`]*)`$/, '$1').trim();
      else if (value) message = value[1]!.trim() || nextText(lines, k + 1);
      // A markdown section "### Error" / "Message" whose first line is the message.
      else if (k > i && /^#{1,6} (?:Error|Exception|Message)\s*$/i.test(lines[k]!.trim()))
        message = nextText(lines, k + 1);
    }
    return cand(languageOfName(field[1]!), field[1]!, message, line, i, 1.5);
  }
  const lt = LOGFMT_TYPE.exec(line);
  if (lt) {
    const e = LOGFMT_ERROR.exec(line);
    const message = e ? (e[1] ?? e[2] ?? e[3] ?? '') : '';
    return cand(languageOfName(lt[1]!), lt[1]!, message, line, i, 1.5);
  }
  return null;
}

/** Prose naming a Rails-style error page: "it shows me ActiveRecord::RecordNotFound in MainController#index". */
function inAction(lines: string[], line: string, i: number): Candidate | null {
  const m = IN_ACTION_PROSE.exec(line);
  if (!m) return null;
  return cand(languageOfName(m[1]!), m[1]!, nextText(lines, i + 1), line, i, 1);
}

// ---------------------------------------------------------------------------------------------------
// Typed error lines: `FooError: message`, with the lead-ins runtimes and people put before them.

const TYPED = new RegExp(
  String.raw`^(?:((?:[^\s:]{1,200}:\d{1,7} )?(?:error: )?Uncaught(?: \(in promise\))?|Unhandled(?: [Ee]xception| [Pp]romise [Rr]ejection)?[.:]?|Exception in thread "[^"]{0,200}"|Caused by:|Error:|[^\s:]{1,12}:)\s{1,4})?(${EXCEPTION_NAME})(?: \[[A-Z][A-Z_\d]{0,40}\])?(?::(?: (.*))?)?$`,
);
const FRAME_AFTER = /^\s*(?:at |File "|from \S|#\d+ |\S+\.\w+:\d+|in \S)/;
/** Wrappers that the shell or the runner puts around a program's stderr, never a cause. */
const NEVER = /^(?:System\.Management\.Automation\.)?RemoteException$|NativeCommandError$/;
/** Warnings that are failures all the same. */
const FAILING_WARNING = /UnhandledPromiseRejection(?:Warning)?$/;

/** Rails' log: `NoMethodError (undefined method `x' for nil):`. */
const RAILS_LOG = new RegExp(String.raw`^(${EXCEPTION_NAME}) \((.{1,2000})\):?$`);
/** A qualified exception at the end of a log message: `… cancelling refresh attempt: org.x.FooException: msg`. */
const EMBEDDED = /: ((?:[a-z_]\w{0,60}\.){1,8}[A-Z]\w{0,80}(?:Error|Exception))(?:: (.{1,2000}))?$/;

/**
 * An exception whatever its class is called, known by its module (`django.template.exceptions.
 * TemplateDoesNotExist`, `google.api_core.exceptions.NotFound`, `kafka.errors.NoBrokersAvailable`) or by
 * Django's per-model classes (`shop.models.Product.DoesNotExist`), as a traceback's last line prints it.
 */
const LIBRARY_EXCEPTION =
  /^((?:[a-z_]\w{0,60}\.){1,8}(?:(?:exceptions?|exc|errors?)\.[A-Z]\w{1,80}|(?:[A-Z]\w{0,80}\.)?(?:DoesNotExist|MultipleObjectsReturned)))(?:: (.{0,2000}))?$/;

/**
 * Notifier subjects tag the error: `[Rollbar] [production] NoMethodError: …`. GoogleTest's status tags
 * name tests, not errors (`[ RUN      ] Duration.EmptyStringIsError`): never stripped.
 */
const TAGS = /^(?!\[ {0,7}(?:RUN|OK|FAILED|PASSED|SKIPPED|DISABLED) {0,7}\])(?:\[[^\]\n]{1,40}\]\s{0,4}){1,4}(?=[A-Z])/;

/**
 * A file's error as formatters and bundlers print it, path first: Prettier's `[error] src/cart.ts:
 * SyntaxError: Unexpected token (41:1)`. The file says the language, not the class (SyntaxError is
 * Python's and JavaScript's alike).
 */
const LOCATED_TYPED = new RegExp(String.raw`^(\S{1,300}\.[A-Za-z]{1,6}): (${EXCEPTION_NAME}): (\S.{0,1000})$`);

/** Celery's report of a failed task: `Task app.tasks.x[id] raised unexpected: SMTPError(535, b'…')`. */
const CELERY_RAISED = /raised unexpected: ((?:[A-Za-z_]\w{0,60}\.){0,8}[A-Z]\w{0,80})\((.{0,2000})\)$/;

/** An exception's repr at the end of a log line (celery: `… raised unexpected: ValueError('bad')`). */
const REPR = new RegExp(String.raw`(?:^|: )(${EXCEPTION_NAME})\((['"])(.{0,1000})\2,?\)$`);

/** Ruby's namespaced errors, down to a bare `Error` class (`ActionView::Template::Error: …`). */
const RUBY_QUALIFIED =
  /^((?:[A-Z]\w{0,80}::){1,8}(?:[A-Z]\w{0,80})?(?:Error|Exception|Invalid|NotFound)): (\S.{0,2000})$/;
const RUBY_QUALIFIED_BARE = /^((?:[A-Z]\w{0,80}::){1,8}(?:[A-Z]\w{0,80})?(?:Error|Exception|Invalid|NotFound)):$/;
/** Ruby's report of an uncaught error without its location: `undefined method 'x' for nil (NoMethodError)`. */
const RUBY_SUFFIXED =
  /^(\S.{2,1000}?) \(((?:[A-Z]\w{0,80}::){0,8}[A-Z]\w{0,80}(?:Error|Exception|Invalid|NotFound))\)$/;

function rubyLine(lines: string[], line: string, i: number): Candidate | null {
  const q = line.includes('::') ? RUBY_QUALIFIED.exec(line) : null;
  if (q) return cand('ruby', q[1]!, q[2]!.trim(), line, i, 2);
  // A message that starts with blank lines (Rails' PendingMigrationError): Ruby prints `Class: ` and
  // the message below them.
  const bare = line.includes('::') && line.endsWith(':') ? RUBY_QUALIFIED_BARE.exec(line) : null;
  if (bare) {
    const below = lines.slice(i + 1, i + 4).find((l) => l.trim() !== '');
    if (below && !/^\s*(?:from |#|\S+:\d+:in )/.test(below)) return cand('ruby', bare[1]!, below.trim(), line, i, 2);
  }
  const s = line.endsWith(')') ? RUBY_SUFFIXED.exec(line) : null;
  // Python never prints this shape; people write "it fails (ValueError)", so the class or the words must be Ruby's.
  if (s && (s[2]!.includes('::') || languageOfTyped(s[2]!, s[1]!) === 'ruby'))
    return cand('ruby', s[2]!, s[1]!.trim(), line, i, 1.5);
  return null;
}

function typedLine(lines: string[], line: string, i: number): Candidate | null {
  const ruby = rubyLine(lines, line, i);
  if (ruby) return ruby;
  const located = LOCATED_TYPED.exec(line);
  const locatedIn = located ? languageOfPath(located[1]!) : 'unknown';
  if (located && locatedIn !== 'unknown') {
    const c = cand(locatedIn, located[2]!, located[3]!.trim(), line, i, 2);
    const at = / \((\d{1,7}):\d{1,5}\)$/.exec(located[3]!);
    c.frames = [{ file: located[1]!, line: at ? Number(at[1]) : null, function: null, source: null }];
    return c;
  }
  const celery = line.includes(' raised unexpected: ') ? CELERY_RAISED.exec(line) : null;
  if (celery) {
    const args = celery[2]!.trim();
    const quoted = /^(['"])(.*)\1,?$/.exec(args);
    return cand('python', celery[1]!, quoted ? quoted[2]! : args, line, i, 2.5);
  }
  const rails = RAILS_LOG.exec(line);
  if (rails) return cand('ruby', rails[1]!, rails[2]!.trim(), line, i, 2);
  const repr = REPR.exec(line);
  if (repr) return cand(languageOfName(repr[1]!), repr[1]!, repr[3]!, line, i, 1.5);
  const m = TYPED.exec(line) ?? TYPED.exec(line.replace(TAGS, ''));
  if (!m) {
    const e = EMBEDDED.exec(line);
    if (e && !NEVER.test(e[1]!) && !BUILD_TOOL_EXCEPTION.test(e[1]!))
      return cand(languageOfName(e[1]!), e[1]!, (e[2] ?? '').trim(), line, i, 1);
    const lib = LIBRARY_EXCEPTION.exec(line);
    if (lib) return cand(languageOfName(lib[1]!), lib[1]!, (lib[2] ?? '').trim(), line, i, 1.5);
    return null;
  }
  const type = m[2]!;
  if (NEVER.test(type)) return null;
  if (/Warning$/.test(type) && !FAILING_WARNING.test(type)) return null;
  const message = (m[3] ?? '').trim();
  const qualified = /[.:]/.test(type);
  const framesFollow = FRAME_AFTER.test(lines[i + 1] ?? '') || FRAME_AFTER.test(lines[i + 2] ?? '');
  if (!message && !qualified && !framesFollow) return null;
  const lead = m[1] ?? '';
  const known = lead === '' || /Uncaught|^Unhandled|^Exception in thread|^Caused by:|^Error:/.test(lead);
  if (BUILD_TOOL_EXCEPTION.test(type)) return cand('java', type, message, line, i, 0.3);
  // Surefire's report that the test JVM died is the runner's verdict: it outranks what tests logged.
  if (type.endsWith('.SurefireBooterForkException')) return cand('java', type, message, line, i, 3.5);
  // Node prints its error codes in brackets: `AssertionError [ERR_ASSERTION]: …`; consoles say `Uncaught`.
  const language =
    /^\S+ \[ERR_[A-Z_\d]{2,60}\]/.test(m[0].slice(lead.length).trim()) || /Uncaught|Promise Rejection/i.test(lead)
      ? 'javascript'
      : languageOfTyped(type, message);
  // A class no runtime's name gives away reads as Python's, unless the frames below are another's.
  const framed = language === 'python' ? (languageOfFramesBelow(lines, i) ?? language) : language;
  return cand(framed, type, message, line, i, known ? 2 : 1.5);
}

/** A typed error inside an inline code span of prose: "I get `ModuleNotFoundError: No module named 'x'`". */
const CODE_SPAN = /`([^`\n]{3,1000})`/g;
const SPAN_TYPED = new RegExp(String.raw`^(${EXCEPTION_NAME}): (.+)$`);

function inlineTyped(raw: string, i: number): Candidate | null {
  if (!raw.includes('`')) return null;
  for (const m of raw.matchAll(CODE_SPAN)) {
    const t = SPAN_TYPED.exec(m[1]!.trim());
    // `undefined method '...' for nil`: a placeholder says the writer talks about the error in general.
    if (t && !/Warning$/.test(t[1]!) && !/(?:^|[\s'"`(])\.\.\.(?:$|[\s'"`)])/.test(t[2]!))
      return cand(languageOfTyped(t[1]!, t[2]!), t[1]!, t[2]!.trim(), raw.trim(), i, 1);
  }
  return null;
}

/**
 * A typed error pasted into the middle of a sentence: `I got "OSError: [Errno 24] Too many open files"`,
 * `v = math.exp(la) TypeError: only size-1 arrays …`. The message runs to the closing quote when the
 * error was quoted, else to the end of the line; it must say something specific (a quote, a digit or
 * several words). A placeholder (`'...'`) or square brackets around it mean the writer talks about the
 * error in general.
 */
const DOC_FIELD = /(?:^|\s):(?:raises?|except(?:ion)?|throws?)$/;
const IN_PROSE = new RegExp(String.raw`(?:^|[\s"'(“「：:])(${EXCEPTION_NAME}): (\S.{0,1000})$`);

function inProse(line: string, i: number): Candidate | null {
  const m = IN_PROSE.exec(line);
  if (!m || /Warning$/.test(m[1]!)) return null;
  // `[ Exception in thread "main" java.lang.X: … ]`: an illustration in brackets, not a report.
  const head = line.slice(0, m.index);
  if (head.split('[').length > head.split(']').length) return null;
  // A docstring's field (Sphinx's `:raises ValueError: if …`, `:exception X:`) documents an error.
  if (DOC_FIELD.test(head)) return null;
  const before = line[m.index] ?? '';
  const close = ({ '"': '"', "'": "'", '(': ')', '“': '”', '「': '」' } as Record<string, string>)[before];
  let message = m[2]!;
  if (close) {
    const end = message.lastIndexOf(close);
    if (end > 0) message = message.slice(0, end);
  }
  const fullStop = message.search(/[，。？！]/);
  message = cutProse(fullStop >= 0 ? message.slice(0, fullStop) : message);
  if (/(?:^|[\s'"`(])\.\.\.(?:$|[\s'"`)])/.test(message)) return null;
  if (!/['"\d]/.test(message) && message.split(/\s+/).length < 3) return null;
  return cand(languageOfTyped(m[1]!, message), m[1]!, message.trim(), line, i, 0.9);
}

// ---------------------------------------------------------------------------------------------------
// Wrappers: they say that something failed, not what. Primary only when nothing else was printed.

const WRAPPERS: RegExp[] = [
  /^make(?:\[\d+\])?: \*\*\* (.+)$/,
  /^error: (could not compile .+|aborting due to .+|test failed, .+|doctest failed|process didn't exit successfully: .+|Recipe .+ failed.*)$/,
  /^collect2: error: (ld returned \d+ exit status)$/,
  /^(?:error )?Command failed with exit code \d+\.?$/,
  /^Error: Process completed with exit code \d+\.?$/,
  /^##\[error\]Process completed with exit code \d+\.?$/,
  /^(?:ERROR: )?(InvocationError for command .+)$/, // tox: the command's own output says why
];

/**
 * cargo's `error: could not compile \`x\` (lib)` is a wrapper, unless its `Caused by:` says rustc itself
 * was killed: `process didn't exit successfully: \`rustc …\` (signal: 9, SIGKILL: kill)` (the OOM killer,
 * on a small CI runner). The signal is then the failure.
 */
function killedCompiler(lines: string[], line: string, i: number): Candidate | null {
  const m = line.startsWith('error: could not compile ') ? /^error: (could not compile .{1,300})$/.exec(line) : null;
  if (!m) return null;
  for (let k = i + 1; k < Math.min(lines.length, i + 5); k++) {
    const sig = /\(signal: \d{1,2}, (SIG[A-Z]{2,8}): [^)]{1,60}\)\s*$/.exec(lines[k]!);
    if (sig && lines[k]!.includes("process didn't exit successfully"))
      return cand('rust', sig[1]!, m[1]!.trim(), line, i, 2);
  }
  return null;
}

/**
 * CTest's result line for a test that crashed: \` 6/10 Test  #5: json_parser_test ....***Exception:
 * SegFault  0.09 sec\` (also \`Child aborted***Exception:\`, \`Illegal\`, \`Numerical\`). A \`***Failed\` test
 * says why in its own output; a crash says it here only.
 */
const CTEST_CRASH =
  /^\d{1,6}\/\d{1,6} Test\s{1,4}#\d{1,6}: (\S{1,200} \.{0,200}\s{0,4}(?:Child aborted|Subprocess aborted)?\*{3}Exception: (SegFault|Illegal|Numerical|Interrupt|Other))\s/;

function ctestCrash(line: string, i: number): Candidate | null {
  const m = line.includes('***Exception: ') ? CTEST_CRASH.exec(line) : null;
  return m ? cand('cpp', m[2]!, m[1]!.trim(), line, i, 3) : null;
}

function wrapper(line: string, i: number): Candidate | null {
  for (const re of WRAPPERS) {
    const m = re.exec(line);
    if (m) return cand('unknown', null, m[1] ?? line, line, i, 0.2);
  }
  return null;
}
