import { candidate as cand, type Candidate } from './candidate.js';
import { xcprettyFailedTest } from './xctest.js';

/**
 * Command-line tools that fail a build step with a line of their own, each as its documentation gives
 * it: curl's `curl: (N) message` (the man page's EXIT CODES), the Docker CLI's refusals (the daemon's
 * `Error response from daemon: …`, an unreachable or forbidden daemon socket), BuildKit's `ERROR:
 * failed to solve: …` (weak: it wraps the step's own output), GoReleaser's `⨯ … error=…`, electron-builder's
 * `⨯ message  failedTask=… stackTrace=…`, ESLint's
 * `ESLint found too many warnings (maximum: 0).`, Yarn 2+'s `YNxxxx:` report lines (the
 * error codes page), the go command's `go: …` errors, Cargo's resolver and build-script errors, and jq's.
 */
const CURL = /^curl: \((\d{1,3})\) (\S.{2,500})$/;
const DOCKER_DAEMON = /^(?:docker: )?Error response from daemon: (\S.{2,1000})$/;
const DOCKER_SOCKET =
  /^(?:docker: )?(Cannot connect to the Docker daemon at \S{1,300}\. Is the docker daemon running\?|(?:Got )?permission denied while trying to connect to the Docker daemon socket at \S{1,300}?)(?:[:.] .{0,1000})?$/;
const BUILDKIT_FAILED = /^ERROR: failed to solve: (\S.{2,1000})$/;
/** A BuildKit step's own error, under its number: `#16 ERROR: failed to push ghcr.io/x: denied: …`. */
const BUILDKIT_STEP_ERROR = /^#\d{1,5} ERROR: (\S.{2,1000})$/;
/** codecov-cli's log lines (`error - 2025-06-17 18:46:03,467 -- Commit creating failed: {…}`). */
const CODECOV_CLI_ERROR = /^error - \d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} -- (\S.{2,1000})$/;
/** Yarn 2+: `➤ YN0018: │ lodash@npm:4.17.21: The remote archive doesn't match the expected checksum`. */
const YARN_BERRY = /^(?:\S{1,3} )?(YN\d{4}): (?:[│|] )?(\S.{2,1000})$/;
/** Yarn's codes for errors (the rest of its report is progress, warnings and notices). */
const YARN_ERRORS = new Set(['YN0001', 'YN0009', 'YN0016', 'YN0018', 'YN0028', 'YN0035', 'YN0041', 'YN0082']);
/** The go command's own errors; its progress lines (`go: downloading …`) are not. */
const GO_COMMAND =
  /^go: (?!downloading |finding |extracting |added |upgraded |downgraded |removed |found |creating |to add |warning: )(\S.{2,1000})$/;
/**
 * GoReleaser logs through caarlos0/log, whose failed run ends `⨯ release failed after 0s   error=git is in
 * a dirty state`: the error is the line's `error=` field (quoted when it holds quotes).
 */
const GORELEASER = /^⨯ \w{1,40} failed after \S{1,20}\s+error=(\S.{1,2000})$/;
/**
 * electron-builder logs through builder-util's logger: a mark (`•` info, `⚠` warning, `⨯` error), the
 * message, then its fields after two spaces, `key=value` (`⨯ Application entry file "main.js" … does not
 * exist.  failedTask=build stackTrace=Error: Application entry file …`, the stack going on below). The
 * class is the `stackTrace` field's. caarlos0/log (Go tools) writes its `⨯` lines the same way, the
 * error in an `error=` field.
 */
