import type { Frame } from '../types.js';
import { BUILD_TOOL_EXCEPTION } from './build-tool-exception.js';
import { candidate, type Candidate } from './candidate.js';

const JAVA_EXCEPTION =
  /^(?:Exception in thread "[^"]{0,200}" )?((?:[a-z_$][\w$]*\.)+[A-Z][\w$]*(?:Exception|Error|Throwable))(?::(?: (.*))?)?$/;
/** A frame; logback's packaging data may follow it (`~[spring-beans-6.2.3.jar!/:6.2.3]`, `[na:na]`). */
const AT = /^\s*at ([\w$.<>/]+)\(([^()]*)\)(?: ~?\[[^\]\n]{0,300}\])?\s*$/;
const CAUSED_BY = /^\s*Caused by: ((?:[a-z_$][\w$]*\.)+[A-Z][\w$]*)(?:: (.*))?$/;
// Maven's `[ERROR] ` prefix is a log level: normalization has removed it.
/** With a plugin goal, or without one when the project's dependencies cannot be resolved. */
const MAVEN_GOAL = /^(?:\[ERROR\] )?Failed to execute goal (?:(\S+) \([^)]*\) )?on project [^:]+: (.+)$/;
/**
 * A plugin's exception as the goal's message (`… on project billing: org.flywaydb.core.api.exception.
 * FlywayValidateException: Validate failed: Migrations have failed validation`): the cause the goal wraps.
 */
const GOAL_EXCEPTION = /^((?:[a-z_]\w{0,80}\.){1,10}[A-Z][\w$]{0,80}(?:Exception|Error)): (\S.{0,2000})$/;
const MAVEN_HELP = /^(?:\[ERROR\] )?\[Help 1\] https?:\/\/\S+\/(\w+Exception)\s*$/;
const KOTLIN_E = /^e: (?:file:\/\/)?(\S+\.kts?):\s?\(?(\d+)[,:]\s?(\d+)\)?:? (.+)$/;
/**
 * kapt reports an annotation processor's error on the Java stub it generated, behind kotlinc's `e: `:
 * `e: …/stubs/main/AppComponent.java:10: error: [Dagger/MissingBinding] X cannot be provided …`; the
 * processor's key in brackets is the type.
 */
const KAPT_E = /^e: (?:file:\/\/)?(\S{1,500}\.java):(\d{1,7}): error: (?:\[([\w/.-]{1,80})\] )?(\S.{0,2000})$/;
/**
 * kotlinc's error about a whole file, no line: `e: …/classes.jar!/META-INF/core_release.kotlin_module:
 * Module was compiled with an incompatible version of Kotlin. …` (a dependency's metadata), or a source
 * file it cannot read.
 */
/**
 * KSP's processors (Room, Moshi, Hilt with KSP) report through kotlinc's `e: `, behind `[ksp]`, with the
 * element's location when they give one: `e: [ksp] /path/NoteDao.kt:31: There is a problem with the
 * query: …`. `e: [ksp] Error occurred in KSP, check log for detail` is KSP's own closing wrapper.
 */
const KSP_E = /^e: \[ksp\] (?:(\S{1,500}\.(?:kts?|java)):(\d{1,7}): )?(\S.{0,2000})$/;
const KSP_WRAPPER = /^Error occurred in KSP\b/;
const KOTLIN_E_FILE = /^e: (?:file:\/\/)?(\S{1,500}\.(?:kts?|kotlin_module|jar|klib)):? (\S.{0,2000})$/;
const GRADLE_WRONG = /^\* What went wrong:\s*$/;
/**
 * maven-enforcer-plugin's failed rule, under the goal's failure: `Rule 0: org.apache.maven.enforcer.rules.
 * dependency.DependencyConvergence failed with message:`, its message on the lines below (DependencyConvergence
 * and RequireReleaseDeps open theirs with `Failed while enforcing releasability.`).
 */
const ENFORCER_RULE = /^Rule \d{1,3}: (\S{1,300}) failed with message:$/;
/**
 * JaCoCo's coverage check (Maven's `jacoco:check`, Gradle's `jacocoTestCoverageVerification`, which
 * prints it through Ant as `[ant:jacocoReport] …`): `Rule violated for bundle core: lines covered ratio
 * is 0.74, but expected minimum is 0.80`. No class is printed.
 */
const JACOCO_RULE =
  /^(?:\[ant:jacocoReport\] |\[WARNING\] )?(Rule violated for (?:bundle|package|class|sourcefile|method) \S.{1,500})$/;
/**
 * Surefire's line above a failed test's exception (`… -- Time elapsed: 0.011 s <<< FAILURE!`): the
 * runner's verdict, stronger than the exceptions tests logged on the way.
 */