const MARKED_ERROR = /^⨯ (\S.{1,1000}?)\s{2,}([a-z]\w{0,30}=.*)$/i;
const STACK_TRACE_CLASS = /(?:^| )stackTrace=((?:[A-Z]\w{0,60})?Error|[A-Z]\w{0,60}Exception)(?::|$)/;
const ERROR_FIELD = /(?:^| )error=("(?:[^"\\]|\\.){1,2000}"|\S{1,2000})/;
/** A typed error after the mark (Next.js's `⨯ TypeError: …`) is JavaScript's reader's; so is ts-node's wrapper. */
const MARKED_JS_ERROR = /^(?:[A-Z]\w*)?(?:Error|Exception)(?: \[[^\]]{1,60}\])?: |^Unable to compile TypeScript/;
/** ESLint's own verdict under `--max-warnings`: warnings only, yet the run fails. */
const ESLINT_MAX_WARNINGS = /^ESLint found too many warnings \(maximum: \d{1,6}\)\.?$/;
/**
 * Prisma's CLI and engines: `Error: P1001: Can't reach database server at …` (its documented error
 * codes); `prisma migrate` prints the code alone (`Error: P3018`) and its message as the next paragraph.
 */
const PRISMA = /^Error: (P[1-3]\d{3})(?:: (\S.{2,1000}))?$/;
/**
 * Conan 2's errors (its `ERROR: ` lines name the recipe): a requirement it cannot find (`Package
 * 'libcurl/8.11.1' not resolved: Unable to find 'libcurl/8.11.1' in remotes.`), a binary it has no build of
 * (`Missing prebuilt package for 'zlib/1.3.1'`, `Missing binary: …`), a version conflict, and a recipe's
 * method that failed (`zlib/1.3.1: Error in build() method, line 61`).
 */
const CONAN =
  /^ERROR: (Package '[^']{1,200}' not resolved: .{1,500}|Missing prebuilt package for .{1,500}|Missing binary: .{1,500}|Version conflict: .{1,500}|[\w.+-]{1,100}\/[\w.+-]{1,60}(?:@\S{1,100})?: Error in \w{1,30}\(\) method.{0,500})$/;
/**
 * rebar3 (Erlang's build tool) on an error it did not expect: `===> Uncaught error: {badmatch,error}`, the
 * Erlang term; a tuple's first element names the error (`badmatch`, `function_clause`, `badarg`).
 */
const REBAR3_UNCAUGHT = /^===> Uncaught error: (\S.{0,1000})$/;
/** jq's run-time and compile errors (`jq: error (at file:8): Cannot iterate over null (null)`). */
const JQ = /^jq: error(?: \(at [^)]{1,300}\))?: (\S.{2,1000})$/;
const CARGO =
  /^error: (failed to select a version for .{1,500}|no matching package named .{1,300}|failed to run custom build command for .{1,300}|failed to (?:load|parse) manifest at .{1,300}|package .{1,200} cannot be built because it requires rustc .{1,200}|could not find `Cargo\.toml` in .{1,300}|failed to get `.{1,200}` as a dependency of package .{1,300})$/;

/**
 * The sanitizers' reports (clang and gcc `-fsanitize=address|memory|leak|thread`, their documented
 * first line): `==1234==ERROR: AddressSanitizer: heap-use-after-free on address 0x…`, `WARNING:
 * ThreadSanitizer: data race (pid=…)`. The report's kind is its type (`heap-buffer-overflow`, `SEGV`,
 * `data race`); a leak report (`detected memory leaks`) is typed by its sanitizer.
 */
const SANITIZER = /(?:^|==\d{1,10}==)(?:ERROR|WARNING): (\w{0,20}Sanitizer): (\S.{2,1000})$/;
function sanitizerReport(line: string, i: number): Candidate | null {
  const m = SANITIZER.exec(line);
  if (!m) return null;
  const report = m[2]!.trim();
  const kind = /^(?:[a-z]+(?:-[a-z]+)+|[A-Z]{3,5}|data race)\b/.exec(report)?.[0];
  return cand('cpp', kind ?? m[1]!, report, line, i, 3);
}

/**
 * The Serverless Framework (v3, v4) prints a failed command's error below `Error:` alone on its line; a
 * failed deploy's is CloudFormation's resource event, `UPDATE_FAILED: ResizeLambdaFunction
 * (AWS::Lambda::Function)`, its reason on the line below (the status is the type). Other errors under a
 * lone `Error:` are left to the other readers: people paste that over any message.
 */