const SUREFIRE_MARK = /<<< (?:FAILURE|ERROR)!\s*$/;
/**
 * Android's crash report in logcat: `FATAL EXCEPTION: main`, `Process: com.x, PID: 2999`, then the
 * exception's line, whatever its class is called (R8 and ProGuard rename them: `b.k: lateinit property
 * binding has not been initialized`).
 */
const FATAL_EXCEPTION = /^FATAL EXCEPTION: \S/;
const ANY_THROWABLE = /^((?:[a-z_$][\w$]{0,80}\.){0,10}[a-z_$][\w$]{0,80})(?:: (.*))?$/i;
/**
 * R8's and D8's errors (Android's shrinker and dexer, under Gradle's `minifyReleaseWithR8`):
 * `ERROR: Missing classes detected while running R8. Please add …`, `ERROR: R8: Missing class x (…)`,
 * `ERROR:/path/classes.jar: D8: …`; one that reports an exception it hit is that exception
 * (`ERROR: D8: java.lang.OutOfMemoryError: Java heap space`).
 */
const R8_ERROR =
  /^ERROR: ?(Missing classes detected while running R8\..{0,2000})$|^ERROR: ?(?:\S{1,500}: )?[RD]8: (\S.{0,2000})$/;
/**
 * The Android manifest merger's error: `/path/AndroidManifest.xml Error:` (or `…xml:14:9-36 Error:`), the
 * message on the next line (`uses-sdk:minSdkVersion 24 cannot be smaller than version 26 declared in …`).
 */
const MANIFEST_MERGER = /^(\S{0,500}AndroidManifest\.xml)(?::(\d{1,7}):\d{1,7}(?:-\d{1,7})?)? Error:$/;
/**
 * Liquibase 4's summary of a failed update names the database's exception and its reason:
 * `ERROR: Exception Primary Class:  PSQLException`, `ERROR: Exception Primary Reason:  ERROR: column …`.
 */
const LIQUIBASE_PRIMARY = /^(?:ERROR: )?Exception Primary Class: {1,4}([\w$.]{1,200})$/;
const LIQUIBASE_REASON = /^(?:ERROR: )?Exception Primary Reason: {1,4}(\S.{0,2000})$/;
/**
 * A throwable whose name has no usual suffix (JUnit 4's `org.junit.ComparisonFailure`, a project's
 * `com.acme.BillingProblem: …`) is one with a message where an `at` frame follows it at once (a class
 * alone above frames is Surefire's list of crashed tests, above its fork's exception's frames).
 */
const QUALIFIED_THROWABLE = /^((?:[a-z_$][\w$]{0,80}\.){1,10}[A-Z][\w$]{0,80}): (\S.*)$/;
/** Gradle's console test event for a failed test: `InvoiceTest > roundsTotals() FAILED`. */
const GRADLE_TEST_FAILED = /^\S.{0,300} > .{1,300} FAILED$/;
/**
 * Gradle's default (SHORT) exception format under a failed test: the class and where it was thrown,
 * no message, no stack: `    java.lang.ArithmeticException at InvoiceTest.java:57`.
 */
const GRADLE_SHORT_EXCEPTION =
  /^\s+((?:[a-z_$][\w$]*\.)+[A-Z][\w$]*) at ([\w$.-]{1,200}\.(java|kt|groovy|scala)):(\d{1,7})$/;

/**
 * YARN's diagnostics of an application whose driver threw (spark-submit's report and the
 * ApplicationMaster's log): `diagnostics: User class threw exception: org.apache.spark.SparkException: Job
 * aborted due to stage failure: …`, the exception as its `toString` prints it. spark-submit prints it
 * before its own `SparkException: Application application_… finished with failed status`, which it causes.
 */
const YARN_USER_CLASS =
  /(?:^|\bdiagnostics(?: message)?: )User class threw exception: ((?:[a-z_]\w*\.){1,10}[A-Z]\w{0,80}): (\S.{2,2000})$/;