const CFN_RESOURCE_FAILED = /^((?:CREATE|UPDATE|DELETE|IMPORT)_FAILED): \S{1,255} \([\w:]{1,200}\)$/;
function serverlessError(lines: string[], i: number): Candidate | null {
  // Only the resource event says it is the framework's: people paste `Error:` over a message too.
  const first = (lines[i + 1] ?? '').trim();
  const cfn = CFN_RESOURCE_FAILED.exec(first);
  const reason = cfn ? (lines[i + 2] ?? '').trim() : '';
  if (!cfn || !reason) return null;
  return cand('javascript', cfn[1]!, reason, `Error:\n${first}\n${reason}`, i + 1, 2.5);
}

/**
 * CocoaPods prints its errors (its `Informative` errors) and its warnings alike behind `[!] `, in red and
 * in yellow; without the colours, the errors are known by their documented openings: a pod it cannot
 * find or resolve, a Podfile it cannot read, a pod it cannot install.
 */
const COCOAPODS_ERROR =
  /^\[!\] ((?:Unable to find a specification for|CocoaPods could not find compatible versions for pod|No podspec found for|Invalid `Podfile` file|Error installing|Failed to load|An error occurred while processing the post-install hook|Unable to determine Swift version for|The following Swift pods cannot yet be integrated as static libraries|The platform of the target)[\s:'`"].{1,1000})$/;

/** The tool error on this (normalized, trimmed) line, if it is one; `yarnFailed`: Yarn 2+ said "Failed with errors". */
export function toolError(lines: string[], line: string, i: number, yarnFailed: boolean): Candidate | null {
  if (line.includes('Sanitizer: ')) return sanitizerReport(line, i);
  const pods = line.startsWith('[!] ') ? COCOAPODS_ERROR.exec(line) : null;
  if (pods) return cand('swift', null, pods[1]!.trim(), line, i, 3);
  const step = line.startsWith('#') ? BUILDKIT_STEP_ERROR.exec(line) : null;
  if (step) return cand('unknown', 'docker', step[1]!.trim(), line, i, 2);
  const codecov = line.startsWith('error - ') ? CODECOV_CLI_ERROR.exec(line) : null;
  if (codecov) return cand('unknown', null, codecov[1]!.trim(), line, i, 2);
  if (line.startsWith('ESLint found too many') && ESLINT_MAX_WARNINGS.test(line))
    return cand('javascript', null, line, line, i, 2);
  if (line === 'Error:') return serverlessError(lines, i);
  const rebar = line.startsWith('===> ') ? REBAR3_UNCAUGHT.exec(line) : null;
  if (rebar) {
    const term = rebar[1]!.trim();
    return cand(
      'erlang',
      /^\{'?([a-z]\w{0,60})'?,/.exec(term)?.[1] ?? /^[a-z]\w{0,60}$/.exec(term)?.[0] ?? null,
      term,
      line,
      i,
      2.5,
    );
  }
  const conan = line.startsWith('ERROR: ') ? CONAN.exec(line) : null;
  if (conan) return cand('cpp', null, conan[1]!.trim(), line, i, 2.5);
  const prisma = line.startsWith('Error: P') ? PRISMA.exec(line) : null;
  if (prisma) {
    let message = prisma[2]?.trim() ?? '';
    for (let k = i + 1; k < Math.min(lines.length, i + 4) && !message; k++) message = lines[k]!.trim();
    return message ? cand('typescript', prisma[1]!, message, line, i, 3) : null;
  }
  const c = line.charCodeAt(0);
  if (c === 0x2717 /* ✗ */) {
    const xct = xcprettyFailedTest(line);
    return xct ? cand('swift', xct.type, xct.message, line, i, 3) : null;
  }
  if (c === 0x2a2f /* ⨯ */) {
    const unquote = (v: string) => {
      const quoted = /^"(.*)"$/.exec(v.trim());
      return quoted ? quoted[1]!.replace(/\\"/g, '"') : v.trim();
    };
    const gr = GORELEASER.exec(line);
    if (gr) return cand('go', null, unquote(gr[1]!), line, i, 2.5);
    const marked = MARKED_ERROR.exec(line);
    if (!marked || MARKED_JS_ERROR.test(marked[1]!)) return null;
    // Without fields the mark is others' too (Pest's failed test, Next.js's server errors).
    const fields = marked[2]!;
    const goError = fields.includes('stackTrace=') ? null : ERROR_FIELD.exec(fields);
    if (goError) return cand('go', null, unquote(goError[1]!), line, i, 2.5);
    return cand('javascript', STACK_TRACE_CLASS.exec(fields)?.[1] ?? null, marked[1]!.trim(), line, i, 2.5);
  }
  // Every form starts with one of these letters (`c`url, `d`ocker, `E`rror/`ERROR`, `C`annot, `p`ermission,
  // `G`ot, `g`o, `e`rror, `j`q, Yarn's glyph or `Y`N): most lines are done after one comparison.
  if (c === 0x63 /* c */) {
    const curl = CURL.exec(line);
    // Weak: a health check's refused connection is most often a consequence (the service did not start).
    return curl ? cand('unknown', 'curl', curl[2]!.trim(), line, i, 1.5) : null;
  }
  if (c === 0x6a /* j */) {
    const jq = line.startsWith('jq: error') ? JQ.exec(line) : null;
    return jq ? cand('shell', 'error', jq[1]!.trim(), line, i, 2.5) : null;
  }
  if (c === 0x67 /* g */) {
    const go = line.startsWith('go: ') ? GO_COMMAND.exec(line) : null;
    if (!go) return null;
    // An import chain (`go: example.com/app imports`, then indented `example.com/a imports` lines) or a
    // requirement chain (`go: x@v1 requires`, `\ty@v2: invalid version: …`): the error is the one at its
    // end, `\texample.com/dep: cannot find module providing package …`.
    let message = go[1]!.trim();
    const chained = (m: string) => m.endsWith(' imports') || m.endsWith(' requires');
    for (let k = i + 1; chained(message) && k < Math.min(lines.length, i + 30); k++) {
      if (!/^\s+\S/.test(lines[k]!)) break;
      message = lines[k]!.trim();
    }
    return cand('go', 'go', message, line, i, 2);
  }
  if (c === 0x65 /* e */) {
    const cargo = line.startsWith('error: ') ? CARGO.exec(line) : null;
    return cargo ? cand('rust', 'cargo', cargo[1]!.trim(), line, i, 2) : null;
  }
  if (line.includes('Docker daemon') || line.includes('from daemon: ')) {
    const daemon = DOCKER_DAEMON.exec(line);
    if (daemon) return cand('unknown', 'docker', daemon[1]!.trim(), line, i, 2.5);
    const socket = DOCKER_SOCKET.exec(line);
    if (socket) return cand('unknown', 'docker', socket[1]!.trim(), line, i, 2.5);
  }
  if (line.startsWith('ERROR: failed to solve: ')) {
    const bk = BUILDKIT_FAILED.exec(line);
    return bk ? cand('unknown', 'docker', bk[1]!.trim(), line, i, 1) : null;
  }
  if (yarnFailed && line.includes('YN')) {
    const y = YARN_BERRY.exec(line);
    // YN0028 prints the lockfile's diff (`-"pkg@npm:^1":`, `+  version: 1.2.3`) above its sentence.
    if (y && y[1] !== 'YN0000' && !/^[-+]/.test(y[2]!))
      return cand('javascript', y[1]!, y[2]!.trim(), line, i, YARN_ERRORS.has(y[1]!) ? 2 : 0.5);
  }
  return null;
}