/** Java/Kotlin exceptions (`Exception in thread`, `Caused by:`), Maven `[ERROR] Failed to execute goal`, Gradle and kotlinc errors. */
export function findJavaFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  // JaCoCo's violated rules, and the class Maven names for its failed `jacoco:check` goal.
  const rules: Candidate[] = [];
  let checkGoalType: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const yarn = line.includes('User class threw exception: ') ? YARN_USER_CLASS.exec(line) : null;
    if (yarn) {
      out.push(candidate('java', yarn[1]!, yarn[2]!.trim(), `${yarn[1]}: ${yarn[2]!.trim()}`, i, 3));
      continue;
    }
    const r8 = line.includes('8') && line.startsWith('ERROR:') ? R8_ERROR.exec(line) : null;
    if (r8) {
      const message = (r8[1] ?? r8[2])!.trim();
      // The dexer reports an exception it hit as the exception's line (`ERROR: D8: java.lang.OutOfMemoryError: Java heap space`).
      const thrown = QUALIFIED_THROWABLE.exec(message);
      out.push(candidate('java', thrown ? thrown[1]! : 'error', thrown ? thrown[2]!.trim() : message, line, i, 3));
      continue;
    }
    const merger = line.endsWith(' Error:') ? MANIFEST_MERGER.exec(line) : null;
    const mergerMessage = merger ? (lines[i + 1] ?? '').trim() : '';
    if (merger && mergerMessage) {
      const frames = [{ file: merger[1]!, line: merger[2] ? Number(merger[2]) : null, function: null, source: null }];
      out.push(candidate('java', 'error', mergerMessage, `${line}\n${mergerMessage}`, i, 3, frames));
      continue;
    }
    const lq = line.includes('Exception Primary Class:') ? LIQUIBASE_PRIMARY.exec(line) : null;
    if (lq) {
      const reason = LIQUIBASE_REASON.exec((lines[i + 1] ?? '').trim());
      if (reason) out.push(candidate('java', lq[1]!, reason[1]!.trim(), `${line}\n${lines[i + 1]!.trim()}`, i, 3));
      continue;
    }
    const m =
      JAVA_EXCEPTION.exec(line) ??
      (afterFatalException(lines, i) ? ANY_THROWABLE.exec(line) : null) ??
      (AT.test(lines[i + 1] ?? '') ? QUALIFIED_THROWABLE.exec(line) : null);
    if (m) {
      const frames: Frame[] = [];
      const errorLines = [line];
      // A message that starts with a line break (Mockito's `UnnecessaryStubbingException: `, then a blank
      // line and the text): the text runs to the frames below it, which are read from there.
      let message = (m[2] ?? '').trim();
      const below = !message && line.endsWith(':') ? messageBelow(lines, i) : null;
      if (below) message = below.message;
      // A message of several lines (Flyway's validation report, Hibernate's): its frames start below it.
      const rest = below || !message || !JAVA_EXCEPTION.test(line) ? null : messageLinesEnd(lines, i);
      let k = below ? below.frameAt : (rest ?? i + 1);
      for (; k < Math.min(lines.length, i + 300); k++) {
        const l = lines[k]!;
        const at = AT.exec(l);
        if (at) {
          const [file, ln] = at[2]!.split(':');
          frames.push({ file: file ?? '', line: ln ? Number(ln) : null, function: at[1]!, source: null });
          continue;
        }
        if (CAUSED_BY.test(l)) {
          errorLines.push(l.trim());
          continue;
        }
        if (/^\s*\.\.\. \d+ more\s*$/.test(l)) continue;
        break;
      }
      // A runner's failed-test line above says so where no frame follows at once (Espresso's
      // NoMatchingViewException prints the view hierarchy between its message and its frames).
      const runnerFailed = runnerFailedTestAbove(lines, i);
      // Android's crash report is the process's death: stronger than traces the app printed on the way
      // (`W System.err:` lines of a caught exception's printStackTrace).
      const crashed = afterFatalException(lines, i);
      const explicit = line.startsWith('Exception in thread') || runnerFailed || crashed;
      if (frames.length === 0 && !explicit) continue;
      const byPassingTest = !runnerFailed && loggedByPassingTests(lines, k);
      out.push({
        language: 'java',
        errorType: m[1]!,
        errorMessage: message,
        frames,
        codeLines: [],
        errorText: errorLines.join('\n'),
        line: i,
        strength: BUILD_TOOL_EXCEPTION.test(m[1]!) ? 0.3 : runnerFailed || crashed ? 3.5 : 3,
        innermostFirst: true,
        ...(byPassingTest ? { notAFailure: true } : {}),
      });
      i = k - 1;
      continue;
    }
    const short = GRADLE_TEST_FAILED.test(line) ? GRADLE_SHORT_EXCEPTION.exec(lines[i + 1] ?? '') : null;
    if (short) {
      out.push({
        language: short[3] === 'kt' ? 'kotlin' : 'java',
        errorType: short[1]!,
        errorMessage: '',
        frames: [{ file: short[2]!, line: Number(short[4]), function: null, source: null }],
        codeLines: [],
        errorText: lines[i + 1]!.trim(),
        line: i + 1,
        // The test runner's verdict, as Surefire's.
        strength: 3.5,
      });
      i++;
      continue;
    }
    const rule = line.startsWith('Rule ') ? ENFORCER_RULE.exec(line) : null;
    if (rule) {
      const message = lines
        .slice(i + 1, i + 8)
        // Maven's empty `[ERROR]` lines are blank.
        .map((l) => l.trim().replace(/^\[ERROR\]$/, ''))
        .find((l) => l !== '' && l !== 'Failed while enforcing releasability.');
      const type = mavenHelpBelow(lines, i, 200) ?? 'MojoExecutionException';
      // The rule's report is the goal's cause, above what the compiler warned about on the way.
      if (message) out.push(candidate('java', type, message, `${line}\n${message}`, i, 2.5));
      continue;
    }
    const goal = MAVEN_GOAL.exec(line);
    if (goal) {
      const cause = GOAL_EXCEPTION.exec(goal[2]!.replace(/ ?-> \[Help 1\]$/, '').trim());
      // Weaker than a diagnostic the plugin printed above (a compiler's, Flyway's own report), stronger
      // than the goal's wrapper.
      if (cause) out.push(candidate('java', cause[1]!, cause[2]!.trim(), line, i, 2.5));
      const type = mavenHelpBelow(lines, i, 30) ?? (goal[1] ? 'MojoFailureException' : 'DependencyResolutionException');
      if (goal[1]?.includes(':jacoco-maven-plugin:')) checkGoalType = type;
      out.push({
        language: 'java',
        errorType: type,
        errorMessage: goal[2]!.replace(/ ?-> \[Help 1\]$/, '').trim(),
        frames: [],
        codeLines: [],
        errorText: line,
        line: i,
        // A wrapper: the compiler's or the plugin's own error, printed above, is the cause.
        strength: 0.5,
      });
      continue;
    }
    const kapt = line.startsWith('e: ') ? KAPT_E.exec(line) : null;
    if (kapt) {
      const at = { file: kapt[1]!, line: Number(kapt[2]), function: null, source: null };
      out.push(candidate('kotlin', kapt[3] ?? 'error', kapt[4]!.trim(), line, i, 3, [at]));
      continue;
    }
    const ksp = line.startsWith('e: [ksp] ') ? KSP_E.exec(line) : null;
    if (ksp) {
      const at = ksp[1] ? [{ file: ksp[1], line: Number(ksp[2]), function: null, source: null }] : [];
      const message = ksp[3]!.trim();
      out.push(candidate('kotlin', 'error', message, line, i, KSP_WRAPPER.test(message) ? 0.3 : at.length ? 3 : 2, at));
      continue;
    }
    const ke = line.startsWith('e: ') ? (KOTLIN_E.exec(line) ?? KOTLIN_E_FILE.exec(line)) : null;
    if (ke) {
      const located = ke.length > 3;
      out.push({
        language: 'kotlin',
        // Kotlin's Gradle compile failure implies `CompilationErrorException`; no class is printed.
        errorType: 'CompilationErrorException',
        errorMessage: (located ? ke[4]! : ke[2]!).trim(),
        frames: [{ file: ke[1]!, line: located ? Number(ke[2]) : null, function: null, source: null }],
        codeLines: [],
        errorText: line,
        line: i,
        strength: 3,
      });
      continue;
    }
    const jacoco = line.startsWith('[') || line.startsWith('Rule') ? JACOCO_RULE.exec(line) : null;
    if (jacoco) {
      rules.push({
        language: 'java',
        errorType: null,
        errorMessage: jacoco[1]!.trim(),
        frames: [],
        codeLines: [],
        errorText: line,
        line: i,
        strength: 2.5,
      });
      continue;
    }
    if (GRADLE_WRONG.test(line)) {
      const what = (lines[i + 1] ?? '').trim();
      const detail = lines
        .slice(i + 2, i + 8)
        .map((l) => l.replace(/^>\s*/, '').trim())
        .filter(Boolean);
      if (what)
        out.push({
          language: 'java',
          errorType: 'GradleBuildFailure',
          errorMessage: deepestGradleCause(lines, i + 2) ?? what,
          frames: [],
          codeLines: [],
          errorText: [what, ...detail].join('\n'),
          line: i,
          strength: 0.4,
        });
    }
  }
  // The rules fail the goal, and Maven's help link names the class (no class is printed beside them).
  for (const r of rules) out.push({ ...r, errorType: checkGoalType });
  return out;
}

/**
 * Gradle prints a failure's causes below "What went wrong", each a `> ` line indented under the one it
 * caused (`> Could not resolve all files for configuration …`, `   > Could not find x:y:1.0.`): the
 * deepest is the cause. Null when there is none (a task's failure with its output elsewhere).
 */
function deepestGradleCause(lines: string[], from: number): string | null {
  let best: string | null = null;
  let depth = -1;
  for (let k = from; k < Math.min(lines.length, from + 40); k++) {
    const l = lines[k]!;
    if (!l.trim() || l.trim().startsWith('* ')) break;
    const m = /^(\s*)> (\S.{0,1000})$/.exec(l);
    if (m && m[1]!.length > depth) [best, depth] = [m[2]!.trim(), m[1]!.length];
  }
  // A cause that only points elsewhere ("Compilation error. See log for more details") says less than
  // the task's failure.
  return depth > 0 && !POINTS_ELSEWHERE.test(best ?? '') ? best : null;
}
const POINTS_ELSEWHERE = /\bsee\b.{1,60}\b(?:log|report|output|details)\b|^A failure occurred while executing /i;

/**
 * Whether the line above an exception is a test runner's verdict on a failed test (Surefire's
 * `<<< FAILURE!`, Gradle's `Test > method() FAILED`): the runner's report, stronger than the
 * exceptions tests logged on the way.
 */
function runnerFailedTestAbove(lines: string[], i: number): boolean {
  const above = (lines[i - 1] ?? '').trim();
  return SUREFIRE_MARK.test(above) || GRADLE_TEST_FAILED.test(above);
}

/** The exception Maven's `[Help 1]` link names within `span` lines below line `i` (`MojoExecutionException`). */
function mavenHelpBelow(lines: string[], i: number, span: number): string | null {
  for (let k = i + 1; k < Math.min(lines.length, i + span); k++) {
    const h = MAVEN_HELP.exec(lines[k]!.trim());
    if (h) return h[1]!;
  }
  return null;
}

/** Whether line `i` is the exception of Android's crash report (below `FATAL EXCEPTION:` and `Process:`). */
function afterFatalException(lines: string[], i: number): boolean {
  if (lines[i]!.trim().startsWith('Process: ')) return false;
  const above = (lines[i - 1] ?? '').trim();
  if (FATAL_EXCEPTION.test(above)) return true;
  return above.startsWith('Process: ') && FATAL_EXCEPTION.test((lines[i - 2] ?? '').trim());
}

/**
 * Surefire's result line for a test class, printed after the class's output (`Tests run: 11, Failures: 0,
 * Errors: 0, Skipped: 0, Time elapsed: 0.641 s -- in com.x.PaymentServiceTest`; Surefire 2 writes ` - in`).
 */
const SUREFIRE_CLASS_RESULT =
  /^Tests run: \d{1,6}, Failures: (\d{1,6}), Errors: (\d{1,6}), Skipped: \d{1,6}, Time elapsed: .{1,40} in \S/;

/**
 * Whether an exception ending at line `end` was output of a test class Surefire then reported passing:
 * the next class result (within 300 lines, before a failed test's `<<< FAILURE!`) counts no failures and
 * no errors. A test that logs the exception it provokes ("will retry") fails nothing.
 */
function loggedByPassingTests(lines: string[], end: number): boolean {
  for (let k = end; k < Math.min(lines.length, end + 300); k++) {
    const t = lines[k]!.trim();
    if (SUREFIRE_MARK.test(t)) return false;
    if (!t.startsWith('Tests run: ')) continue;
    const r = SUREFIRE_CLASS_RESULT.exec(t);
    if (r) return r[1] === '0' && r[2] === '0';
  }
  return false;
}

/**
 * The message printed below an exception's line (its first non-blank line, up to 20 lines down) and
 * where the `at` frames that follow it start, or null when no frame follows a message.
 */
/**
 * Where the frames start below an exception whose message goes on over more lines (each non-blank, none
 * another exception's or a log record's), or null when no frame follows within twelve lines.
 */
function messageLinesEnd(lines: string[], i: number): number | null {
  for (let k = i + 1; k < Math.min(lines.length, i + 13); k++) {
    const l = lines[k]!;
    if (AT.test(l)) return k > i + 1 ? k : null;
    if (!l.trim() || JAVA_EXCEPTION.test(l.trim()) || CAUSED_BY.test(l)) return null;
  }
  return null;
}

function messageBelow(lines: string[], i: number): { message: string; frameAt: number } | null {
  let message = '';
  for (let k = i + 1; k < Math.min(lines.length, i + 20); k++) {
    if (AT.test(lines[k]!)) return message ? { message, frameAt: k } : null;
    if (!message && lines[k]!.trim()) message = lines[k]!.trim();
  }
  return null;
}
