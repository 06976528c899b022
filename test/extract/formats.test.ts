/**
 * One test per format family, on text written here from each tool's documented output format (not
 * copied from the labelled fixtures, which measure the extractor and are scored in
 * labelled-fixtures.test.ts).
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractFailures } from '../../src/extract/extract.js';
import { normalizeText } from '../../src/extract/normalize.js';

function primary(text: string) {
  const f = extractFailures(text);
  assert.ok(f.length > 0, `no failure found in:\n${text}`);
  return f[0]!;
}

function typeAndMessage(text: string): [string, string] {
  const f = primary(text);
  return [f.errorType, f.errorMessage];
}

function languageTypeMessage(text: string): [string, string, string] {
  const f = primary(text);
  return [f.language, f.errorType, f.errorMessage];
}

describe('normalization: what wraps errors in real text', () => {
  test('output pasted between single backticks over many lines loses them, first and last line alike', () => {
    const f = primary(`I ran the notebook and got this:
\`Traceback (most recent call last):
  File "clean.py", line 8, in <module>
    df = df.reindex(idx)
ValueError: cannot reindex on an axis with duplicate labels\`
any idea?`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.code],
      ['ValueError', 'cannot reindex on an axis with duplicate labels', 'df = df.reindex(idx)'],
    );
    // Inline code on one line stays as it is, and a span closes only on a line with no other backtick.
    assert.deepEqual(normalizeText('`npm ci\nthen `npm test` and `npm run lint`').lines, [
      '`npm ci',
      'then `npm test` and `npm run lint`',
    ]);
    assert.deepEqual(normalizeText('run `make test` and\nthen `make lint`').lines, [
      'run `make test` and',
      'then `make lint`',
    ]);
  });

  test('markdown blockquote, bold, list bullet and inline code around an error', () => {
    assert.deepEqual(
      typeAndMessage(`> Traceback (most recent call last):\n>   File "a.py", line 1, in <module>\n> KeyError: 'x'`),
      ['KeyError', "'x'"],
    );
    assert.deepEqual(typeAndMessage(`I run it and get:\n**ValueError: math domain error**\nplease help`), [
      'ValueError',
      'math domain error',
    ]);
    assert.deepEqual(typeAndMessage(`Steps:\n- run \`make\`\n- TypeError: 'NoneType' object is not iterable`), [
      'TypeError',
      "'NoneType' object is not iterable",
    ]);
    assert.deepEqual(typeAndMessage("When I start it I get `ModuleNotFoundError: No module named 'yaml'` at once."), [
      'ModuleNotFoundError',
      "No module named 'yaml'",
    ]);
  });

  test("Docker Compose's service column and Heroku's source are prefixes, not text; HTML entities are decoded", () => {
    const compose = primary(`worker_1  | [2024-05-01 10:00:00,000: INFO/MainProcess] Connected to redis://redis:6379/0
worker_1  | Traceback (most recent call last):
worker_1  |   File "/app/tasks.py", line 9, in run
worker_1  |     return 1 / n
worker_1  | ZeroDivisionError: division by zero
redis_1   | 1:M 01 May 2024 10:00:00.000 * Ready to accept connections`);
    assert.deepEqual(
      [compose.errorType, compose.errorMessage, compose.frames.at(-1)?.file],
      ['ZeroDivisionError', 'division by zero', '/app/tasks.py'],
    );
    const v2 = primary(`shop-api-1  | Traceback (most recent call last):
shop-api-1  |   File "/srv/main.py", line 2, in <module>
shop-api-1  |     import uvicorn
shop-api-1  | ModuleNotFoundError: No module named 'uvicorn'`);
    assert.equal(v2.frames.at(-1)?.file, '/srv/main.py');
    // A service with a container_name has no replica number: the name repeated at one column is the column.
    const named =
      primary(`shop_db     | 2024-05-01 10:00:00.000 UTC [1] LOG:  database system is ready to accept connections
shop_api    | Traceback (most recent call last):
shop_api    |   File "/srv/app/db.py", line 14, in connect
shop_api    |     engine.connect()
shop_api    | sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "db" (172.18.0.2), port 5432 failed: Connection refused
shop_api exited with code 1`);
    assert.deepEqual(
      [named.errorType, named.frames.at(-1)?.file, named.code],
      ['sqlalchemy.exc.OperationalError', '/srv/app/db.py', 'engine.connect()'],
    );
    // A table's first column is no service name.
    const table = normalizeText(`name      | version | status
requests  | 2.31.0  | ok
requests  | 2.32.0  | ok
requests  | 2.32.3  | ok`).lines;
    assert.equal(table[1], 'requests  | 2.31.0  | ok');
    const heroku = primary(`2024-05-01T10:00:00.000000+00:00 app[worker.1]: Traceback (most recent call last):
2024-05-01T10:00:00.000000+00:00 app[worker.1]:   File "/app/worker.py", line 7, in <module>
2024-05-01T10:00:00.000000+00:00 app[worker.1]: KeyError: 'REDIS_URL'
2024-05-01T10:00:00.000000+00:00 heroku[worker.1]: Process exited with status 1`);
    assert.deepEqual([heroku.errorType, heroku.frames.at(-1)?.line], ['KeyError', 7]);
    assert.equal(
      primary(`<pre>
Traceback (most recent call last):
  File "fit.py", line 3, in &lt;module&gt;
TypeError: can&#x27;t multiply sequence by non-int of type &#39;float&#39; &amp; more
</pre>`).errorMessage,
      "can't multiply sequence by non-int of type 'float' & more",
    );
  });

  test('a typed error quoted or pasted mid-sentence; a whole line in italics', () => {
    assert.deepEqual(typeAndMessage('When I run it I got "OSError: [Errno 24] Too many open files", what can I do?'), [
      'OSError',
      '[Errno 24] Too many open files',
    ]);
    assert.deepEqual(
      typeAndMessage('y = math.exp(arr) TypeError: only size-1 arrays can be converted to Python scalars'),
      ['TypeError', 'only size-1 arrays can be converted to Python scalars'],
    );
    assert.deepEqual(
      typeAndMessage(
        `Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n*UnboundLocalError: local variable 'x' referenced before assignment*`,
      ),
      ['UnboundLocalError', "local variable 'x' referenced before assignment"],
    );
  });

  test('an error named as an example, in brackets or with a placeholder, is not a failure', () => {
    assert.deepEqual(
      extractFailures(
        'An NPE looks like [ java.lang.NullPointerException: Cannot invoke "x" because "y" is null ] in logs.',
      ),
      [],
    );
    assert.deepEqual(extractFailures("Typical output: KeyError: '...' when the key is missing."), []);
  });

  test("an exception's repr in a task runner's log line (celery)", () => {
    assert.deepEqual(
      typeAndMessage(
        "[2024-03-01 12:00:00,041: ERROR/ForkPoolWorker-2] Task app.tasks.run[5f39] raised unexpected: ValueError('cannot reindex on an axis with duplicate labels')",
      ),
      ['ValueError', 'cannot reindex on an axis with duplicate labels'],
    );
  });

  test("Node's (node:PID) prefix", () => {
    assert.deepEqual(
      typeAndMessage(
        '(node:4242) UnhandledPromiseRejectionWarning: Error: connect ECONNREFUSED 127.0.0.1:5432\n(node:4242) UnhandledPromiseRejectionWarning: Unhandled promise rejection.',
      ),
      ['UnhandledPromiseRejectionWarning', 'Error: connect ECONNREFUSED 127.0.0.1:5432'],
    );
  });

  test('the | and +-+- gutters of a Python exception group', () => {
    const f = primary(`  + Exception Group Traceback (most recent call last):
  |   File "/app/main.py", line 9, in <module>
  |     asyncio.run(main())
  | ExceptionGroup: unhandled errors in a TaskGroup (2 sub-exceptions)
  +-+---------------- 1 ----------------
    | Traceback (most recent call last):
    |   File "/app/main.py", line 4, in fetch
    | ConnectionError: refused
    +---------------- 2 ----------------
    | ValueError: bad
    +------------------------------------`);
    assert.equal(f.errorType, 'ExceptionGroup');
    assert.equal(f.errorMessage, 'unhandled errors in a TaskGroup (2 sub-exceptions)');
  });

  test('log timestamps and levels: ISO, journald, celery, Python logging, [ERROR]', () => {
    const n = normalizeText(
      [
        '2024-03-01T12:00:00.123Z ERROR RuntimeError: boom',
        "Mar 01 12:00:00 web-1 gunicorn[812]: KeyError: 'id'",
        '[2024-03-01 12:00:00,123: ERROR/ForkPoolWorker-1] Task failed: ZeroDivisionError: division by zero',
        'ERROR:root:something broke',
        '[ERROR] Failed to execute goal',
        '2024-03-01 12:00:00 INFO Starting',
      ].join('\n'),
    );
    assert.deepEqual(n.lines, [
      'RuntimeError: boom',
      "KeyError: 'id'",
      'Task failed: ZeroDivisionError: division by zero',
      'something broke',
      'Failed to execute goal',
      'Starting',
    ]);
    assert.deepEqual(n.levels, ['error', null, 'error', 'error', 'error', 'info']);
  });

  test('lines hard-wrapped at the console width are joined, inside messages too', () => {
    const width = 60;
    const long = [
      'Traceback (most recent call last):',
      '  File "/home/runner/work/project/project/src/module.py", line 42, in handler',
      '    result = compute(value)',
      'AssertionError: expected the handler to return a list of three items, got an empty list instead',
      'FAILED tests/test_module.py::test_handler - AssertionError: expected the handler to return',
    ].join('\n');
    const wrapped = long
      .split('\n')
      .flatMap((l) => l.match(new RegExp(`.{1,${width}}`, 'g')) ?? [''])
      .join('\n');
    const f = primary(wrapped);
    assert.equal(f.errorType, 'AssertionError');
    assert.equal(f.errorMessage, 'expected the handler to return a list of three items, got an empty list instead');
  });

  test('equal-length lines that are not wrapped stay apart', () => {
    const n = normalizeText(['Downloading pkg-1.0.tar.gz (62 kB) from the mirror', 'ok'].join('\n').repeat(3));
    assert.ok(n.lines.includes('ok'));
  });

  test('runner glyphs a Windows console decoded with its code page are read back', () => {
    const f = primary(
      `  ÔùÅ Cart ÔÇ║ adds an item\n\n    expect(received).toBe(expected) // Object.is equality\n\n    Expected: 2\n    Received: 1`,
    );
    assert.equal(f.errorType, 'JestAssertionError');
  });
});

describe('linters and type checkers', () => {
  test('mypy: the error code in brackets is the type', () => {
    assert.deepEqual(
      typeAndMessage(`app/models.py:12: error: Incompatible types in assignment (expression has type "str", variable has type "int")  [assignment]
app/models.py:30: note: Revealed type is "builtins.int"
Found 1 error in 1 file (checked 3 source files)`),
      ['assignment', 'Incompatible types in assignment (expression has type "str", variable has type "int")'],
    );
  });

  test('flake8 and ruff: the rule code is the type', () => {
    assert.deepEqual(
      typeAndMessage(`./app/main.py:10:5: F821 undefined name 'foo'\n./app/main.py:1:1: F401 'os' imported but unused`),
      ['F821', "undefined name 'foo'"],
    );
    assert.deepEqual(typeAndMessage('app/main.py:3:8: F401 [*] `os` imported but unused\nFound 1 error.'), [
      'F401',
      '`os` imported but unused',
    ]);
  });

  test('eslint stylish: errors, not warnings, with their rule id', () => {
    assert.deepEqual(
      typeAndMessage(`
/home/dev/project/src/index.js
  5:1   warning  Unexpected console statement                 no-console
  3:7   error    'unused' is assigned a value but never used  no-unused-vars

✖ 2 problems (1 error, 1 warning)`),
      ['no-unused-vars', "'unused' is assigned a value but never used"],
    );
  });

  test('tsc: both the (line,col) and the pretty form', () => {
    assert.deepEqual(typeAndMessage(`src/index.ts(3,14): error TS2304: Cannot find name 'foo'.`), [
      'TS2304',
      "Cannot find name 'foo'.",
    ]);
    const f = primary(`src/index.ts:3:14 - error TS2304: Cannot find name 'foo'.

3 const x = foo;
               ~~~

Found 1 error in src/index.ts:3`);
    assert.equal(f.errorType, 'TS2304');
    assert.deepEqual(f.frames[0]?.file, 'src/index.ts');
  });

  // Angular's compiler (ngtsc) reports through TypeScript's formatter with its own NG codes, for templates
  // as for .ts files; its CLI's webpack builder prints `Error: ` before each, webpack 4 `ERROR in `.
  test("Angular's NG diagnostics, as ng build prints them under each of its builders", () => {
    const webpack = primary(`- Generating browser application bundles (phase: setup)...
✔ Browser application bundle generation complete.

Error: src/app/orders/orders.component.html:12:9 - error NG8001: 'app-order-row' is not a known element:
1. If 'app-order-row' is an Angular component, then verify that it is part of this module.
2. If 'app-order-row' is a Web Component then add 'CUSTOM_ELEMENTS_SCHEMA' to the '@NgModule.schemas' of this component to suppress this message.

12         <app-order-row *ngFor="let o of orders" [order]="o"></app-order-row>
           ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

  src/app/orders/orders.component.ts:7:16
    7   templateUrl: './orders.component.html',
                     ~~~~~~~~~~~~~~~~~~~~~~~~~
    Error occurs in the template of component OrdersComponent.

Error: src/app/orders/order.service.ts:21:5 - error TS2322: Type 'string' is not assignable to type 'number'.

21     total = '0';
       ~~~~~`);
    assert.deepEqual(
      [webpack.language, webpack.errorType, webpack.errorMessage, webpack.frames[0]?.file],
      ['typescript', 'NG8001', "'app-order-row' is not a known element:", 'src/app/orders/orders.component.html'],
    );
    const legacy = primary(`chunk {main} main.js, main.js.map (main) 1.91 kB [initial] [rendered]
Date: 2021-03-02T09:14:55.120Z - Hash: 4b1f3c - Time: 10243ms

ERROR in src/app/shared/shared.module.ts:9:5 - error NG6001: The class 'BadgeComponent' is listed in the declarations of the NgModule 'SharedModule', but is not a directive, a component, or a pipe. Either remove it from the NgModule's declarations, or add an appropriate Angular decorator.

9     BadgeComponent,
      ~~~~~~~~~~~~~~`);
    assert.deepEqual(
      [legacy.language, legacy.errorType, legacy.frames[0]?.file, legacy.frames[0]?.line],
      ['typescript', 'NG6001', 'src/app/shared/shared.module.ts', 9],
    );
    assert.match(legacy.errorMessage, /^The class 'BadgeComponent' is listed in the declarations/);
    // The esbuild builder (Angular 17+): `✘ [ERROR] NG8002: … [plugin angular-compiler]`.
    assert.deepEqual(
      languageTypeMessage(`Application bundle generation failed. [1.982 seconds]

✘ [ERROR] NG8002: Can't bind to 'formGroup' since it isn't a known property of 'form'. [plugin angular-compiler]

    src/app/signup/signup.component.html:2:6:
      2 │ <form [formGroup]="form" (ngSubmit)="save()">
        ╵       ~~~~~~~~~~~~~~~~~~~
`),
      ['typescript', 'NG8002', "Can't bind to 'formGroup' since it isn't a known property of 'form'."],
    );
  });
});

describe('compilers', () => {
  test('GHC: the message on the indented lines under file:line:col: error:', () => {
    const f = primary(`app/Main.hs:7:20: error: [GHC-83865]
    • Couldn't match type ‘Char’ with ‘Int’
      Expected: [Int]
        Actual: String
  |
7 | main = print (sum "abc")
  |                   ^^^^^`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['haskell', 'GHC-83865', "Couldn't match type ‘Char’ with ‘Int’"],
    );
    assert.equal(f.frames[0]?.file, 'app/Main.hs');
    assert.equal(
      primary(`src/Lib.hs:12:5: error:
    Variable not in scope: fooBar :: Int -> Int`).errorMessage,
      'Variable not in scope: fooBar :: Int -> Int',
    );
  });

  test('Dart / Flutter: file:line:col: Error: message', () => {
    const f =
      primary(`lib/screens/home.dart:41:12: Error: The method 'setstate' isn't defined for the class '_HomeState'.
 - '_HomeState' is from 'package:app/screens/home.dart' ('lib/screens/home.dart').
    return setstate(() {});
           ^^^^^^^^
Target kernel_snapshot failed: Exception`);
    assert.deepEqual(
      [f.language, f.errorMessage],
      ['dart', "The method 'setstate' isn't defined for the class '_HomeState'."],
    );
  });

  test("Terraform's diagnostics box: │ Error: summary, and where", () => {
    const f = primary(`Terraform v1.7.5
╷
│ Error: Unsupported argument
│
│   on modules/vpc/main.tf line 23, in resource "aws_subnet" "private":
│   23:   availability_zones = var.azs
│
│ An argument named "availability_zones" is not expected here.
╵
Error: Process completed with exit code 1.`);
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['terraform', 'Error', 'Unsupported argument']);
    assert.equal(f.frames[0]?.file, 'modules/vpc/main.tf');
  });

  test('javac via Maven: the compiler line, typed as Maven implies (MojoFailureException), not the goal failure', () => {
    const f = primary(`[INFO] BUILD FAILURE
[ERROR] COMPILATION ERROR :
[INFO] -------------------------------------------------------------
[ERROR] /home/u/app/src/main/java/com/acme/App.java:[10,9] cannot find symbol
  symbol:   class Foo
  location: class com.acme.App
[INFO] 1 error
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-compiler-plugin:3.11.0:compile (default-compile) on project app: Compilation failure
[ERROR] -> [Help 1]
[ERROR]
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoFailureException`);
    assert.equal(f.errorType, 'MojoFailureException');
    assert.equal(f.errorMessage, 'cannot find symbol');
    assert.equal(f.frames[0]?.line, 10);
  });

  test('javac via Gradle: the diagnostic, with its source line, not "What went wrong"', () => {
    const f = primary(`> Task :app:compileJava FAILED
/home/u/app/src/main/java/com/acme/App.java:10: error: cannot find symbol
        Foo foo = new Foo();
        ^
  symbol:   class Foo
  location: class App
1 error

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:compileJava'.
> Compilation failed; see the compiler error output for details.`);
    assert.equal(f.errorType, 'error');
    assert.equal(f.errorMessage, 'cannot find symbol');
    assert.equal(f.code, 'Foo foo = new Foo();');
  });

  test('an annotation processor diagnostic key in brackets is the type', () => {
    assert.deepEqual(
      typeAndMessage(
        '/app/build/generated/App_Component.java:40: error: [Dagger/MissingBinding] com.acme.Repo cannot be provided without an @Inject constructor or an @Provides-annotated method.',
      ),
      [
        'Dagger/MissingBinding',
        'com.acme.Repo cannot be provided without an @Inject constructor or an @Provides-annotated method.',
      ],
    );
  });

  test('Kotlin via Gradle: CompilationErrorException is implied', () => {
    const f = primary(`> Task :app:compileKotlin FAILED
e: file:///home/u/app/src/main/kotlin/Main.kt:5:13 Unresolved reference 'foo'.

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:compileKotlin'.
> A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction
   > Compilation error. See log for more details`);
    assert.equal(f.errorType, 'CompilationErrorException');
    assert.equal(f.errorMessage, "Unresolved reference 'foo'.");
  });

  test('rustc: the error code, and an internal compiler error', () => {
    assert.deepEqual(
      typeAndMessage(`error[E0308]: mismatched types
 --> src/main.rs:2:18
  |
2 |     let x: i32 = "a";
  |            ---   ^^^ expected \`i32\`, found \`&str\`

error: could not compile \`demo\` (bin "demo") due to 1 previous error`),
      ['E0308', 'mismatched types'],
    );
    assert.deepEqual(
      typeAndMessage(`error: internal compiler error: unexpected panic

note: the compiler unexpectedly panicked. this is a bug.

query stack during panic:
#0 [typeck] type-checking \`main\`
end of query stack`),
      ['internal compiler error', 'unexpected panic'],
    );
  });

  test('gcc/clang: error with its source line; make is the wrapper', () => {
    const f = primary(`main.c: In function 'main':
main.c:5:5: error: 'x' undeclared (first use in this function)
    5 |     x = 1;
      |     ^
main.c:5:5: note: each undeclared identifier is reported only once for each function it appears in
make: *** [Makefile:2: main] Error 1`);
    assert.equal(f.errorType, 'error');
    assert.equal(f.errorMessage, "'x' undeclared (first use in this function)");
    assert.equal(f.code, 'x = 1;');
  });

  test('linkers: the unresolved symbol, not collect2', () => {
    assert.deepEqual(
      typeAndMessage(`/usr/bin/ld: main.o: in function \`main':
main.c:(.text+0x5): undefined reference to \`foo'
collect2: error: ld returned 1 exit status`),
      ['error', "undefined reference to `foo'"],
    );
  });

  test('csc and Razor: the first error, warnings skipped, project suffix dropped', () => {
    assert.deepEqual(
      typeAndMessage(`Program.cs(3,7): warning CS0168: The variable 'e' is declared but never used [/src/App/App.csproj]
Pages/Index.razor(12,5): error RZ9991: The attribute names could not be inferred from bind attribute 'bind-Text'. [/src/App/App.csproj]
Program.cs(8,1): error CS0246: The type or namespace name 'Foo' could not be found (are you missing a using directive or an assembly reference?) [/src/App/App.csproj]
    1 Warning(s)
    2 Error(s)`),
      ['RZ9991', "The attribute names could not be inferred from bind attribute 'bind-Text'."],
    );
  });
});

describe('package managers', () => {
  test("pip: the resolver's conflict line, a package for another Python, a failed wheel without pip 22's block", () => {
    assert.deepEqual(
      typeAndMessage(`ERROR: Cannot install requests==2.31.0 and urllib3==1.21 because these package versions have conflicting dependencies.

The conflict is caused by:
    The user requested urllib3==1.21
    requests 2.31.0 depends on urllib3<3 and >=1.21.1

ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/`),
      [
        'ResolutionImpossible',
        'Cannot install requests==2.31.0 and urllib3==1.21 because these package versions have conflicting dependencies.',
      ],
    );
    assert.deepEqual(typeAndMessage("ERROR: Package 'scipy' requires a different Python: 3.8.10 not in '>=3.9'"), [
      'UnsupportedPythonVersion',
      "Package 'scipy' requires a different Python: 3.8.10 not in '>=3.9'",
    ]);
    assert.deepEqual(
      typeAndMessage(`    ERROR: Command errored out with exit status 1:
     command: /usr/bin/python3 -u -c 'import setuptools' bdist_wheel -d /tmp/pip-wheel-x
    gcc -pthread -c lxml.etree.c -o build/lxml.etree.o
  ERROR: Failed building wheel for lxml
Failed to build lxml
ERROR: Could not build wheels for lxml, which is required to install pyproject.toml-based projects`),
      ['subprocess-exited-with-error', 'Failed building wheel for lxml'],
    );
  });

  test("pip's resolver errors inside a Docker BuildKit step (the step prefix and pip's ERROR: go)", () => {
    const f = primary(`#9 [5/7] RUN pip install --no-cache-dir -r requirements.txt
#9 1.873 ERROR: Could not find a version that satisfies the requirement tensorflow==1.15.5 (from versions: 2.12.0, 2.13.0)
#9 1.874 ERROR: No matching distribution found for tensorflow==1.15.5
#9 ERROR: process "/bin/sh -c pip install --no-cache-dir -r requirements.txt" did not complete successfully: exit code: 1`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      [
        'python',
        'DistributionNotFound',
        'Could not find a version that satisfies the requirement tensorflow==1.15.5 (from versions: 2.12.0, 2.13.0)',
      ],
    );
  });

  test('pip: subprocess-exited-with-error names the failed wheel', () => {
    assert.deepEqual(
      typeAndMessage(`  error: subprocess-exited-with-error

  × Building wheel for pycairo (pyproject.toml) did not run successfully.
  │ exit code: 1
  ╰─> [12 lines of output]
      [end of output]

  note: This error originates from a subprocess, and is likely not a problem with pip.
  ERROR: Failed building wheel for pycairo`),
      ['subprocess-exited-with-error', 'Failed building wheel for pycairo'],
    );
  });

  test('pip: an unsatisfiable requirement', () => {
    assert.equal(
      primary(`ERROR: Could not find a version that satisfies the requirement torch==1.2.3 (from versions: 2.0.0, 2.0.1)
ERROR: No matching distribution found for torch==1.2.3`).errorType,
      'DistributionNotFound',
    );
  });

  test('npm: the error code, with the line that explains it', () => {
    for (const prefix of ['npm ERR!', 'npm error']) {
      assert.deepEqual(
        typeAndMessage(`${prefix} code ERESOLVE
${prefix} ERESOLVE unable to resolve dependency tree
${prefix}
${prefix} While resolving: my-app@0.1.0
${prefix} Found: react@18.2.0`),
        ['ERESOLVE', 'ERESOLVE unable to resolve dependency tree'],
      );
    }
  });
});

describe("tools' own error lines", () => {
  test('git: fatal: and the error: lines git prints for a rejected push or a bad pathspec', () => {
    assert.deepEqual(
      typeAndMessage(`fatal: not a git repository (or any of the parent directories): .git
Error: Process completed with exit code 128.`),
      ['fatal', 'not a git repository (or any of the parent directories): .git'],
    );
    assert.deepEqual(
      typeAndMessage(`To github.com:org/repo.git
 ! [rejected]        main -> main (non-fast-forward)
error: failed to push some refs to 'github.com:org/repo.git'
hint: Updates were rejected because the tip of your current branch is behind`),
      ['error', "failed to push some refs to 'github.com:org/repo.git'"],
    );
    // A checkout that cannot write a file (Windows' path limit): the file's error, before git's fatal.
    assert.deepEqual(
      typeAndMessage(`Cloning into 'specs'...
error: unable to create file docs/reference/collections/very-long-directory-name/example-response.json: Filename too long
fatal: cannot create directory at 'docs/reference/collections/very-long-directory-name': Filename too long
warning: Clone succeeded, but checkout failed.`),
      [
        'error',
        'unable to create file docs/reference/collections/very-long-directory-name/example-response.json: Filename too long',
      ],
    );
  });

  test('CMake: CMake Error at file:line (command): and its indented message, to the first sentence', () => {
    const f = primary(`-- The C compiler identification is GNU 12.2.0
CMake Error at src/CMakeLists.txt:31 (find_package):
  Could not find a package configuration file provided by "OpenCV" with any
  of the following names:

    OpenCVConfig.cmake
-- Configuring incomplete, errors occurred!`);
    assert.deepEqual([f.language, f.errorType], ['c', 'CMake Error']);
    assert.match(
      f.errorMessage,
      /^Could not find a package configuration file provided by "OpenCV" with any of the following names:/,
    );
    assert.equal(f.frames[0]?.file, 'src/CMakeLists.txt');
    // A module's file under a path with spaces (Windows' C:/Program Files/CMake/share/…).
    const win =
      primary(`CMake Error at C:/Program Files/CMake/share/cmake-3.29/Modules/FindPackageHandleStandardArgs.cmake:230 (message):
  Could NOT find ZLIB (missing: ZLIB_LIBRARY ZLIB_INCLUDE_DIR)
Call Stack (most recent call first):
  CMakeLists.txt:9 (find_package)`);
    assert.deepEqual(
      [win.errorType, win.errorMessage, win.frames[0]?.file, win.frames[0]?.line],
      [
        'CMake Error',
        'Could NOT find ZLIB (missing: ZLIB_LIBRARY ZLIB_INCLUDE_DIR)',
        'C:/Program Files/CMake/share/cmake-3.29/Modules/FindPackageHandleStandardArgs.cmake',
        230,
      ],
    );
  });

  test("Conan 2's errors: a requirement not resolved, a missing binary, a recipe's failed method", () => {
    assert.deepEqual(
      languageTypeMessage(`======== Computing dependency graph ========
Graph root
    conanfile.py (tides/0.3): /home/runner/work/tides/tides/conanfile.py
ERROR: Package 'fmt/99.0.0' not resolved: Unable to find 'fmt/99.0.0' in remotes.`),
      ['cpp', '', "Package 'fmt/99.0.0' not resolved: Unable to find 'fmt/99.0.0' in remotes."],
    );
    assert.equal(
      typeAndMessage(`ERROR: Missing prebuilt package for 'zlib/1.3.1'. You can try:
    - List all available packages using 'conan list "zlib/1.3.1:*" -r=remote'`)[1],
      "Missing prebuilt package for 'zlib/1.3.1'. You can try:",
    );
    assert.equal(
      typeAndMessage('ERROR: zlib/1.3.1: Error in build() method, line 61')[1],
      'zlib/1.3.1: Error in build() method, line 61',
    );
  });

  test('pnpm ERR_PNPM_ codes; Yarn 1 error lines (only where Yarn printed its banner)', () => {
    assert.deepEqual(
      typeAndMessage(` ERR_PNPM_NO_MATCHING_VERSION  No matching version found for react@99.0.0
Error: Process completed with exit code 1.`),
      ['ERR_PNPM_NO_MATCHING_VERSION', 'No matching version found for react@99.0.0'],
    );
    assert.deepEqual(
      typeAndMessage(`yarn install v1.22.22
[2/4] Fetching packages...
error An unexpected error occurred: "https://registry.yarnpkg.com/x: ETIMEDOUT".
info Visit https://yarnpkg.com/en/docs/cli/install for documentation about this command.`),
      ['ETIMEDOUT', 'An unexpected error occurred: "https://registry.yarnpkg.com/x: ETIMEDOUT".'],
    );
    // Without a system error's code, Yarn's own error is the type.
    assert.deepEqual(
      typeAndMessage(`yarn install v1.22.22
error Couldn't find package "left-padd" on the "npm" registry.
info Visit https://yarnpkg.com/en/docs/cli/install for documentation about this command.`),
      ['yarn error', 'Couldn\'t find package "left-padd" on the "npm" registry.'],
    );
    // Without Yarn's banner an "error …" line is nobody's in particular.
    assert.deepEqual(extractFailures('error something odd happened here'), []);
  });

  test("Poetry's solver, Ruff's full output format, Pyright's located errors", () => {
    assert.deepEqual(
      typeAndMessage(`Resolving dependencies...
Because pandas (2.2.0) depends on numpy (>=1.26.0) and app depends on numpy (<1.20), pandas is forbidden. So, because app depends on pandas (2.2.0), version solving failed.`),
      [
        'SolverProblemError',
        'Because pandas (2.2.0) depends on numpy (>=1.26.0) and app depends on numpy (<1.20), pandas is forbidden. So, because app depends on pandas (2.2.0), version solving failed.',
      ],
    );
    const ruff = primary(`E711 Comparison to \`None\` should be \`cond is None\`
  --> app/models.py:18:14
   |
18 |     if value == None:
   |              ^^^^
Found 1 error.`);
    assert.deepEqual(
      [ruff.language, ruff.errorType, ruff.errorMessage],
      ['python', 'E711', 'Comparison to `None` should be `cond is None`'],
    );
    const pyright = primary(`/app/src/api.py
  /app/src/api.py:7:12 - error: "reqeusts" is not defined (reportUndefinedVariable)
1 error, 0 warnings, 0 informations`);
    assert.deepEqual([pyright.language, pyright.frames[0]?.line], ['python', 7]);
    assert.match(pyright.errorMessage, /^"reqeusts" is not defined/);
  });

  test("Ansible's fatal task result, a pre-commit hook that failed, a bash script's line error, tox's wrapper", () => {
    assert.deepEqual(
      typeAndMessage(`TASK [pip install] *************************************************************
fatal: [db1]: FAILED! => {"changed": false, "cmd": "pip3 install psycopg2", "msg": "stdout: error: pg_config executable not found."}`),
      ['', 'stdout: error: pg_config executable not found.'],
    );
    assert.equal(
      primary(`flake8...................................................................Failed
- hook id: flake8
- exit code: 1

app/x.py:1:1: F401 'os' imported but unused`).errorType,
      'F401',
      'the hook printed the cause',
    );
    assert.equal(
      primary(`isort....................................................................Failed
- hook id: isort
- files were modified by this hook`).errorMessage,
      'isort failed: files were modified by this hook',
    );
    const bash = primary(`./deploy.sh: line 40: ../dist/app.tar.gz: No such file or directory
Error: Process completed with exit code 1.`);
    assert.deepEqual(
      [bash.language, bash.errorMessage, bash.frames[0]?.line],
      ['shell', '../dist/app.tar.gz: No such file or directory', 40],
    );
    assert.equal(
      primary(`E   ModuleNotFoundError: No module named 'requests'
ERROR: InvocationError for command /w/.tox/py312/bin/pytest (exited with code 2)`).errorType,
      'ModuleNotFoundError',
    );
  });

  test("a CLI's Error: message is the failure only when nothing better was printed, and never a question", () => {
    assert.deepEqual(
      typeAndMessage(`Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress
Error: Process completed with exit code 1.`),
      ['Error', 'UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress'],
    );
    assert.deepEqual(extractFailures('Error: why does this happen?'), []);
    assert.equal(
      primary(`Error: Command failed: node build.js
TypeError: Cannot read properties of undefined (reading 'map')
    at build (/app/build.js:3:9)`).errorType,
      'TypeError',
    );
  });
});

describe('more runtimes and build tools, each from its documented output', () => {
  test('IPython / Jupyter: the header names the type, the last line says why; nbclient wraps it', () => {
    const f = primary(`nbclient.exceptions.CellExecutionError: An error occurred while executing the following cell:
------------------
df.groupby("k").agg("mean")
------------------

---------------------------------------------------------------------------
KeyError                                  Traceback (most recent call last)
Cell In[7], line 1
----> 1 df.groupby("k").agg("mean")

KeyError: 'k'`);
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['python', 'KeyError', "'k'"]);
  });

  test('Lua, Perl and OCaml: their own error shapes', () => {
    const lua = primary(`lua5.4: src/app.lua:17: attempt to index a nil value (local 'cfg')
stack traceback:
        src/app.lua:17: in main chunk`);
    assert.deepEqual(
      [lua.language, lua.errorMessage, lua.frames[0]?.line],
      ['lua', "attempt to index a nil value (local 'cfg')", 17],
    );
    const perl =
      primary(`Can't locate Text/CSV.pm in @INC (you may need to install the Text::CSV module) (@INC contains: /etc/perl /usr/share/perl5) at bin/import.pl line 6.
BEGIN failed--compilation aborted at bin/import.pl line 6.`);
    assert.deepEqual(
      [perl.language, perl.errorMessage, perl.frames[0]?.file],
      ['perl', "Can't locate Text/CSV.pm in @INC (you may need to install the Text::CSV module)", 'bin/import.pl'],
    );
    const ocaml = primary(`File "lib/parse.ml", line 12, characters 4-9:
12 |     lexbf
         ^^^^^
Error: Unbound value lexbf`);
    assert.deepEqual(
      [ocaml.language, ocaml.errorMessage, ocaml.frames[0]?.file],
      ['ocaml', 'Unbound value lexbf', 'lib/parse.ml'],
    );
    // Without the File "…", line N, characters line above, an Error: line is nobody's in particular.
    assert.notEqual(primary('Error: Unbound value lexbf is what it says').language, 'ocaml');
  });

  test("PowerShell's error record: Cmdlet : message, At script:line, and the exception in CategoryInfo", () => {
    const f = primary(`Get-Content : Cannot find path 'D:\\a\\app\\version.txt' because it does not exist.
At D:\\a\\app\\build.ps1:3 char:12
+ $version = Get-Content version.txt
+            ~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : ObjectNotFound: (D:\\a\\app\\version.txt:String) [Get-Content], ItemNotFoundException
    + FullyQualifiedErrorId : PathNotFound,Microsoft.PowerShell.Commands.GetContentCommand`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.line],
      ['shell', 'ItemNotFoundException', "Cannot find path 'D:\\a\\app\\version.txt' because it does not exist.", 3],
    );
  });

  test("PowerShell's error record at a prompt: the cmdlet prefix is gone, the CategoryInfo names the exception", () => {
    const f =
      primary(`Import-Module : The specified module 'Az.Accounts' was not loaded because no valid module file was found in any module directory.
At line:1 char:1
+ Import-Module Az.Accounts
+ ~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : ResourceUnavailable: (Az.Accounts:String) [Import-Module], FileNotFoundException
    + FullyQualifiedErrorId : Modules_ModuleNotFound,Microsoft.PowerShell.Commands.ImportModuleCommand`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames],
      [
        'shell',
        'FileNotFoundException',
        "The specified module 'Az.Accounts' was not loaded because no valid module file was found in any module directory.",
        [],
      ],
    );
    // A native command's stderr at a prompt is the program's own error.
    const py = primary(`python.exe : Traceback (most recent call last):
At line:1 char:1
+ python app.py
+ ~~~~~~~~~~~~~
    + CategoryInfo          : NotSpecified: (Traceback (most recent call last)::String) [], RemoteException
    + FullyQualifiedErrorId : NativeCommandError
  File "app.py", line 1, in <module>
    import foo
ModuleNotFoundError: No module named 'foo'`);
    assert.deepEqual([py.language, py.errorType], ['python', 'ModuleNotFoundError']);
  });

  test('Sphinx -W: the warning under "Warning, treated as error:"', () => {
    const f = primary(`Warning, treated as error:
/src/docs/api.rst:88:duplicate object description of app.main, other instance in index, use :no-index: for one of them`);
    assert.deepEqual([f.errorType, f.frames[0]?.file, f.frames[0]?.line], ['SphinxWarning', '/src/docs/api.rst', 88]);
    assert.match(f.errorMessage, /^duplicate object description of app\.main/);
  });

  test('sbt at its [error] level, golangci-lint with its linter, Node error codes, AAPT, SwiftPM and tools that name themselves', () => {
    const sbt = primary(`[info] compiling 2 Scala sources to /w/target/scala-3.3.1/classes ...
[error] /w/src/main/scala/Api.scala:9:17: type mismatch;
[error]  found   : String
[error]  required: Int
[error] one error found`);
    assert.deepEqual([sbt.language, sbt.errorMessage, sbt.frames[0]?.line], ['scala', 'type mismatch;', 9]);
    const lint = primary(`pkg/cache/lru.go:88:9: Error return value of \`f.Close\` is not checked (errcheck)
Error: issues found`);
    assert.deepEqual(
      [lint.language, lint.errorType, lint.errorMessage],
      ['go', 'errcheck', 'Error return value of `f.Close` is not checked'],
    );
    const node = primary(`  1) math
       adds:
     AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:
      at Context.<anonymous> (test/math.test.js:5:12)`);
    assert.deepEqual([node.language, node.errorType], ['javascript', 'AssertionError']);
    assert.deepEqual(
      typeAndMessage(
        'ERROR: /w/app/build/intermediates/merged_res/debug/values/values.xml:12:5-90: AAPT: error: resource android:attr/lStar not found.',
      ),
      ['AAPT', 'resource android:attr/lStar not found.'],
    );
    assert.equal(
      primary(`Computing version for https://github.com/apple/swift-nio.git
error: Dependencies could not be resolved because no versions of 'swift-nio' match the requirement 9.0.0..<10.0.0.`)
        .language,
      'swift',
    );
    // Names with a digit or a hyphen too (the quick pre-test once let only [a-z+] names through).
    assert.deepEqual(typeAndMessage("cc1plus: error: unrecognized command-line option '-mavx512q'"), [
      'error',
      "unrecognized command-line option '-mavx512q'",
    ]);
    assert.equal(primary("swift-build: error: no such module 'Vapor'").language, 'swift');
    const xc = primary(`xcodebuild: error: 'App.xcodeproj' does not exist.`);
    assert.deepEqual([xc.language, xc.errorMessage], ['swift', "'App.xcodeproj' does not exist."]);
  });
});

describe('runtimes', () => {
  test("Node's V8 fatal error: heap out of memory, with or without a log prefix", () => {
    const oom = `<--- Last few GCs --->
[31:0x5d1e0a0]    52110 ms: Mark-Compact 4035.2 (4138.9) -> 4021.8 (4141.2) MB, 1833.0 / 0.0 ms  allocation failure
FATAL ERROR: Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory
 1: 0xb7b3e0 node::Abort() [node]
Aborted (core dumped)`;
    const f = primary(oom);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      [
        'javascript',
        'FATAL ERROR',
        'Ineffective mark-compacts near heap limit Allocation failed - JavaScript heap out of memory',
      ],
    );
    const stamped = oom.replace(/^FATAL/m, '2025-03-01T10:00:00.1234567Z FATAL');
    assert.equal(primary(stamped).errorType, 'FATAL ERROR');
  });

  test('R: Error in call : message (the message on the next line when long)', () => {
    const f = primary(`> source("clean.R")
Error in file(file, "rt") : cannot open the connection
Calls: source -> withVisible -> eval -> eval -> read.csv -> read.table -> file
Execution halted`);
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['r', 'Error', 'cannot open the connection']);
    assert.equal(
      primary(`Error in UseMethod("mutate") : 
  no applicable method for 'mutate' applied to an object of class "character"
Execution halted`).errorMessage,
      `no applicable method for 'mutate' applied to an object of class "character"`,
    );
  });

  test("Julia: ERROR: LoadError: and the REPL's ERROR: with a Stacktrace of .jl frames", () => {
    const f = primary(`ERROR: LoadError: MethodError: no method matching +(::String, ::Int64)
Stacktrace:
 [1] top-level scope
   @ ~/proj/run.jl:3
in expression starting at /home/u/proj/run.jl:3`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['julia', 'MethodError', 'no method matching +(::String, ::Int64)'],
    );
    const repl = primary(`ERROR: BoundsError: attempt to access 3-element Vector{Int64} at index [4]
Stacktrace:
 [1] getindex
   @ ./essentials.jl:13 [inlined]
 [2] top-level scope
   @ REPL[2]:1`);
    assert.deepEqual([repl.language, repl.errorType], ['julia', 'BoundsError']);
    // pip's ERROR: lines are not Julia's: no Stacktrace follows them.
    assert.notEqual(primary('ERROR: ResolutionImpossible: for help visit https://pip.pypa.io').language, 'julia');
  });

  test('a process killed by a signal is the failure when nothing else was printed; a printed error wins', () => {
    const f = primary(`Running 42 tests
./ci/test.sh: line 7: 31337 Segmentation fault      (core dumped) ./build/unit_tests
Error: Process completed with exit code 139.`);
    assert.deepEqual([f.errorType, f.errorMessage], ['Segmentation fault', 'Segmentation fault (core dumped)']);
    assert.equal(
      primary(`Fatal Python error: Segmentation fault

Current thread 0x00007f3c (most recent call first):
  File "/usr/lib/python3/site-packages/cv2/__init__.py", line 181 in bootstrap`).language,
      'python',
    );
    assert.equal(
      primary(`ValueError: bad input
Segmentation fault (core dumped)`).errorType,
      'ValueError',
    );
  });

  test('Go: fatal error and a data race', () => {
    assert.deepEqual(
      typeAndMessage(`fatal error: concurrent map writes

goroutine 7 [running]:
main.main.func1()
\t/tmp/main.go:10 +0x4c`),
      ['fatal error', 'concurrent map writes'],
    );
    assert.equal(
      primary(`==================
WARNING: DATA RACE
Write at 0x00c000014098 by goroutine 7:
  main.main.func1()
      /tmp/main.go:10 +0x44
==================
--- FAIL: TestRace (0.00s)
    testing.go:1465: race detected during execution of test
FAIL`).errorType,
      'data race',
    );
  });

  test('Elixir: ** (Exception) message', () => {
    assert.deepEqual(
      typeAndMessage(`** (ArithmeticError) bad argument in arithmetic expression
    :erlang.+(1, :a)
    (stdlib 5.0) erl_eval.erl:750: :erl_eval.do_apply/7`),
      ['ArithmeticError', 'bad argument in arithmetic expression'],
    );
  });

  test('PHP: an uncaught throwable and a parse error', () => {
    assert.deepEqual(
      typeAndMessage(`PHP Fatal error:  Uncaught TypeError: strlen(): Argument #1 ($string) must be of type string, array given in /var/www/index.php:3
Stack trace:
#0 /var/www/index.php(3): strlen(Array)
#1 {main}
  thrown in /var/www/index.php on line 3`),
      ['TypeError', 'strlen(): Argument #1 ($string) must be of type string, array given'],
    );
    assert.deepEqual(
      typeAndMessage(`PHP Parse error:  syntax error, unexpected token "}" in /var/www/index.php on line 7`),
      ['Parse error', 'syntax error, unexpected token "}"'],
    );
  });

  test("PHP without its 'PHP ' prefix names its script; Swift's trap does not, and is Swift's", () => {
    const php = primary(
      'Fatal error: Allowed memory size of 134217728 bytes exhausted (tried to allocate 20480 bytes) in /var/www/vendor/autoload.php on line 42',
    );
    assert.deepEqual(
      [php.language, php.errorType, php.errorMessage],
      ['php', 'Fatal error', 'Allowed memory size of 134217728 bytes exhausted (tried to allocate 20480 bytes)'],
    );
    // Swift 5.3+: the location first; older: after the message; Xcode: after the thread.
    const modern = primary(`Swift/ContiguousArrayBuffer.swift:600: Fatal error: Index out of range
Current stack trace:
0    libswiftCore.so    0x00007f1b2c3e9a40 swift_reportError + 50`);
    assert.deepEqual(
      [modern.language, modern.errorType, modern.errorMessage, modern.frames[0]?.file, modern.frames[0]?.line],
      ['swift', 'Fatal error', 'Index out of range', 'Swift/ContiguousArrayBuffer.swift', 600],
    );
    const old = primary(
      'Fatal error: Unexpectedly found nil while unwrapping an Optional value: file MyApp/ViewController.swift, line 42',
    );
    assert.deepEqual(
      [old.language, old.errorMessage, old.frames[0]?.file],
      ['swift', 'Unexpectedly found nil while unwrapping an Optional value', 'MyApp/ViewController.swift'],
    );
    assert.equal(
      primary('Thread 1: Fatal error: Unexpectedly found nil while unwrapping an Optional value').language,
      'swift',
    );
    assert.equal(primary('Fatal error: Index out of range\nCurrent stack trace:\n0 libswiftCore.so').language, 'swift');
    // Nothing says whose: the language stays unknown (it was taken for PHP).
    assert.deepEqual(
      [primary('Fatal error: the disk is full').language, primary('Fatal error: the disk is full').errorMessage],
      ['unknown', 'the disk is full'],
    );
  });

  test("next build's type error: the location on its own line, then 'Type error:' and the code frame", () => {
    const f = primary(`Failed to compile.

./src/app/page.tsx:5:10
Type error: Property 'title' does not exist on type 'Props'.

  3 | export default function Page(props: Props) {
  4 |   const x = 1;
> 5 |   return props.title;
    |          ^`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file, f.frames[0]?.line, f.code],
      [
        'typescript',
        'Type error',
        "Property 'title' does not exist on type 'Props'.",
        './src/app/page.tsx',
        5,
        'return props.title;',
      ],
    );
  });

  test("bundlers and npm: webpack's unresolved module, Vite's errors, a missing npm script", () => {
    const webpack = primary(`ERROR in ./src/index.js 3:0-28
Module not found: Error: Can't resolve './foo' in '/app/src'
resolve './foo' in '/app/src'`);
    assert.deepEqual(
      [webpack.language, webpack.errorType, webpack.errorMessage],
      ['javascript', 'ModuleNotFoundError', "Can't resolve './foo' in '/app/src'"],
    );
    assert.deepEqual(
      typeAndMessage(`Failed to compile.\n\nModule not found: Can't resolve 'fs' in '/app/node_modules/dotenv/lib'`),
      ['ModuleNotFoundError', "Can't resolve 'fs' in '/app/node_modules/dotenv/lib'"],
    );
    assert.deepEqual(
      typeAndMessage(`error during build:
[vite]: Rollup failed to resolve import "lodash" from "src/main.ts".
This is most likely unintended because it can break your application at runtime.`),
      ['Error', '[vite]: Rollup failed to resolve import "lodash" from "src/main.ts".'],
    );
    assert.deepEqual(
      typeAndMessage(
        '[plugin:vite:import-analysis] Failed to resolve import "./foo" from "src/main.ts". Does the file exist?',
      ),
      [
        'Error',
        '[plugin:vite:import-analysis] Failed to resolve import "./foo" from "src/main.ts". Does the file exist?',
      ],
    );
    const npm = primary(`npm ERR! Missing script: "build"
npm ERR!
npm ERR! To see a list of scripts, run:
npm ERR!   npm run`);
    assert.deepEqual(
      [npm.language, npm.errorType, npm.errorMessage],
      ['javascript', 'Missing script', 'Missing script: "build"'],
    );
    assert.equal(primary('npm error Missing script: "test"').errorMessage, 'Missing script: "test"');
  });

  test('clients of services: kubectl, the AWS CLI, mysql, psql and PostgreSQL', () => {
    assert.deepEqual(languageTypeMessage('Error from server (NotFound): deployments.apps "web" not found'), [
      'kubernetes',
      'NotFound',
      'deployments.apps "web" not found',
    ]);
    assert.deepEqual(languageTypeMessage('Error from server: etcdserver: request timed out'), [
      'kubernetes',
      'Error from server',
      'etcdserver: request timed out',
    ]);
    const aws =
      'An error occurred (InvalidClientTokenId) when calling the GetCallerIdentity operation: The security token included in the request is invalid.';
    assert.deepEqual(languageTypeMessage(aws), ['aws', 'InvalidClientTokenId', aws]);
    assert.deepEqual(languageTypeMessage("ERROR 1146 (42S02) at line 3: Table 'shop.orders' doesn't exist"), [
      'sql',
      'ERROR 1146',
      "Table 'shop.orders' doesn't exist",
    ]);
    assert.deepEqual(
      languageTypeMessage('ERROR:  column "nme" does not exist\nLINE 1: SELECT nme FROM users;\n               ^'),
      ['sql', 'ERROR', 'column "nme" does not exist'],
    );
    assert.deepEqual(languageTypeMessage('psql: error: FATAL:  password authentication failed for user "app"'), [
      'sql',
      'psql',
      'FATAL:  password authentication failed for user "app"',
    ]);
    // The program's own traceback of the same refusal says more, and wins.
    assert.equal(
      primary(`ERROR:  relation "users" does not exist
Traceback (most recent call last):
  File "app.py", line 9, in <module>
    cur.execute("SELECT * FROM users")
psycopg2.errors.UndefinedTable: relation "users" does not exist`).errorType,
      'psycopg2.errors.UndefinedTable',
    );
  });

  test("Spring Boot's failure analysis: the reason when alone, below the exception it analyses", () => {
    const box = `***************************
APPLICATION FAILED TO START
***************************

Description:

Failed to configure a DataSource: 'url' attribute is not specified and no embedded datasource could be configured.

Reason: Failed to determine a suitable driver class

Action:

Consider the following: …`;
    const f = primary(box);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      [
        'java',
        'APPLICATION FAILED TO START',
        "Failed to configure a DataSource: 'url' attribute is not specified and no embedded datasource could be configured.",
      ],
    );
    const withCause = `2024-05-01T10:00:00.000Z  WARN 1 --- [main] o.s.b.w.e.tomcat.TomcatWebServer : Exception encountered during context initialization - cancelling refresh attempt: org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'dataSource'
${box}`;
    assert.equal(primary(withCause).errorType, 'org.springframework.beans.factory.BeanCreationException');
  });

  test("Bundler's refusals, named by the exceptions Bundler raises", () => {
    assert.deepEqual(typeAndMessage("Could not find gem 'pg (~> 1.1)' in locally installed gems."), [
      'Bundler::GemNotFound',
      "Could not find gem 'pg (~> 1.1)' in locally installed gems.",
    ]);
    assert.equal(
      primary('Bundler could not find compatible versions for gem "activesupport":\n  In Gemfile:').errorType,
      'Bundler::VersionConflict',
    );
    // Bundler ≥ 2.4 (PubGrub) explains the conflict under a bare line; without the explanation it is prose.
    const solve = `Resolving dependencies...
Could not find compatible versions

Because rails >= 7.1 depends on activesupport = 7.1.3
  and Gemfile depends on activesupport < 7,
  rails >= 7.1 cannot be used.
So, because Gemfile depends on rails >= 7.1,
  version solving has failed.`;
    assert.equal(primary(solve).errorType, 'Bundler::SolveFailure');
    assert.deepEqual(extractFailures('Could not find compatible versions'), []);
    assert.deepEqual(
      typeAndMessage('An error occurred while installing nokogiri (1.15.4), and Bundler cannot continue.'),
      ['Gem::Ext::BuildError', 'An error occurred while installing nokogiri (1.15.4), and Bundler cannot continue.'],
    );
  });

  test("Node's error without a stack, in brackets: an unhandled rejection with a non-Error reason", () => {
    const f = primary(`node:internal/process/promises:289
            triggerUncaughtException(err, true /* fromPromise */);
            ^

[UnhandledPromiseRejection: This error originated either by throwing inside of an async function without a catch block, or by rejecting a promise which was not handled with .catch(). The promise rejected with the reason "timeout".] {
  code: 'ERR_UNHANDLED_REJECTION'
}`);
    assert.equal(f.language, 'javascript');
    assert.equal(f.errorType, 'UnhandledPromiseRejection');
    assert.match(f.errorMessage, /The promise rejected with the reason "timeout"\.$/);
  });

  test("rustc's link failure: the linker's complaint from the notes under it", () => {
    const f = primary(`error: linking with \`cc\` failed: exit status: 1
  |
  = note: LC_ALL="C" PATH="/usr/bin" "cc" "-m64" "/tmp/rustcXYZ/symbols.o" "-o" "target/debug/app"
  = note: /usr/bin/ld: cannot find -lpq: No such file or directory
          collect2: error: ld returned 1 exit status

error: could not compile \`app\` (bin "app") due to 1 previous error`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['rust', 'linking with `cc` failed', 'cannot find -lpq'],
    );
    // rust-lld, the linker of bare-metal and wasm targets, names itself.
    const lld = primary(`error: linking with \`rust-lld\` failed: exit status: 1
  |
  = note: "rust-lld" "-flavor" "gnu" "/tmp/rustc1/symbols.o" "-o" "target/x86_64-os/debug/kernel"
  = note: rust-lld: error: undefined symbol: _start_kernel`);
    assert.equal(lld.errorMessage, 'undefined symbol: _start_kernel');
  });

  test("Go: the go command's located diagnostics without a package header", () => {
    const f = primary(`go: downloading github.com/x/y v1.2.0
cmd/server/main.go:7:2: no required module provides package github.com/x/z; to add it:
	go get github.com/x/z`);
    assert.deepEqual(
      [f.language, f.errorMessage, f.frames[0]?.file, f.frames[0]?.line],
      ['go', 'no required module provides package github.com/x/z; to add it:', 'cmd/server/main.go', 7],
    );
    // A test's message has no column: it stays the test failure's.
    assert.equal(primary('--- FAIL: TestX (0.00s)\n    x_test.go:9: got 1, want 2').errorType, 'test failure');
  });

  test('an exception known by its module, whatever its class is called', () => {
    assert.deepEqual(typeAndMessage('django.template.exceptions.TemplateDoesNotExist: registration/login.html'), [
      'django.template.exceptions.TemplateDoesNotExist',
      'registration/login.html',
    ]);
    assert.deepEqual(typeAndMessage('google.api_core.exceptions.NotFound: 404 Bucket my-bucket not found'), [
      'google.api_core.exceptions.NotFound',
      '404 Bucket my-bucket not found',
    ]);
    assert.deepEqual(typeAndMessage('shop.models.Product.DoesNotExist: Product matching query does not exist.'), [
      'shop.models.Product.DoesNotExist',
      'Product matching query does not exist.',
    ]);
    assert.equal(primary('kafka.errors.NoBrokersAvailable: NoBrokersAvailable').language, 'python');
    // A module path that is no exceptions module is no exception.
    assert.deepEqual(extractFailures('app.settings.Config: loaded from env'), []);
  });

  test('structured (JSON) logs: a traceback or stack escaped inside a string reads as its lines', () => {
    const py = primary(
      JSON.stringify({
        asctime: '2024-05-01 10:00:00',
        levelname: 'ERROR',
        message: 'request failed',
        exc_info:
          'Traceback (most recent call last):\n  File "/srv/app/api.py", line 31, in get\n    return cache[key]\nKeyError: \'user:42\'',
      }),
    );
    assert.deepEqual(
      [py.language, py.errorType, py.errorMessage, py.frames[0]?.line],
      ['python', 'KeyError', "'user:42'", 31],
    );
    const node = primary(
      JSON.stringify({
        level: 50,
        msg: 'handler failed',
        err: {
          type: 'TypeError',
          message: "Cannot read properties of undefined (reading 'id')",
          stack:
            "TypeError: Cannot read properties of undefined (reading 'id')\n    at getUser (/app/src/users.js:12:20)\n    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)",
        },
      }),
    );
    assert.deepEqual(
      [node.language, node.errorType, node.frames.map((fr) => fr.file)],
      ['javascript', 'TypeError', ['node:internal/process/task_queues', '/app/src/users.js']],
    );
    // A record whose multi-line string is no error reports nothing.
    assert.deepEqual(
      extractFailures(JSON.stringify({ level: 'info', msg: 'config loaded', config: 'a: 1\nb: 2' })),
      [],
    );
  });

  test("Celery's report of a failed task, and setuptools' own build errors", () => {
    const f = primary(
      "[2024-05-01 10:00:00,000: ERROR/ForkPoolWorker-2] Task shop.tasks.charge[5c1e] raised unexpected: CardError('Your card was declined.')",
    );
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['python', 'CardError', 'Your card was declined.']);
    assert.deepEqual(
      typeAndMessage(
        "Task app.tasks.mail[0f] raised unexpected: SMTPAuthenticationError(535, b'5.7.8 Username and Password not accepted')",
      ),
      ['SMTPAuthenticationError', "535, b'5.7.8 Username and Password not accepted'"],
    );
    const vc = primary(
      'error: Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++ Build Tools": https://visualstudio.microsoft.com/visual-cpp-build-tools/',
    );
    assert.deepEqual([vc.language, vc.errorType], ['python', 'error']);
    assert.match(vc.errorMessage, /^Microsoft Visual C\+\+ 14\.0 or greater is required\./);
    assert.equal(primary("error: invalid command 'bdist_wheel'").errorMessage, "invalid command 'bdist_wheel'");
  });

  test("CPython's everyday messages quoted without their class are Python's (no class guessed); tools' own words", () => {
    assert.deepEqual(
      languageTypeMessage("when I run it I get 'str' object has no attribute 'decode' on the second line"),
      ['python', '', "'str' object has no attribute 'decode'"],
    );
    assert.deepEqual(languageTypeMessage("AttributeError 'NoneType' object has no attribute 'group'"), [
      'python',
      '',
      "'NoneType' object has no attribute 'group'",
    ]);
    assert.deepEqual(languageTypeMessage("it says 'builtin_function_or_method' object is not subscriptable"), [
      'python',
      '',
      "'builtin_function_or_method' object is not subscriptable",
    ]);
    assert.deepEqual(
      languageTypeMessage(
        "fails: cannot import name 'soft_unicode' from 'markupsafe' (/venv/lib/markupsafe/__init__.py)",
      ),
      ['python', '', "cannot import name 'soft_unicode' from 'markupsafe' (/venv/lib/markupsafe/__init__.py)"],
    );
    // Python's, by the message; the class is not guessed (as a keyword it pulled other messages up).
    assert.deepEqual(languageTypeMessage('can only concatenate str (not "int") to str').slice(0, 2), ['python', '']);
    assert.equal(
      languageTypeMessage("cannot access local variable 'total' where it is not associated with a value")[0],
      'python',
    );
    assert.equal(languageTypeMessage('too many values to unpack (expected 2)')[0], 'python');
    // A typed line says more and wins; a placeholder is no error.
    assert.equal(primary("AttributeError: 'str' object has no attribute 'decode'").errorType, 'AttributeError');
    assert.deepEqual(
      extractFailures("Errors like '...' object has no attribute '...' mean the value is not what you think."),
      [],
    );
    // venv's hard-wrapped sentence and Jupyter's dead kernel.
    assert.deepEqual(
      languageTypeMessage(`The virtual environment was not created successfully because ensurepip is not
available.  On Debian/Ubuntu systems, you need to install the python3-venv
package using the following command.`),
      ['python', '', 'The virtual environment was not created successfully because ensurepip is not available.'],
    );
    assert.equal(languageTypeMessage('The kernel appears to have died. It will restart automatically.')[0], 'python');
  });

  test('shells: command not found in any locale', () => {
    const cases: [string, string][] = [
      ['bash: foo: command not found', 'foo: command not found'],
      ['/tmp/build.sh: line 3: foo: command not found', 'foo: command not found'],
      ['/bin/bash: Zeile 1: foo: Kommando nicht gefunden.', 'foo: Kommando nicht gefunden'],
      ['bash: foo : commande introuvable', 'foo: commande introuvable'],
      ['bash: foo: orden no encontrada', 'foo: orden no encontrada'],
      ['sh: 1: foo: not found', 'foo: not found'],
      ['zsh: command not found: foo', 'command not found: foo'],
    ];
    for (const [line, message] of cases) assert.deepEqual(typeAndMessage(line), ['command not found', message], line);
    assert.equal(
      primary(`'foo' is not recognized as an internal or external command,\noperable program or batch file.`).errorType,
      'command not found',
    );
  });

  test('JVM launchers in other languages', () => {
    for (const text of [
      '错误: 找不到或无法加载主类 com.example.Main\n原因: java.lang.ClassNotFoundException: com.example.Main',
      'Fehler: Hauptklasse com.example.Main konnte nicht gefunden oder geladen werden\nUrsache: java.lang.ClassNotFoundException: com.example.Main',
      'Error: Could not find or load main class com.example.Main',
    ])
      assert.deepEqual(typeAndMessage(text), ['java.lang.ClassNotFoundException', 'com.example.Main'], text);
  });
});

describe('test runners', () => {
  test('Jest matcher failure: JestAssertionError', () => {
    assert.deepEqual(
      typeAndMessage(`  ● Calculator › adds numbers

    expect(received).toBe(expected) // Object.is equality

    Expected: 4
    Received: 3`),
      ['JestAssertionError', 'expect(received).toBe(expected) // Object.is equality'],
    );
  });

  test('vitest: AssertionError, in the default and the verbose reporter', () => {
    assert.deepEqual(
      typeAndMessage(` FAIL  src/sum.test.ts > sum > adds
AssertionError: expected 3 to be 4 // Object.is equality
 ❯ src/sum.test.ts:5:17`),
      ['AssertionError', 'expected 3 to be 4 // Object.is equality'],
    );
    assert.deepEqual(
      typeAndMessage(` ❯ src/sum.test.ts (2 tests | 1 failed) 4ms
   × sum > adds 3ms
     → expected 3 to be 4 // Object.is equality
   ✓ sum > subtracts 1ms

 Test Files  1 failed (1)
      Tests  1 failed | 1 passed (2)`),
      ['AssertionError', 'expected 3 to be 4 // Object.is equality'],
    );
    // A thrown error's arrow line has no class; the Failed Tests section below names it.
    assert.deepEqual(
      typeAndMessage(` ❯ src/cart.test.ts (2 tests | 1 failed) 6ms
   × cart > totals 4ms
     → Cannot read properties of undefined (reading 'price')

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  src/cart.test.ts > cart > totals
TypeError: Cannot read properties of undefined (reading 'price')
 ❯ total src/cart.ts:9:22`),
      ['TypeError', "Cannot read properties of undefined (reading 'price')"],
    );
  });

  test('Jest code frames: a hard-wrapped frame line is joined; ts-jest shows the tsc source line', () => {
    const wrapped = primary(`  ● Cart › copies the link

    expect(jest.fn()).toHaveBeenCalledWith(...expected)

    > 12 |     expect(notify).
toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));
         |                    ^

      at Object.<anonymous> (src/cart.test.js:12:20)`);
    assert.equal(
      wrapped.code.trim(),
      "expect(notify).toHaveBeenCalledWith(expect.objectContaining({ type: 'success' }));",
    );
    const tsjest = primary(`FAIL test/server.test.ts
  ● Test suite failed to run

    test/server.test.ts:2:15 - error TS2305: Module '"../src/server"' has no exported member 'server'.

    2 import { app, server } from '../src/server';
                    ~~~~~~`);
    assert.equal(tsjest.errorType, 'TS2305');
    assert.equal(tsjest.code.split('\n')[0], "import { app, server } from '../src/server';");
  });

  test("mocha: Node's assert error with its code in brackets", () => {
    assert.deepEqual(
      typeAndMessage(`  0 passing (8ms)
  1 failing

  1) parser
       parses numbers:

      AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:

1 !== 2

      at Context.<anonymous> (test/parser.test.js:5:12)`),
      ['AssertionError', 'Expected values to be strictly equal:'],
    );
  });

  test('Minitest failure: Minitest::Assertion', () => {
    assert.deepEqual(
      typeAndMessage(`  1) Failure:
CalculatorTest#test_add [test/calculator_test.rb:6]:
Expected: 4
  Actual: 3

1 runs, 1 assertions, 1 failures, 0 errors, 0 skips`),
      ['Minitest::Assertion', 'Expected: 4'],
    );
  });
});

describe('bot and notifier reports', () => {
  test('Bugsnag-style: "Class in controller#action" and the message below', () => {
    assert.deepEqual(
      typeAndMessage(`## Error in My App

**NoMethodError** in **UsersController#show**
undefined method \`name' for nil:NilClass

[View on Bugsnag](https://app.bugsnag.com/acme/my-app/errors/1)`),
      ['NoMethodError', "undefined method `name' for nil:NilClass"],
    );
  });

  test('Sentry/Rollbar-style subjects and fields', () => {
    assert.deepEqual(typeAndMessage("[Rollbar] [production] KeyError: 'user_id'"), ['KeyError', "'user_id'"]);
    assert.deepEqual(
      typeAndMessage(`## Auto-reported error

**Error type:** \`TimeoutError\`
**Message:** \`upstream took longer than 30s\`
**Host:** web-3`),
      ['TimeoutError', '`upstream took longer than 30s`'.replace(/`/g, '')],
    );
  });

  test('an exception-notification HTML mail', () => {
    assert.deepEqual(
      typeAndMessage(`<html>
<body>
<p>A <b>NoMethodError</b> occurred in <b>users#show</b>:</p>
<pre>undefined method \`name' for nil:NilClass</pre>
<pre>app/controllers/users_controller.rb:5:in \`show'</pre>
</body>
</html>`),
      ['NoMethodError', "undefined method `name' for nil:NilClass"],
    );
  });
});

describe('the cause, not the wrapper', () => {
  test('"Process completed with exit code 1" is never primary when a cause is printed', () => {
    const f = primary(`##[group]Run pytest
FAILED tests/test_a.py::test_one - ZeroDivisionError: division by zero
##[error]Process completed with exit code 1.`);
    assert.equal(f.errorType, 'ZeroDivisionError');
  });

  test('PowerShell NativeCommandError wraps the first stderr line of a native command', () => {
    const f = primary(`python : Traceback (most recent call last):
At line:1 char:1
+ python app.py 2>&1 | Out-File log.txt
+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : NotSpecified: (Traceback (most recent call last)::String) [], RemoteException
    + FullyQualifiedErrorId : NativeCommandError

  File "app.py", line 1, in <module>
    import yaml
ModuleNotFoundError: No module named 'yaml'`);
    assert.equal(f.errorType, 'ModuleNotFoundError');
  });

  test('Maven prints its own exception stack after the failure: the cause stays primary', () => {
    const f =
      primary(`2024-03-01T10:00:00.000+01:00  WARN 42 --- [main] o.s.b.w.e.tomcat.TomcatWebServer : Exception during startup: org.springframework.boot.web.server.PortInUseException: Port 8080 is already in use
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal org.springframework.boot:spring-boot-maven-plugin:3.2.5:run (default-cli) on project app: Process terminated with exit code: 1 -> [Help 1]
org.apache.maven.lifecycle.LifecycleExecutionException: Failed to execute goal org.springframework.boot:spring-boot-maven-plugin:3.2.5:run (default-cli) on project app: Process terminated with exit code: 1
    at org.apache.maven.lifecycle.internal.MojoExecutor.doExecute2 (MojoExecutor.java:333)
Caused by: org.apache.maven.plugin.MojoExecutionException: Process terminated with exit code: 1
    at org.springframework.boot.maven.JavaProcessExecutor.run (JavaProcessExecutor.java:74)`);
    assert.equal(f.errorType, 'org.springframework.boot.web.server.PortInUseException');
  });

  test('a wrapper alone is reported when it is all there is', () => {
    const f =
      primary(`[ERROR] Failed to execute goal org.apache.maven.plugins:maven-clean-plugin:3.2.0:clean (default-clean) on project app: Failed to clean project: Failed to delete /app/target -> [Help 1]
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoExecutionException`);
    assert.equal(f.errorType, 'MojoExecutionException');
  });
});

describe('a run that reports success reports nothing', () => {
  test('pytest N passed, with error-looking test names and log lines', () => {
    assert.deepEqual(
      extractFailures(`tests/test_errors.py::test_raises_value_error PASSED
tests/test_errors.py::test_logs_error PASSED
ERROR:app:simulated failure: ValueError: bad input
===================== 2 passed in 0.12s =====================`),
      [],
    );
  });

  test('BUILD SUCCESS after agent stack traces', () => {
    assert.deepEqual(
      extractFailures(`java.lang.instrument.IllegalClassFormatException: Error while instrumenting sun/util/Foo
\tat org.jacoco.agent.rt.internal.CoverageTransformer.transform(CoverageTransformer.java:94)
[INFO] Tests run: 16, Failures: 0, Errors: 0, Skipped: 0
[INFO] BUILD SUCCESS`),
      [],
    );
  });

  test('all Jest suites passed, with console.error output from error-path tests', () => {
    assert.deepEqual(
      extractFailures(`  console.error
    request failed: Error: Network error
        at Object.<anonymous> (src/api.test.js:12:20)

Test Suites: 3 passed, 3 total
Tests:       12 passed, 12 total`),
      [],
    );
  });

  test('an ##[error] annotation that is a pip upgrade notice', () => {
    assert.deepEqual(
      extractFailures(`##[error][notice] A new release of pip is available: 23.0 -> 24.0
============ 509 passed, 11 skipped in 61.20s (0:01:01) ============`),
      [],
    );
  });

  test('an error a logger rated WARNING in passing was handled', () => {
    assert.deepEqual(
      extractFailures(`2024-01-01 10:00:00 INFO Starting worker
2024-01-01 10:00:01 WARNING Retrying after ConnectionError: [Errno 111] Connection refused
2024-01-01 10:00:02 INFO Connected`),
      [],
    );
  });

  test('warnings and deprecations are not failures', () => {
    assert.deepEqual(
      extractFailures(`(node:1234) [DEP0018] DeprecationWarning: Unhandled promise rejections are deprecated.
    at emitDeprecationWarning (node:internal/process/promises:96:15)`),
      [],
    );
    assert.deepEqual(
      extractFailures(`warning: unused variable: \`x\`
 --> src/main.rs:2:9
  |
2 |     let x = 5;
  |         ^ help: if this is intentional, prefix it with an underscore: \`_x\`

    Finished \`dev\` profile [unoptimized + debuginfo] target(s) in 0.50s`),
      [],
    );
  });

  test('prose that talks about an error in general reports nothing', () => {
    assert.deepEqual(
      extractFailures("You will often see `NoMethodError: undefined method '...' for nil` in Rails apps."),
      [],
    );
  });
});

describe('Dart, Flutter and Android logs', () => {
  test("the Dart VM's `Unhandled exception:` report: the error's toString, then `#N` frames", () => {
    const f = primary(`Unhandled exception:
FormatException: Invalid radix-10 number (at character 1)
abc
^

#0      int._throwFormatException (dart:core-patch/integers_patch.dart:195:5)
#1      int._parse (dart:core-patch/integers_patch.dart:103:12)
#2      main (file:///home/u/bin/main.dart:3:11)`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      [
        'dart',
        'FormatException',
        'Invalid radix-10 number (at character 1)',
        'dart:core-patch/integers_patch.dart',
        195,
      ],
    );
    assert.equal(f.frames[0]?.function, 'main');
    // dart:core's messages that name no class: the class its toString() stands for, or none.
    assert.deepEqual(
      languageTypeMessage(
        'Unhandled exception:\nBad state: No element\n#0      ListBase.first (dart:collection/list.dart:54:5)',
      ),
      ['dart', 'StateError', 'Bad state: No element'],
    );
    assert.deepEqual(
      languageTypeMessage(
        'Unhandled exception:\nRangeError (index): Invalid value: Not in inclusive range 0..2: 3\n#0      List.[] (dart:core-patch/growable_array.dart:264:36)',
      ),
      ['dart', 'RangeError', 'Invalid value: Not in inclusive range 0..2: 3'],
    );
  });

  test("Flutter's `Unhandled Exception:` behind logcat's and the engine's prefixes, and on the iOS console", () => {
    const android =
      primary(`E/flutter ( 8123): [ERROR:flutter/runtime/dart_vm_initializer.cc(41)] Unhandled Exception: type 'Null' is not a subtype of type 'String'
E/flutter ( 8123): #0      new User.fromJson (package:shop/models/user.dart:12:20)
E/flutter ( 8123): #1      ApiService.getUser (package:shop/services/api.dart:30:17)
E/flutter ( 8123): <asynchronous suspension>`);
    assert.deepEqual(
      [android.language, android.errorType, android.errorMessage, android.frames.length, android.frames.at(-1)?.file],
      ['dart', '', "type 'Null' is not a subtype of type 'String'", 2, 'package:shop/models/user.dart'],
    );
    const ios =
      primary(`[VERBOSE-2:ui_dart_state.cc(198)] Unhandled Exception: MissingPluginException(No implementation found for method getAll on channel plugins.flutter.io/shared_preferences)
#0      MethodChannel._invokeMethod (package:flutter/src/services/platform_channel.dart:154:7)`);
    assert.deepEqual(
      [ios.language, ios.errorType, ios.errorMessage],
      [
        'dart',
        'MissingPluginException',
        'No implementation found for method getAll on channel plugins.flutter.io/shared_preferences',
      ],
    );
  });

  test("the framework's `EXCEPTION CAUGHT BY` box: the class it names (or none for an assertion) and the first sentence", () => {
    assert.deepEqual(
      languageTypeMessage(`flutter: ══╡ EXCEPTION CAUGHT BY WIDGETS LIBRARY ╞═══════════════════════════════════════════════════════════
flutter: The following _TypeError was thrown building ProfilePage(dirty, state: _ProfilePageState#1a2b3):
flutter: type 'int' is not a subtype of type 'String'
flutter:
flutter: The relevant error-causing widget was:`),
      ['dart', 'TypeError', "type 'int' is not a subtype of type 'String'"],
    );
    assert.deepEqual(
      languageTypeMessage(`══╡ EXCEPTION CAUGHT BY RENDERING LIBRARY ╞═════════════════════════════════════════════════════════
The following assertion was thrown during layout:
A RenderFlex overflowed by 42 pixels on the right.`),
      ['dart', '', 'A RenderFlex overflowed by 42 pixels on the right.'],
    );
  });

  test(".NET Framework's `Unhandled Exception: System.X` is not Dart's", () => {
    const f = primary(`Unhandled Exception: System.IO.FileNotFoundException: Could not find file 'C:\\app\\config.json'.
   at System.IO.__Error.WinIOError(Int32 errorCode, String maybeFullPath)
   at Shop.Program.Main(String[] args) in C:\\app\\Program.cs:line 12`);
    assert.deepEqual([f.language, f.errorType], ['csharp', 'System.IO.FileNotFoundException']);
    assert.deepEqual(
      extractFailures('Unhandled Exception: System.InvalidOperationException: Sequence contains no elements').map(
        (x) => x.language,
      ),
      ['csharp'],
    );
  });

  test("logcat's brief, time and threadtime prefixes go, so a Java crash's frames are read", () => {
    const bodies = [
      'FATAL EXCEPTION: main',
      'Process: com.example.shop, PID: 4321',
      'java.lang.IllegalStateException: Could not find method onBuy(View) in a parent or ancestor Context',
      '\tat androidx.appcompat.app.AppCompatViewInflater$DeclaredOnClickListener.resolveMethod(AppCompatViewInflater.java:436)',
      '\tat android.view.View.performClick(View.java:7448)',
    ];
    for (const prefix of [
      'E/AndroidRuntime( 4321): ',
      '11-20 10:00:00.123 E/AndroidRuntime( 4321): ',
      '11-20 10:00:00.123  4321  4321 E AndroidRuntime: ',
    ]) {
      const f = primary(bodies.map((b) => prefix + b).join('\n'));
      assert.deepEqual(
        [f.language, f.errorType, f.frames.length, f.frames.at(-1)?.file],
        ['java', 'java.lang.IllegalStateException', 2, 'AppCompatViewInflater.java'],
        prefix,
      );
    }
    // The priority letter is the level: a caught exception logged at W is weaker than the crash at E.
    const lines = normalizeText(
      '11-20 10:00:00.123  4321  4321 W System.err: java.io.IOException: timeout\nI/flutter ( 812): hello',
    );
    assert.deepEqual(
      [lines.lines, lines.levels],
      [
        ['java.io.IOException: timeout', 'hello'],
        ['warn', 'info'],
      ],
    );
  });
});

describe('JavaScript errors as consoles print them, and their messages', () => {
  test("browser consoles' and Deno's `Uncaught` lead-ins, with the console's source link and `(in promise)`", () => {
    const chrome = primary(`main.js:34 Uncaught (in promise) TypeError: Failed to fetch
    at loadOrders (main.js:34:9)
    at HTMLButtonElement.onclick (index.html:12:48)`);
    assert.deepEqual(
      [chrome.language, chrome.errorType, chrome.errorMessage, chrome.frames.length],
      ['javascript', 'TypeError', 'Failed to fetch', 2],
    );
    assert.deepEqual(
      languageTypeMessage('error: Uncaught (in promise) Error: boom\n    at file:///home/u/main.ts:1:7'),
      ['javascript', 'Error', 'boom'],
    );
    assert.deepEqual(
      languageTypeMessage('The page is blank and the console shows:\n\nUncaught SyntaxError: Unexpected identifier'),
      ['javascript', 'SyntaxError', 'Unexpected identifier'],
    );
    assert.deepEqual(languageTypeMessage('Unhandled Promise Rejection: AbortError: The operation was aborted.'), [
      'javascript',
      'AbortError',
      'The operation was aborted.',
    ]);
  });

  test("a class or an engine's wording makes a bare `Class: message` line JavaScript's; Python's stay Python's", () => {
    const cases: [string, string][] = [
      ["TypeError: Cannot read properties of undefined (reading 'length')", 'javascript'],
      ["TypeError: undefined is not an object (evaluating 'user.name')", 'javascript'],
      ['TypeError: this.setState is not a function', 'javascript'],
      ['TypeError: items is not iterable', 'javascript'],
      ['ReferenceError: window is not defined', 'javascript'],
      ["ReferenceError: Cannot access 'store' before initialization", 'javascript'],
      ['RangeError: Maximum call stack size exceeded', 'javascript'],
      ['SyntaxError: Unexpected end of JSON input', 'javascript'],
      ['SyntaxError: Cannot use import statement outside a module', 'javascript'],
      ["Error: Cannot find module 'express'", 'javascript'],
      ['URIError: URI malformed', 'javascript'],
      ["TypeError: 'NoneType' object is not iterable", 'python'],
      ["TypeError: 'int' object is not callable", 'python'],
      ['SyntaxError: invalid syntax', 'python'],
      ['ReferenceError: weakly-referenced object no longer exists', 'python'],
      ["NameError: name 'window' is not defined", 'python'],
      ['NullReferenceException: Object reference not set to an instance of an object.', 'csharp'],
      ['ArgumentOutOfRangeException: Index was out of range.', 'csharp'],
      ['NullPointerException: Cannot invoke "String.length()" because "s" is null', 'java'],
      ['NumberFormatException: For input string: "abc"', 'java'],
      ['NoSuchElementException: Message: no such element: Unable to locate element', 'python'],
    ];
    for (const [line, language] of cases) assert.equal(primary(`I get this:\n\n${line}`).language, language, line);
  });

  test('engine messages quoted without their class are JavaScript failures; prose that only sounds alike is not', () => {
    assert.deepEqual(
      languageTypeMessage(
        "After the upgrade the list is empty and the console says Cannot read properties of undefined (reading 'map').",
      ),
      ['javascript', '', "Cannot read properties of undefined (reading 'map')"],
    );
    assert.deepEqual(languageTypeMessage('I\'m getting "this.props.onChange is not a function" when I type.'), [
      'javascript',
      '',
      'this.props.onChange is not a function',
    ]);
    // Each shape of a name that looks like code: `$`/`_` in it, and camelCase.
    assert.deepEqual(languageTypeMessage('Clicking save logs $save is not a function in the console'), [
      'javascript',
      '',
      '$save is not a function',
    ]);
    assert.deepEqual(languageTypeMessage('Since 2.0 the page is blank: fetchOrders is not a function'), [
      'javascript',
      '',
      'fetchOrders is not a function',
    ]);
    assert.deepEqual(languageTypeMessage('Running the bundle in the browser I get require is not defined'), [
      'javascript',
      '',
      'require is not defined',
    ]);
    assert.deepEqual(
      languageTypeMessage(`fetch('/api/orders') fails with Unexpected token '<', "<!DOCTYPE "... is not valid JSON`),
      ['javascript', '', `Unexpected token '<', "<!DOCTYPE "... is not valid JSON`],
    );
    assert.deepEqual(
      extractFailures(
        'This is not a function I wrote, it comes from the library. The variable is not defined anywhere.',
      ),
      [],
    );
  });
});

describe("a runtime's own wording tells the language of a line whose class several runtimes share", () => {
  test('Ruby: its core messages, its namespaced classes down to `::Error`, and its `message (Class)` report', () => {
    const cases: [string, [string, string, string]][] = [
      [
        "NoMethodError: undefined method `each' for nil:NilClass",
        ['ruby', 'NoMethodError', "undefined method `each' for nil:NilClass"],
      ],
      [
        'ArgumentError: wrong number of arguments (given 2, expected 1)',
        ['ruby', 'ArgumentError', 'wrong number of arguments (given 2, expected 1)'],
      ],
      ['LoadError: cannot load such file -- nokogiri', ['ruby', 'LoadError', 'cannot load such file -- nokogiri']],
      [
        'TypeError: no implicit conversion of nil into String',
        ['ruby', 'TypeError', 'no implicit conversion of nil into String'],
      ],
      [
        "ActionView::Template::Error: undefined local variable or method `current_user' for an instance of #<Class:0x0001>",
        [
          'ruby',
          'ActionView::Template::Error',
          "undefined local variable or method `current_user' for an instance of #<Class:0x0001>",
        ],
      ],
      ["undefined method 'map' for nil (NoMethodError)", ['ruby', 'NoMethodError', "undefined method 'map' for nil"]],
      [
        "My worker says undefined method `perform_later' for Mailer:Class and stops",
        ['ruby', '', "undefined method `perform_later' for Mailer:Class"],
      ],
    ];
    for (const [text, want] of cases) assert.deepEqual(languageTypeMessage(text), want, text);
    // Python's own, and "(ValueError)" after prose, stay as they were.
    assert.equal(primary('TypeError: can only concatenate str (not "int") to str').language, 'python');
    assert.deepEqual(extractFailures('It just stops there (ValueError)'), []);
    assert.deepEqual(extractFailures("Rails apps often raise `NoMethodError: undefined method '...' for nil`."), []);
    // Julia's LoadError wraps Julia's errors; Ruby's names a file it cannot load.
    assert.equal(
      primary('ERROR: LoadError: UndefVarError: `foo` not defined\nin expression starting at /home/u/run.jl:3')
        .language,
      'julia',
    );
  });

  test("PHP: a bare `Fatal error:` is PHP's when the Zend engine's wording says so, though no script is named", () => {
    assert.deepEqual(
      languageTypeMessage(
        'Fatal error: Allowed memory size of 134217728 bytes exhausted (tried to allocate 20480 bytes)',
      ),
      ['php', 'Fatal error', 'Allowed memory size of 134217728 bytes exhausted (tried to allocate 20480 bytes)'],
    );
    assert.deepEqual(languageTypeMessage('Fatal error: Maximum execution time of 30 seconds exceeded'), [
      'php',
      'Fatal error',
      'Maximum execution time of 30 seconds exceeded',
    ]);
    // Swift's standard library words its traps as its own; a message no runtime claims stays unknown.
    assert.equal(primary('Fatal error: Unexpectedly found nil while unwrapping an Optional value').language, 'swift');
    assert.equal(primary('Fatal error: Index out of range').language, 'swift');
    assert.equal(primary('Fatal error: the widget could not be started').language, 'unknown');
    assert.deepEqual(languageTypeMessage('The page shows Call to a member function fetch() on null and nothing else'), [
      'php',
      '',
      'Call to a member function fetch() on null',
    ]);
  });

  test("C++: libstdc++'s and libc++abi's report of an uncaught exception", () => {
    assert.deepEqual(
      languageTypeMessage(`terminate called after throwing an instance of 'std::out_of_range'
  what():  vector::_M_range_check: __n (which is 5) >= this->size() (which is 3)
Aborted (core dumped)`),
      ['cpp', 'std::out_of_range', 'vector::_M_range_check: __n (which is 5) >= this->size() (which is 3)'],
    );
    assert.deepEqual(
      languageTypeMessage(
        'libc++abi: terminating due to uncaught exception of type std::runtime_error: config missing',
      ),
      ['cpp', 'std::runtime_error', 'config missing'],
    );
  });

  test("Node.js's system errors and module loader, React's errors, a console's `Uncaught Error:` and the browser's CORS refusal", () => {
    const cases: [string, [string, string, string]][] = [
      [
        "Error: ENOENT: no such file or directory, open 'config.json'",
        ['javascript', 'Error', "ENOENT: no such file or directory, open 'config.json'"],
      ],
      [
        'Error: listen EADDRINUSE: address already in use :::3000',
        ['javascript', 'Error', 'listen EADDRINUSE: address already in use :::3000'],
      ],
      [
        'Error: Objects are not valid as a React child (found: object with keys {id}).',
        ['javascript', 'Error', 'Objects are not valid as a React child (found: object with keys {id}).'],
      ],
      [
        'Uncaught Error: Minified React error #130; visit https://react.dev/errors/130',
        ['javascript', 'Error', 'Minified React error #130; visit https://react.dev/errors/130'],
      ],
      [
        "TS2307: Cannot find module './api' or its corresponding type declarations.",
        ['typescript', 'TS2307', "Cannot find module './api' or its corresponding type declarations."],
      ],
      [
        "Access to fetch at 'http://localhost:8000/api' from origin 'http://localhost:3000' has been blocked by CORS policy: No 'Access-Control-Allow-Origin' header is present on the requested resource.",
        [
          'javascript',
          '',
          "Access to fetch at 'http://localhost:8000/api' from origin 'http://localhost:3000' has been blocked by CORS policy: No 'Access-Control-Allow-Origin' header is present on the requested resource.",
        ],
      ],
    ];
    for (const [text, want] of cases) assert.deepEqual(languageTypeMessage(text), want, text);
    // Python's EOFError and its OSError's errno stay Python's; a tool's `Error:` line stays its own.
    assert.equal(primary('EOFError: EOF when reading a line').language, 'python');
    assert.equal(primary("PermissionError: [Errno 13] Permission denied: '/srv/out'").language, 'python');
    assert.equal(primary('Error: INSTALLATION FAILED: cannot re-use a name that is still in use').language, 'unknown');
  });

  test("ssh's refusal is the cause under git's `fatal:`; apt's `E:` lines", () => {
    assert.deepEqual(
      typeAndMessage(`Cloning into 'shop'...
git@github.com: Permission denied (publickey).
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.`),
      ['ssh', 'Permission denied (publickey)'],
    );
    assert.deepEqual(
      typeAndMessage(`Reading package lists... Done
Building dependency tree... Done
E: Unable to locate package python3.12-venv
E: Couldn't find any package by glob 'python3.12-venv'`),
      ['apt', 'Unable to locate package python3.12-venv'],
    );
    assert.equal(
      primary("E: dpkg was interrupted, you must manually run 'dpkg --configure -a' to correct the problem.").errorType,
      'apt',
    );
    // TeamCity's build log marks a block's end with `E:` (after its `[10:40:51]` time): not apt's.
    assert.deepEqual(extractFailures('[10:40:51]E: bt77 (1m:28s)'), []);
  });
});

describe("command-line tools' own failure lines, each as its documentation gives it", () => {
  test("curl's `curl: (N) message` is the cause under the runner's exit code", () => {
    assert.deepEqual(
      typeAndMessage(`+ curl -fsSL https://get.example.dev/install.sh
curl: (6) Could not resolve host: get.example.dev
Error: Process completed with exit code 6.`),
      ['curl', 'Could not resolve host: get.example.dev'],
    );
    assert.deepEqual(typeAndMessage('curl: (60) SSL certificate problem: unable to get local issuer certificate'), [
      'curl',
      'SSL certificate problem: unable to get local issuer certificate',
    ]);
  });

  test("the Docker CLI: the daemon's refusal, an unreachable or forbidden socket; BuildKit's `failed to solve` only wraps", () => {
    assert.deepEqual(
      typeAndMessage(
        'docker: Error response from daemon: Conflict. The container name "/db" is already in use by container "3f2a".',
      ),
      ['docker', 'Conflict. The container name "/db" is already in use by container "3f2a".'],
    );
    assert.deepEqual(
      typeAndMessage(
        'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?',
      ),
      ['docker', 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?'],
    );
    assert.deepEqual(
      typeAndMessage(
        'permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock: Get "http://%2Fvar%2Frun%2Fdocker.sock/v1.24/containers/json": dial unix /var/run/docker.sock: connect: permission denied',
      ),
      [
        'docker',
        'permission denied while trying to connect to the Docker daemon socket at unix:///var/run/docker.sock',
      ],
    );
    // The step's own error wins over BuildKit's summary of it.
    assert.deepEqual(
      typeAndMessage(`#7 [3/4] RUN python setup.py build
#7 0.912 ModuleNotFoundError: No module named 'setuptools'
#7 ERROR: process "/bin/sh -c python setup.py build" did not complete successfully: exit code: 1
ERROR: failed to solve: process "/bin/sh -c python setup.py build" did not complete successfully: exit code: 1`),
      ['ModuleNotFoundError', "No module named 'setuptools'"],
    );
    assert.deepEqual(typeAndMessage('ERROR: failed to solve: node:22-alpine: not found'), [
      'docker',
      'node:22-alpine: not found',
    ]);
  });

  test('Yarn 2+: the `YNxxxx` lines of a run that says `Failed with errors`, its error codes first', () => {
    const yarn = `➤ YN0000: ┌ Resolution step
➤ YN0002: │ shop@workspace:. doesn't provide react (p3a1b2), requested by react-dom
➤ YN0000: └ Completed in 0s 412ms
➤ YN0000: ┌ Fetch step
➤ YN0018: │ lodash@npm:4.17.21: The remote archive doesn't match the expected checksum
➤ YN0000: └ Completed in 1s 203ms
➤ YN0000: Failed with errors in 1s 620ms`;
    assert.deepEqual(languageTypeMessage(yarn), [
      'javascript',
      'YN0018',
      "lodash@npm:4.17.21: The remote archive doesn't match the expected checksum",
    ]);
    // A run that did not fail reports its warnings as nothing.
    assert.deepEqual(
      extractFailures(yarn.replace('Failed with errors in 1s 620ms', 'Done with warnings in 1s 620ms')),
      [],
    );
  });

  test("the go command's `go: …` errors (not its progress) and Cargo's resolver errors", () => {
    assert.deepEqual(
      languageTypeMessage(`go: downloading github.com/foo/bar v1.2.3
go: github.com/foo/bar@v1.2.3: missing go.sum entry for go.mod file; to add it:
	go mod download github.com/foo/bar`),
      ['go', 'go', 'github.com/foo/bar@v1.2.3: missing go.sum entry for go.mod file; to add it:'],
    );
    assert.deepEqual(
      extractFailures('go: downloading github.com/foo/bar v1.2.3\ngo: finding module for package x'),
      [],
    );
    assert.deepEqual(
      languageTypeMessage(`    Updating crates.io index
error: failed to select a version for the requirement \`tokio = "^9.0"\`
candidate versions found which didn't match: 1.35.1, 1.35.0
location searched: crates.io index`),
      ['rust', 'cargo', 'failed to select a version for the requirement `tokio = "^9.0"`'],
    );
  });

  test("Maven's goal-less failure: the project's dependencies cannot be resolved", () => {
    assert.deepEqual(
      languageTypeMessage(
        '[ERROR] Failed to execute goal on project shop: Could not resolve dependencies for project com.example:shop:jar:1.0: Could not find artifact com.example:lib:jar:2.0 in central (https://repo.maven.apache.org/maven2) -> [Help 1]',
      ),
      [
        'java',
        'DependencyResolutionException',
        'Could not resolve dependencies for project com.example:shop:jar:1.0: Could not find artifact com.example:lib:jar:2.0 in central (https://repo.maven.apache.org/maven2)',
      ],
    );
  });

  test("Playwright's list reporter: the error under the test's header, the code frame's `>` row, the spec's frame", () => {
    const f = primary(`Running 3 tests using 2 workers

  1) [chromium] › tests/cart.spec.ts:8:5 › cart › adds an item ─────────────────────────────────────

    Error: Timed out 5000ms waiting for expect(locator).toHaveText(expected)

    Locator: getByTestId('count')
    Expected string: "1"
    Received string: "0"

       10 |   await page.getByRole('button', { name: 'Add' }).click();
    >  11 |   await expect(page.getByTestId('count')).toHaveText('1');
          |                                           ^
       12 | });

        at /home/runner/work/shop/tests/cart.spec.ts:11:43

  1 failed`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.code, f.frames.at(-1)?.line],
      [
        'typescript',
        'Error',
        'Timed out 5000ms waiting for expect(locator).toHaveText(expected)',
        "await expect(page.getByTestId('count')).toHaveText('1');",
        11,
      ],
    );
  });
});

describe("Python tools' own shapes", () => {
  test("Django's system checks: the first error's check id and message, not SystemCheckError's summary; warnings are not errors", () => {
    assert.deepEqual(
      typeAndMessage(`Performing system checks...

Exception in thread django-main-thread:
SystemCheckError: System check identified some issues:

ERRORS:
shop.Order.customer: (fields.E300) Field defines a relation with model 'Customer', which is either not installed, or is abstract.

WARNINGS:
shop.Order: (models.W042) Auto-created primary key used when not defining a primary key type.

System check identified 2 issues (0 silenced).`),
      ['fields.E300', "Field defines a relation with model 'Customer', which is either not installed, or is abstract."],
    );
    assert.deepEqual(
      extractFailures(`System check identified some issues:

WARNINGS:
shop.Order: (models.W042) Auto-created primary key used when not defining a primary key type.`).map((f) => f.errorType),
      [],
    );
  });

  test('cleo (Poetry): the class alone on a line, its message, then `at file.py:N in fn`', () => {
    assert.deepEqual(
      typeAndMessage(`Resolving dependencies...

  SolverProblemError

  The current project's Python requirement (>=3.8,<4.0) is not compatible with some of the required packages Python requirement:
    - pandas requires Python >=3.9, so it will not be satisfied for Python >=3.8,<3.9

  at ~/.local/share/pypoetry/venv/lib/python3.11/site-packages/poetry/puzzle/solver.py:241 in _solve
      237│             packages = result.packages`),
      [
        'SolverProblemError',
        "The current project's Python requirement (>=3.8,<4.0) is not compatible with some of the required packages Python requirement:",
      ],
    );
    // A class name alone without cleo's `at` line is nobody's report.
    assert.deepEqual(extractFailures('Which one do I catch here?\n\n  ConnectionError\n\nor the other one?'), []);
  });

  test('conda: the packages listed under the error are its message', () => {
    assert.deepEqual(
      typeAndMessage(`Solving environment: failed

ResolvePackageNotFound:
  - python=3.6.13
  - cudatoolkit=10.1
`),
      ['ResolvePackageNotFound', 'python=3.6.13, cudatoolkit=10.1'],
    );
    assert.deepEqual(
      typeAndMessage(`PackagesNotFoundError: The following packages are not available from current channels:

  - tensorflow-gpu==1.15

Current channels:`),
      ['PackagesNotFoundError', 'The following packages are not available from current channels: tensorflow-gpu==1.15'],
    );
  });

  test("uvicorn: its ten-column level prefix is a level (PostgreSQL's `ERROR:  ` is not), and its ASGI app error", () => {
    const f = primary(`INFO:     Will watch for changes in these directories: ['/srv/api']
INFO:     Uvicorn running on http://127.0.0.1:8000 (Press CTRL+C to quit)
ERROR:    Error loading ASGI app. Could not import module "main".`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['python', '', 'Error loading ASGI app. Could not import module "main".'],
    );
    assert.deepEqual(languageTypeMessage('ERROR:  relation "orders" does not exist at character 15'), [
      'sql',
      'ERROR',
      'relation "orders" does not exist at character 15',
    ]);
  });
});

describe("a traceback inside another tool's output", () => {
  test('a traceback indented by pip ends at its own indentation; a URL after the job is not an exception', () => {
    const log = `  Getting requirements to build wheel: finished with status 'error'
  error: subprocess-exited-with-error

  × Getting requirements to build wheel did not run successfully.
  │ exit code: 1
  ╰─> [9 lines of output]
      Traceback (most recent call last):
        File "/usr/lib/python3/site-packages/setuptools/build_meta.py", line 320, in run_setup
          exec(code, locals())
        File "<string>", line 7, in <module>
        File "/tmp/build-env/site-packages/Cython/Build/Dependencies.py", line 1321, in cythonize_one
          raise CompileError(None, pyx_file)
      Cython.Compiler.Errors.CompileError: src/pkg/_fast.pyx
      [end of output]

  note: This error originates from a subprocess, and is likely not a problem with pip.
error: subprocess-exited-with-error
Post job cleanup.
[command]/usr/bin/git config --local --name-only --get-regexp http\\.https\\:\\/\\/github\\.com\\/\\.extraheader
http.https://github.com/.extraheader
[command]/usr/bin/git config --local --unset-all http.https://github.com/.extraheader`;
    const f = extractFailures(log);
    assert.ok(!f.some((x) => x.errorType === 'http.https'), JSON.stringify(f.map((x) => x.errorType)));
    const tb = f.find((x) => x.frames.length > 0)!;
    assert.deepEqual([tb.errorType, tb.errorMessage], ['Cython.Compiler.Errors.CompileError', 'src/pkg/_fast.pyx']);
  });

  test('a traceback whose exception line was not pasted ends where the text goes back left of it', () => {
    const f = extractFailures(`    Traceback (most recent call last):
      File "app.py", line 3, in <module>
        main()
Then I ran it again with --verbose and got nothing.
somemodule.Thing: looks like a class but is prose`);
    const tb = f.find((x) => x.frames.length > 0)!;
    assert.equal(tb.errorType, '');
  });
});

describe('a finished Actions job that no step failed reports nothing', () => {
  const job = (steps: string) =>
    [
      '2026-05-02T08:00:01.0000000Z ##[group]Run pylint src --exit-zero',
      '2026-05-02T08:00:01.0000000Z ##[endgroup]',
      ...steps.split('\n').map((l) => `2026-05-02T08:00:02.0000000Z ${l}`),
      '2026-05-02T08:00:03.0000000Z Post job cleanup.',
      '2026-05-02T08:00:03.0000000Z [command]/usr/bin/git version',
      '2026-05-02T08:00:03.0000000Z Cleaning up orphan processes',
    ].join('\n');
  const lint = `************* Module app.jobs
src/app/jobs.py:12:8: W0718: Catching too general exception Exception (broad-exception-caught)
src/app/jobs.py:40:0: R0913: Too many arguments (8/5) (too-many-arguments)
Your code has been rated at 9.81/10`;

  test('linter findings in a job without ##[error] are not a failure', () => {
    assert.deepEqual(extractFailures(job(lint)), []);
  });

  test('the same findings in a job a step failed are', () => {
    const failed = job(`${lint}\n##[error]Process completed with exit code 4.`);
    assert.equal(primary(failed).errorType, 'W0718');
  });

  test('the same findings in a log cut before the job ended are', () => {
    const cut = job(lint).split('\n').slice(0, -3).join('\n');
    assert.equal(primary(cut).errorType, 'W0718');
  });

  test("a retry's fraction is not a failure count", () => {
    const log = `retry.py:61: RuntimeWarning: attempt 1/3 failed with ReadTimeoutError('simulated'); retrying
----------------------------- Captured stderr call -----------------------------
mytool: error: FileNotFoundError: s3://bucket/missing.txt (use --debug for a full traceback)
====================== 12 passed, 1 warning in 0.52s ======================`;
    assert.deepEqual(extractFailures(log), []);
    assert.equal(primary(log.replace('12 passed', '1 failed, 11 passed')).errorType, 'FileNotFoundError');
  });
});

describe("sanitizers' reports", () => {
  test("AddressSanitizer's kind is the type, behind its ==pid== prefix or another program's", () => {
    const f = primary(`=================================================================
==4821==ERROR: AddressSanitizer: heap-buffer-overflow on address 0x602000000014 at pc 0x55d0c1a2b3c4 bp 0x7ffd6b2c1e10 sp 0x7ffd6b2c1e08
READ of size 4 at 0x602000000014 thread T0
    #0 0x55d0c1a2b3c3 in sum_all /src/app/sum.cpp:12:14
SUMMARY: AddressSanitizer: heap-buffer-overflow /src/app/sum.cpp:12:14 in sum_all`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      [
        'cpp',
        'heap-buffer-overflow',
        'heap-buffer-overflow on address 0x602000000014 at pc 0x55d0c1a2b3c4 bp 0x7ffd6b2c1e10 sp 0x7ffd6b2c1e08',
      ],
    );
    assert.equal(
      primary('[3120] ==3120==ERROR: AddressSanitizer: SEGV on unknown address 0x000000000000 (pc 0x4f5a2b T0)')
        .errorType,
      'SEGV',
    );
  });

  test('a leak report is typed by its sanitizer; ThreadSanitizer by the race', () => {
    assert.deepEqual(
      typeAndMessage(
        '==9==ERROR: LeakSanitizer: detected memory leaks\n\nDirect leak of 40 byte(s) in 1 object(s) allocated from:',
      ),
      ['LeakSanitizer', 'detected memory leaks'],
    );
    assert.equal(
      primary(
        '==================\nWARNING: ThreadSanitizer: data race (pid=9270)\n  Write of size 4 at 0x7fe3c3075190 by thread T1:',
      ).errorType,
      'data race',
    );
  });
});

describe('.NET and MSVC details', () => {
  test("Exception.ToString()'s HRESULT and xUnit's ' : ' keep the class and the message apart", () => {
    assert.deepEqual(
      languageTypeMessage(`Npgsql.PostgresException (0x80004005): 42P01: relation "orders" does not exist
   at Npgsql.Internal.NpgsqlConnector.ReadMessageLong(Boolean async)
   at Npgsql.NpgsqlCommand.ExecuteNonQuery()`),
      ['csharp', 'Npgsql.PostgresException', '42P01: relation "orders" does not exist'],
    );
    assert.deepEqual(
      typeAndMessage(`  Failed Shop.Tests.CartTests.Total_IsSum [4 ms]
  Error Message:
   System.ArgumentOutOfRangeException : Index was out of range. Must be non-negative and less than the size of the collection.
  Stack Trace:
     at Shop.Cart.Get(Int32 index) in /src/Shop/Cart.cs:line 12`),
      [
        'System.ArgumentOutOfRangeException',
        'Index was out of range. Must be non-negative and less than the size of the collection.',
      ],
    );
  });

  test("cl.exe's diagnostics with or without a column, and link's, are C++", () => {
    assert.deepEqual(languageTypeMessage("src\\\\render.cpp(88): error C2039: 'clamp': is not a member of 'std'"), [
      'cpp',
      'C2039',
      "'clamp': is not a member of 'std'",
    ]);
    assert.deepEqual(
      languageTypeMessage(
        "C:\\\\src\\\\io.cpp(3,10): fatal error C1083: Cannot open include file: 'zlib.h': No such file or directory [C:\\\\build\\\\io.vcxproj]",
      ),
      ['cpp', 'C1083', "Cannot open include file: 'zlib.h': No such file or directory"],
    );
    assert.equal(
      primary(
        'app.obj : error LNK2019: unresolved external symbol inflate referenced in function "int __cdecl unzip(void)"',
      ).language,
      'cpp',
    );
  });
});

describe("a test runner's own failure report outranks what tests logged", () => {
  test("Mocha's first listed failure, its diff skipped, over an error a passing test logged", () => {
    const f = primary(`  Accounts
    ✔ lists accounts
[audit] NotFoundError: Account 77 not found
    at AccountsService.get (/app/src/accounts.js:20:11)
    ✔ returns 404 for a missing account
    1) rejects a duplicate email


  1 passing (40ms)
  1 failing

  1) Accounts
       rejects a duplicate email:

      AssertionError: expected 200 to equal 409
      + expected - actual

      -200
      +409

      at Context.<anonymous> (test/accounts.spec.js:31:24)
      at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file],
      ['javascript', 'AssertionError', 'expected 200 to equal 409', 'test/accounts.spec.js'],
    );
  });

  test("Surefire's <<< FAILURE! marks the failed test's exception, over an exception a retry logged earlier", () => {
    const f = primary(`[INFO] Running com.acme.RetryTest
12:00:01.100 [main] WARN  com.acme.Retry -- call failed (attempt 1/2), retrying
java.net.SocketTimeoutException: Read timed out
	at com.acme.FakeClient.call(FakeClient.java:30)
	at com.acme.RetryTest.retries(RetryTest.java:21)
[INFO] Tests run: 2, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.2 s -- in com.acme.RetryTest
[ERROR] Tests run: 3, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 0.1 s <<< FAILURE! -- in com.acme.PriceTest
[ERROR] com.acme.PriceTest.rounds -- Time elapsed: 0.01 s <<< FAILURE!
org.opentest4j.AssertionFailedError: expected: <3.15> but was: <3.14>
	at org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)
	at com.acme.PriceTest.rounds(PriceTest.java:18)`);
    assert.deepEqual(
      [f.errorType, f.errorMessage],
      ['org.opentest4j.AssertionFailedError', 'expected: <3.15> but was: <3.14>'],
    );
  });
});

describe('linters and bundlers, as each documents its output', () => {
  test("RuboCop's offense: the cop is the type", () => {
    assert.deepEqual(
      languageTypeMessage(`Inspecting 42 files
..C.W.....

Offenses:

app/services/import.rb:12:5: W: [Correctable] Lint/UnusedMethodArgument: Unused method argument - opts.
    def call(opts)
             ^^^^
app/models/user.rb:3:1: C: Style/Documentation: Missing top-level documentation comment for class User.

42 files inspected, 2 offenses detected, 1 offense autocorrectable`),
      ['ruby', 'Lint/UnusedMethodArgument', 'Unused method argument - opts.'],
    );
  });

  test('a rustc or Clippy lint denied into an error: the lint is the type', () => {
    const f = primary(`    Checking app v0.1.0 (/work/app)
error: this \`if\` has identical blocks
  --> src/main.rs:9:5
   |
9  |     if ok { run() } else { run() }
   |     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
   |
   = help: for further information visit https://rust-lang.github.io/rust-clippy/master/index.html#if_same_then_else
   = note: \`-D clippy::if-same-then-else\` implied by \`-D warnings\`

error: could not compile \`app\` (bin "app") due to 1 previous error`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file],
      ['rust', 'clippy::if_same_then_else', 'this `if` has identical blocks', 'src/main.rs'],
    );
    assert.equal(
      primary(`error: unused variable: \`total\`
 --> src/lib.rs:4:9
  |
4 |     let total = 0;
  |         ^^^^^ help: if this is intentional, prefix it with an underscore: \`_total\`
  |
  = note: \`-D unused-variables\` implied by \`-D warnings\``).errorType,
      'unused_variables',
    );
  });

  test("esbuild's ✘ [ERROR], with the compiler's code where it has one", () => {
    const f = primary(`Application bundle generation failed. [4.120 seconds]

✘ [ERROR] NG8002: Can't bind to 'ngModel' since it isn't a known property of 'input'. [plugin angular-compiler]

    src/app/login/login.component.html:4:9:
      4 │   <input [(ngModel)]="email" />
        ╵          ~~~~~~~~~~~~~~~~~~~~~
`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file],
      [
        'typescript',
        'NG8002',
        "Can't bind to 'ngModel' since it isn't a known property of 'input'.",
        'src/app/login/login.component.html',
      ],
    );
    const g = primary(`✘ [ERROR] Could not resolve "lodash-es"

    src/util.js:1:16:
      1 │ import { x } from "lodash-es";
        ╵                   ~~~~~~~~~~~`);
    assert.deepEqual([g.language, g.errorType, g.errorMessage], ['javascript', '', 'Could not resolve "lodash-es"']);
  });

  test("pnpm's and Turborepo's package prefixes go, where the runner announced them", () => {
    const pnpm = primary(`Scope: 2 of 3 workspace projects
packages/ui lint$ eslint src
packages/ui lint: /repo/packages/ui/src/Button.tsx
packages/ui lint:   14:7  error  'size' is assigned a value but never used  @typescript-eslint/no-unused-vars
packages/ui lint: ✖ 1 problem (1 error, 0 warnings)
packages/ui lint: Failed
/repo/packages/ui:
 ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @acme/ui@1.0.0 lint: \`eslint src\`
Exit status 1`);
    assert.deepEqual(
      [pnpm.errorType, pnpm.errorMessage],
      ['@typescript-eslint/no-unused-vars', "'size' is assigned a value but never used"],
    );
    const turbo = primary(`web:build: cache miss, executing 5c2f1e0a9b7d3c11
web:build: > next build
web:build: Failed to compile.
web:build: ./app/page.tsx:12:20
web:build: Type error: Property 'title' does not exist on type 'Props'.
web:build: ERROR: command finished with error: command (/repo/apps/web) npm run build exited (1)`);
    assert.deepEqual(
      [turbo.errorType, turbo.errorMessage],
      ['Type error', "Property 'title' does not exist on type 'Props'."],
    );
  });
});

describe("PHP's tools", () => {
  test("PHPUnit's report: a failure is an assertion's, an error names its exception", () => {
    const run = `PHPUnit 11.5.2 by Sebastian Bergmann and contributors.

.....F....                                                        10 / 10 (100%)

Time: 00:00.120, Memory: 10.00 MB

There was 1 failure:

1) App\\Tests\\CartTest::testTotal
Failed asserting that 12 matches expected 13.

/home/ci/app/tests/CartTest.php:27

FAILURES!
Tests: 10, Assertions: 14, Failures: 1.`;
    const f = primary(run);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file],
      [
        'php',
        'ExpectationFailedException',
        'Failed asserting that 12 matches expected 13.',
        '/home/ci/app/tests/CartTest.php',
      ],
    );
    const e = primary(
      run
        .replace('There was 1 failure:', 'There was 1 error:')
        .replace(
          'Failed asserting that 12 matches expected 13.',
          'TypeError: App\\Cart::add(): Argument #1 ($qty) must be of type int, string given',
        ),
    );
    assert.deepEqual(
      [e.errorType, e.errorMessage],
      ['TypeError', 'App\\Cart::add(): Argument #1 ($qty) must be of type int, string given'],
    );
  });

  test("Collision's console report (Laravel): the class alone, its message, where", () => {
    assert.deepEqual(
      languageTypeMessage(`
   Illuminate\\Database\\QueryException

  SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: select * from \`users\`)

  at vendor/laravel/framework/src/Illuminate/Database/Connection.php:829
    825▕                     $this->getName(), $query, $this->prepareBindings($bindings), $e
`),
      [
        'php',
        'Illuminate\\Database\\QueryException',
        'SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: select * from `users`)',
      ],
    );
  });

  test("PHPStan's table: the row's message, wrapped, and its identifier", () => {
    const f = primary(` ------ -------------------------------------------------------------
  Line   src/Invoice.php
 ------ -------------------------------------------------------------
  18     Method App\\Invoice::total() should return int but returns
         float.
         🪪  return.type
 ------ -------------------------------------------------------------

 [ERROR] Found 1 error`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.line],
      ['php', 'return.type', 'Method App\\Invoice::total() should return int but returns float.', 18],
    );
  });

  test("an uncaught exception's message ending 'in file.php:N' is PHP's", () => {
    assert.equal(
      primary(
        'PHP Fatal error Uncaught TypeError: count(): Argument #1 ($value) must be of type Countable|array, null given in /var/www/app/list.php:14',
      ).language,
      'php',
    );
  });
});

describe('doctest and distributed PyTorch', () => {
  test("a doctest example's Expected and Got, from the stdlib's report and from pytest's", () => {
    const std = primary(`**********************************************************************
File "stats.py", line 8, in stats.mean
Failed example:
    mean([1, 2])
Expected:
    1.5
Got:
    1
**********************************************************************
1 items had failures:
   1 of   2 in stats.mean
***Test Failed*** 1 failures.`);
    assert.deepEqual(
      [std.errorType, std.errorMessage, std.code],
      ['DocTestFailure', 'Expected:\n    1.5\nGot:\n    1', 'mean([1, 2])'],
    );
    const pt = primary(`=================================== FAILURES ===================================
_______________________ [doctest] pkg.units.to_meters _______________________
010 Convert feet to meters.
011
012     >>> to_meters(10)
Expected:
    3.048
Got:
    3.0480000000000005

/src/pkg/units.py:12: DocTestFailure
=========================== short test summary info ============================
FAILED src/pkg/units.py::pkg.units.to_meters`);
    assert.deepEqual([pt.errorType, pt.code], ['DocTestFailure', 'to_meters(10)']);
  });

  test("torchrun's [rankN]: prefix on a worker's traceback goes", () => {
    const f = primary(`[rank0]: Traceback (most recent call last):
[rank0]:   File "/work/train.py", line 40, in <module>
[rank0]:     loss = model(x).sum()
[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 0 has a total capacity of 23.65 GiB
E0314 10:31:17.123000 4242 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: 4243) of binary: /usr/bin/python3
Traceback (most recent call last):
  File "/usr/bin/torchrun", line 8, in <module>
    sys.exit(main())
torch.distributed.elastic.multiprocessing.errors.ChildFailedError:
============================================================
train.py FAILED`);
    assert.deepEqual([f.errorType, f.frames.at(-1)?.file], ['torch.OutOfMemoryError', '/work/train.py']);
  });
});

describe("Rails' logged exceptions and jq", () => {
  test('Rails logs a rescued exception as Class (message): over several lines, then its backtrace', () => {
    const f = primary(`Started GET "/admin/orders" for 127.0.0.1 at 2026-05-04 10:12:01 +0000

ActiveRecord::StatementInvalid (PG::UndefinedColumn: ERROR:  column orders.archived_at does not exist
LINE 1: SELECT "orders".* FROM "orders" WHERE "orders"."archived_at" IS NULL
                                              ^
):

activerecord (7.1.3) lib/active_record/connection_adapters/postgresql_adapter.rb:894:in \`exec_params'
app/controllers/admin/orders_controller.rb:8:in \`index'`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file],
      [
        'ruby',
        'ActiveRecord::StatementInvalid',
        'PG::UndefinedColumn: ERROR:  column orders.archived_at does not exist',
        'lib/active_record/connection_adapters/postgresql_adapter.rb',
      ],
    );
    // Without a backtrace, a line of that shape is prose.
    assert.deepEqual(extractFailures('Docs::Page (see the guide): how pages are built'), []);
  });

  test("jq's errors", () => {
    assert.deepEqual(
      languageTypeMessage('jq: error (at releases.json:14): Cannot index string with string "tag_name"'),
      ['shell', 'error', 'Cannot index string with string "tag_name"'],
    );
  });
});

describe("Node's errors whose message takes several lines", () => {
  test('ERR_REQUIRE_ESM: its advice lines sit between the error line and the frames', () => {
    const f = primary(`/app/src/index.js:3
const chalk = require('chalk');
              ^

Error [ERR_REQUIRE_ESM]: require() of ES Module /app/node_modules/chalk/source/index.js from /app/src/index.js not supported.
Instead change the require of index.js in /app/src/index.js to a dynamic import() which is available in all CommonJS modules.
    at Object.<anonymous> (/app/src/index.js:3:15) {
  code: 'ERR_REQUIRE_ESM'
}`);
    assert.deepEqual(
      [f.language, f.errorType, f.frames.at(-1)?.file, f.code],
      ['javascript', 'ERR_REQUIRE_ESM', '/app/src/index.js', "const chalk = require('chalk');"],
    );
  });

  test("a plain Error of Node's is known by its code, with or without frames; a class of its own keeps its name", () => {
    assert.deepEqual(
      languageTypeMessage(
        "Error [ERR_MODULE_NOT_FOUND]: Cannot find package 'dotenv' imported from /srv/app/server.mjs\nNode.js v20.11.1",
      ),
      ['javascript', 'ERR_MODULE_NOT_FOUND', "Cannot find package 'dotenv' imported from /srv/app/server.mjs"],
    );
    assert.deepEqual(
      languageTypeMessage(`TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string. Received undefined
    at new NodeError (node:internal/errors:405:5)
    at Object.join (node:path:1172:7)`),
      ['javascript', 'TypeError', 'The "path" argument must be of type string. Received undefined'],
    );
  });
});

describe('more tools, each from its documented output', () => {
  test("next build: the page's prerender error, not the export's wrapper after it", () => {
    const f = primary(`info  - Generating static pages (3/10)
Error occurred prerendering page "/blog". Read more: https://nextjs.org/docs/messages/prerender-error
TypeError: Cannot read properties of undefined (reading 'slug')
    at.next/server/pages/blog.js:120:33

> Build error occurred
Error: Export encountered errors on following paths:
	/blog
    at exportApp (/app/node_modules/next/dist/export/index.js:409:19)`);
    assert.deepEqual(
      [f.errorType, f.errorMessage],
      ['TypeError', "Cannot read properties of undefined (reading 'slug')"],
    );
  });

  test("Prisma's error codes", () => {
    assert.deepEqual(languageTypeMessage("Error: P1001: Can't reach database server at `db.internal:5432`"), [
      'typescript',
      'P1001',
      "Can't reach database server at `db.internal:5432`",
    ]);
  });

  test("Symfony Console's report: the class in brackets with -v, the message", () => {
    const block = `In Connection.php line 712:

  [Illuminate\\Database\\QueryException]
  SQLSTATE[HY000] [2002] No such file or directory (SQL: select * from \`migrations\`)


In Connector.php line 70:

  SQLSTATE[HY000] [2002] No such file or directory`;
    assert.deepEqual(languageTypeMessage(block), [
      'php',
      'Illuminate\\Database\\QueryException',
      'SQLSTATE[HY000] [2002] No such file or directory (SQL: select * from `migrations`)',
    ]);
    assert.deepEqual(typeAndMessage(block.replace('  [Illuminate\\Database\\QueryException]\n', '')), [
      '',
      'SQLSTATE[HY000] [2002] No such file or directory (SQL: select * from `migrations`)',
    ]);
    // An exception with a code: `[%s (%s)]`, as Symfony renders it.
    assert.deepEqual(typeAndMessage(block.replace('QueryException]', 'QueryException (2002)]')), [
      'Illuminate\\Database\\QueryException',
      'SQLSTATE[HY000] [2002] No such file or directory (SQL: select * from `migrations`)',
    ]);
  });

  test("Rust panics a hook logged, and the old format's message of many lines", () => {
    const logged = primary(`[2026-02-01 10:00:01][PANIC][ERROR] panicked at src/runtime.rs:88:9:
Cannot drop a runtime in a context where blocking is not allowed.
   0: backtrace::capture::Backtrace::new`);
    assert.deepEqual(
      [logged.language, logged.errorType, logged.errorMessage],
      ['rust', 'panic', 'Cannot drop a runtime in a context where blocking is not allowed.'],
    );
    const long = primary(`  --- stderr
  thread 'main' panicked at '

  Could not find the libpq library.
  Set PQ_LIB_DIR to where it is installed.

  ', /home/u/.cargo/registry/src/pq-sys-0.4.8/build.rs:40:9
  note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace`);
    assert.deepEqual(
      [long.errorType, long.errorMessage, long.frames[0]?.line],
      ['panic', 'Could not find the libpq library.', 40],
    );
  });
});

describe('test runs: Rails, coverage, and what a passing run prints', () => {
  test("Rails' test runner: an unnumbered Failure: block", () => {
    assert.deepEqual(
      languageTypeMessage(`# Running:

..F

Failure:
CartsControllerTest#test_should_add_item [test/controllers/carts_controller_test.rb:12]:
"CartItem.count" didn't change by 1.
Expected: 4
  Actual: 3


bin/rails test test/controllers/carts_controller_test.rb:9

Finished in 1.2s, 2.5 runs/s, 4.1 assertions/s.
3 runs, 5 assertions, 1 failures, 0 errors, 0 skips`),
      ['ruby', 'Minitest::Assertion', `"CartItem.count" didn't change by 1.`],
    );
  });

  test("coverage's fail-under is a failure without a class", () => {
    assert.deepEqual(typeAndMessage('Coverage failure: total of 78 is less than fail-under=80'), [
      '',
      'Coverage failure: total of 78 is less than fail-under=80',
    ]);
    assert.deepEqual(typeAndMessage('FAIL Required test coverage of 90% not reached. Total coverage: 88.41%'), [
      '',
      'FAIL Required test coverage of 90% not reached. Total coverage: 88.41%',
    ]);
  });

  test("a program's own 'error:' output in a cargo test run that passed is not rustc's", () => {
    const run = `running 3 tests
error: unexpected argument '--frobnicate' found
test cli::rejects_unknown_flag ... ok
thread 'queue::pop_empty' panicked at src/queue.rs:40:9:
pop() called on an empty queue
test queue::pop_empty - should panic ... ok
test cli::parses ... ok
test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s`;
    assert.deepEqual(extractFailures(run), []);
    assert.notDeepEqual(extractFailures('error[E0425]: cannot find value `x` in this scope\n --> src/main.rs:2:5'), []);
  });

  test("Playwright's passing summary", () => {
    assert.deepEqual(
      extractFailures(`  ✘  1 [chromium] › cart.spec.ts:8:5 › adds an item (retry #1)
    Error: expect(locator).toBeVisible() failed
  ✓  2 [chromium] › cart.spec.ts:8:5 › adds an item (retry #2)
  1 flaky
  12 passed (30.1s)`),
      [],
    );
  });
});

describe("TeamCity's build log", () => {
  test('the time, status and block columns go; the step output under them is read', () => {
    const f = primary(`[14:02:11]i: TeamCity server version is 2024.12
[14:02:12]E: bt12 (0m:41s)
[14:02:12]B: Step 1/1: go test (Command Line)
[14:02:40] :	 [Step 1/1] === RUN   TestParse
[14:02:40] :	 [Step 1/1]     parse_test.go:21: got "a", want "b"
[14:02:40] :	 [Step 1/1] --- FAIL: TestParse (0.00s)
[14:02:40] :	 [Step 1/1] FAIL	example.com/p	0.012s
[14:02:41]E: Step 1/1: go test (Command Line) (0m:29s)`);
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['go', 'test failure', 'got "a", want "b"']);
  });
});

describe("Jest's report over what tests logged", () => {
  test('a suite that failed to run, after a console.error a test printed with its stack', () => {
    const f = primary(` PASS  src/api.test.js
  ● Console

    console.error
      Error: Request failed with status code 503
          at createError (node_modules/axios/lib/core/createError.js:16:15)
          at settle (node_modules/axios/lib/core/settle.js:17:12)

 FAIL  src/Widget.test.js
  ● Test suite failed to run

    ReferenceError: window is not defined

      1 | import { render } from './Widget';
    > 2 | const width = window.innerWidth;
        |               ^

      at Object.<anonymous> (src/Widget.js:2:15)

Test Suites: 1 failed, 1 passed, 2 total`);
    assert.deepEqual([f.errorType, f.errorMessage], ['ReferenceError', 'window is not defined']);
  });
});

describe("linters' rule ids, each from its documented output", () => {
  test('ShellCheck tty: the first finding, typed by its code, with the source line above its caret row', () => {
    const log = [
      'In scripts/release.sh line 7:',
      'cd $BUILD_DIR',
      '   ^--------^ SC2086 (info): Double quote to prevent globbing and word splitting.',
      '',
      'In scripts/release.sh line 9:',
      'for f in $(ls *.tar); do',
      '         ^---------^ SC2045 (error): Iterating over ls output is fragile. Use globs.',
      '',
      'For more information:',
      '  https://www.shellcheck.net/wiki/SC2045 -- Iterating over ls output is fragi...',
    ].join('\n');
    const f = primary(log);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['shell', 'SC2086', 'Double quote to prevent globbing and word splitting.'],
    );
    assert.equal(f.frames.at(-1)?.file, 'scripts/release.sh');
    assert.equal(f.frames.at(-1)?.line, 7);
    assert.match(f.code, /cd \$BUILD_DIR/);
  });

  test('ShellCheck gcc format and Hadolint: the rule is the type; Hadolint errors outrank its warnings', () => {
    assert.deepEqual(
      languageTypeMessage(
        'ci/build.sh:14:5: warning: foo appears unused. Verify use (or export if used externally). [SC2034]',
      ),
      ['shell', 'SC2034', 'foo appears unused. Verify use (or export if used externally).'],
    );
    const hadolint = [
      'Dockerfile:3 DL3008 warning: Pin versions in apt get install. Instead of `apt-get install <package>` use `apt-get install <package>=<version>`',
      'Dockerfile:9 DL3025 error: Use arguments JSON notation for CMD and ENTRYPOINT arguments',
    ].join('\n');
    assert.deepEqual(languageTypeMessage(hadolint), [
      'shell',
      'DL3025',
      'Use arguments JSON notation for CMD and ENTRYPOINT arguments',
    ]);
  });

  test("staticcheck's check code is the type, on its own or through golangci-lint", () => {
    assert.deepEqual(
      languageTypeMessage('pkg/cache/lru.go:88:3: should use time.Since instead of time.Now().Sub (S1012)'),
      ['go', 'S1012', 'should use time.Since instead of time.Now().Sub'],
    );
    assert.deepEqual(
      languageTypeMessage('pkg/cache/lru.go:40:2: SA4006: this value of n is never used (staticcheck)'),
      ['go', 'SA4006', 'this value of n is never used'],
    );
    // Another linter keeps its own name.
    assert.deepEqual(
      typeAndMessage('pkg/cache/lru.go:12:9: Error return value of `f.Close` is not checked (errcheck)'),
      ['errcheck', 'Error return value of `f.Close` is not checked'],
    );
  });

  test("Pyright: the rule after the message's last line is the type, the first line the message", () => {
    const out = [
      '/home/runner/work/app/app/src/app/db.py',
      '  /home/runner/work/app/app/src/app/db.py:31:12 - error: "fetch_all" is not a known attribute of module "app.queries" (reportAttributeAccessIssue)',
      '/home/runner/work/app/app/src/app/api.py',
      '  /home/runner/work/app/app/src/app/api.py:77:20 - error: Argument of type "int | None" cannot be assigned to parameter "limit" of type "int"',
      '    Type "int | None" is not assignable to type "int"',
      '      "None" is not assignable to "int" (reportArgumentType)',
      '2 errors, 0 warnings, 0 informations',
    ].join('\n');
    assert.deepEqual(languageTypeMessage(out), [
      'python',
      'reportAttributeAccessIssue',
      '"fetch_all" is not a known attribute of module "app.queries"',
    ]);
    const second = out.split('\n').slice(2).join('\n');
    assert.deepEqual(typeAndMessage(second), [
      'reportArgumentType',
      'Argument of type "int | None" cannot be assigned to parameter "limit" of type "int"',
    ]);
  });

  test('Android Lint: the issue id in brackets after an Error: is the type', () => {
    const log = [
      '> Task :app:lintDebug FAILED',
      'Lint found 2 errors and 5 warnings. First failure:',
      '/home/runner/work/app/app/src/main/AndroidManifest.xml:12: Error: Missing permissions required by LocationManager.requestLocationUpdates: android.permission.ACCESS_FINE_LOCATION [MissingPermission]',
      '/home/runner/work/app/app/src/main/java/com/example/Sync.kt:41: Error: Call requires API level 26 (current min is 21): java.time.Instant#now [NewApi]',
    ].join('\n');
    assert.deepEqual(typeAndMessage(log), [
      'MissingPermission',
      'Missing permissions required by LocationManager.requestLocationUpdates: android.permission.ACCESS_FINE_LOCATION',
    ]);
    assert.deepEqual(languageTypeMessage(log.split('\n').slice(3).join('\n')), [
      'kotlin',
      'NewApi',
      'Call requires API level 26 (current min is 21): java.time.Instant#now',
    ]);
  });
});

describe("Gradle's console test events", () => {
  test('the default (SHORT) exception format: the class and where it was thrown, under the FAILED event', () => {
    const log = [
      '> Task :billing:test',
      '',
      'LedgerTest > postsRefundAsNegativeLine() PASSED',
      '',
      'LedgerTest > rejectsUnknownCurrency() FAILED',
      '    java.lang.IllegalStateException at LedgerTest.java:88',
      '        Caused by: java.lang.NullPointerException at CurrencyTable.java:31',
      '',
      '12 tests completed, 1 failed',
      '',
      '> Task :billing:test FAILED',
      '',
      'FAILURE: Build failed with an exception.',
      '',
      '* What went wrong:',
      "Execution failed for task ':billing:test'.",
      '> There were failing tests. See the report at: file:///home/runner/work/app/billing/build/reports/tests/test/index.html',
    ].join('\n');
    const f = primary(log);
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['java', 'java.lang.IllegalStateException', '']);
    assert.equal(f.frames.at(-1)?.file, 'LedgerTest.java');
    assert.equal(f.frames.at(-1)?.line, 88);
    const kotlin =
      'com.example.SyncTest > retries twice on timeout() FAILED\n    org.opentest4j.AssertionFailedError at SyncTest.kt:54\n';
    assert.deepEqual(languageTypeMessage(kotlin), ['kotlin', 'org.opentest4j.AssertionFailedError', '']);
  });

  test('the FULL format: the failed test outranks an exception a test logged before it', () => {
    const log = [
      'CacheTest > evictsOldest() STANDARD_ERROR',
      '    java.io.IOException: disk cache unavailable, using memory',
      '        at com.example.Cache.open(Cache.java:40)',
      '',
      'CacheTest > keepsHitCount() FAILED',
      '    org.opentest4j.AssertionFailedError: expected: <3> but was: <2>',
      '        at app//org.junit.jupiter.api.AssertionFailureBuilder.build(AssertionFailureBuilder.java:151)',
      '        at app//com.example.CacheTest.keepsHitCount(CacheTest.java:27)',
    ].join('\n');
    assert.deepEqual(typeAndMessage(log), ['org.opentest4j.AssertionFailedError', 'expected: <3> but was: <2>']);
  });
});

describe("cargo-nextest's retries", () => {
  const flakyTry = [
    '    Starting 48 tests across 3 binaries',
    '        PASS [   0.003s] store index::tests::rebuilds_after_crash',
    '  TRY 1 FAIL [   1.204s] store net::tests::resumes_download',
    '--- TRY 1 STDERR:        store net::tests::resumes_download ---',
    "thread 'net::tests::resumes_download' panicked at src/net.rs:88:10:",
    'called `Result::unwrap()` on an `Err` value: Os { code: 104, kind: ConnectionReset, message: "Connection reset by peer" }',
    'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace',
    '',
    '  RETRY 2/3 [         ] store net::tests::resumes_download',
    '  TRY 2 PASS [   0.310s] store net::tests::resumes_download',
  ];
  test('a panic of a test that passed on a retry is not the failure: the test that failed every try is', () => {
    const log = [
      ...flakyTry,
      '        FAIL [   0.002s] store codec::tests::round_trips_empty_frame',
      '--- STDERR:              store codec::tests::round_trips_empty_frame ---',
      "thread 'codec::tests::round_trips_empty_frame' panicked at src/codec.rs:40:5:",
      'assertion `left == right` failed',
      '  left: 0',
      ' right: 4',
      '------------',
      '     Summary [   2.114s] 48 tests run: 47 passed (1 flaky), 1 failed, 0 skipped',
      '   FLAKY 2/3 [   0.310s] store net::tests::resumes_download',
      '        FAIL [   0.002s] store codec::tests::round_trips_empty_frame',
      'error: test run failed',
    ].join('\n');
    assert.deepEqual(typeAndMessage(log), ['panic', 'assertion `left == right` failed']);
  });

  test('a run whose only failed try passed on a retry reports nothing', () => {
    const log = [
      ...flakyTry,
      '------------',
      '     Summary [   1.514s] 48 tests run: 48 passed (1 flaky), 0 skipped',
      '   FLAKY 2/3 [   0.310s] store net::tests::resumes_download',
    ].join('\n');
    assert.deepEqual(extractFailures(log), []);
  });
});

describe('the frames below a shared class name tell its language', () => {
  test('Deno, a browser console, Unity and Pester: each by its own frame shape', () => {
    const deno = [
      'error: AssertionError: Values are not equal.',
      '',
      '    [Diff] Actual / Expected',
      '',
      '-   3',
      '+   4',
      '',
      '    at assertEquals (https://jsr.io/@std/assert/1.0.11/equals.ts:64:9)',
      '    at file:///home/runner/work/app/app/src/slug_test.ts:9:3',
    ].join('\n');
    assert.deepEqual(languageTypeMessage(deno), ['typescript', 'AssertionError', 'Values are not equal.']);
    const firefox =
      'ConfigMissingError: no config for tenant "acme"\nloadTenant@http://localhost:8080/assets/index-3f2a.js:112:19\nasync*boot@http://localhost:8080/assets/index-3f2a.js:40:11';
    assert.equal(primary(firefox).language, 'javascript');
    const unity = [
      'MissingComponentException: There is no \'Rigidbody\' attached to the "Player" game object, but a script is trying to access it.',
      'PlayerMovement.FixedUpdate () (at Assets/Scripts/PlayerMovement.cs:27)',
    ].join('\n');
    assert.equal(primary(unity).language, 'csharp');
    const pester = [
      "    ItemNotFoundException: Cannot find path 'C:\\config\\app.json' because it does not exist.",
      '    at Read-AppConfig, D:\\a\\tools\\tools\\src\\Read-AppConfig.ps1:14',
      '    at <ScriptBlock>, D:\\a\\tools\\tools\\tests\\Read-AppConfig.Tests.ps1:8',
    ].join('\n');
    assert.equal(primary(pester).language, 'shell');
  });

  test('Python frames, or none, leave a shared class Python', () => {
    const py =
      'Traceback (most recent call last):\n  File "app.py", line 3, in <module>\n    main()\nConfigMissingError: no config for tenant "acme"';
    assert.equal(primary(py).language, 'python');
    assert.equal(primary('ConfigMissingError: no config for tenant "acme"').language, 'python');
  });
});

describe("the go command's import chain", () => {
  test('the error is the package at the end of the chain, not the first line', () => {
    const out = [
      'go: finding module for package example.com/metrics/exporter',
      'go: example.com/shop/cmd/api imports',
      '\texample.com/shop/internal/telemetry imports',
      '\texample.com/metrics/exporter: module example.com/metrics@latest found (v1.4.0), but does not contain package example.com/metrics/exporter',
    ].join('\n');
    assert.deepEqual(languageTypeMessage(out), [
      'go',
      'go',
      'example.com/metrics/exporter: module example.com/metrics@latest found (v1.4.0), but does not contain package example.com/metrics/exporter',
    ]);
  });
});

describe("env(1) without the script's interpreter", () => {
  test('GNU, BusyBox and BSD wordings, and inside a BuildKit step, over its failed-to-solve wrapper', () => {
    const build = [
      '#9 [4/6] RUN ./scripts/setup.sh',
      "#9 0.212 /usr/bin/env: 'bash\\r': No such file or directory",
      '#9 ERROR: process "/bin/sh -c ./scripts/setup.sh" did not complete successfully: exit code: 127',
      '------',
      ' > [4/6] RUN ./scripts/setup.sh:',
      "0.212 /usr/bin/env: 'bash\\r': No such file or directory",
      '------',
      'ERROR: failed to solve: process "/bin/sh -c ./scripts/setup.sh" did not complete successfully: exit code: 127',
    ].join('\n');
    assert.deepEqual(languageTypeMessage(build), [
      'shell',
      'command not found',
      "/usr/bin/env: 'bash\\r': No such file or directory",
    ]);
    assert.equal(primary('/usr/bin/env: ‘python’: No such file or directory').errorType, 'command not found');
    assert.equal(primary("env: can't execute 'python3': No such file or directory").errorType, 'command not found');
    assert.equal(primary('env: node: No such file or directory').errorType, 'command not found');
  });
});

describe("Composer's dependency resolution", () => {
  test('its verdict is the message, the first problem goes with it into the error text', () => {
    const log = [
      'Loading composer repositories with package information',
      'Updating dependencies',
      'Your requirements could not be resolved to an installable set of packages.',
      '',
      '  Problem 1',
      '    - Root composer.json requires guzzlehttp/guzzle ^8.0, found guzzlehttp/guzzle[dev-master, 6.0.0, ..., 7.9.2] but it does not match the constraint.',
      '  Problem 2',
      '    - Root composer.json requires php ^8.3 but your php version (8.2.12) does not satisfy that requirement.',
    ].join('\n');
    const f = primary(log);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['php', '', 'Your requirements could not be resolved to an installable set of packages.'],
    );
    assert.match(f.errorText, /requires guzzlehttp\/guzzle \^8\.0/);
    assert.doesNotMatch(f.errorText, /Problem 2/);
    const lock =
      'Installing dependencies from lock file (including require-dev)\nYour lock file does not contain a compatible set of packages. Please run composer update.\n\n  Problem 1\n    - lcobucci/jwt is locked to version 5.3.0 and an update of this package was not requested.\n';
    assert.equal(
      primary(lock).errorMessage,
      'Your lock file does not contain a compatible set of packages. Please run composer update.',
    );
  });
});

describe('a Ruby message that starts with blank lines', () => {
  test("Rails' pending migrations: the message is the first line below the class", () => {
    const out = [
      'ActiveRecord::PendingMigrationError: ',
      '',
      'Migrations are pending. To resolve this issue, run:',
      '',
      '        bin/rails db:migrate RAILS_ENV=test',
      '',
    ].join('\n');
    assert.deepEqual(languageTypeMessage(out), [
      'ruby',
      'ActiveRecord::PendingMigrationError',
      'Migrations are pending. To resolve this issue, run:',
    ]);
  });
});

describe('more shapes, each from its documented output', () => {
  test("Visual Studio's exception details, in both versions' wording", () => {
    const details = [
      'System.InvalidOperationException was unhandled by user code',
      '  HResult=-2146233079',
      '  Message=Sequence contains no matching element',
      '  Source=System.Core',
      '  StackTrace:',
      '       at System.Linq.Enumerable.First[TSource](IEnumerable`1 source, Func`2 predicate)',
    ].join('\n');
    assert.deepEqual(languageTypeMessage(details), [
      'csharp',
      'System.InvalidOperationException',
      'Sequence contains no matching element',
    ]);
    const older =
      "An unhandled exception of type 'System.IO.FileNotFoundException' occurred in Reports.exe\n\nAdditional information: Could not find file 'C:\\data\\q3.csv'.";
    assert.deepEqual(typeAndMessage(older), [
      'System.IO.FileNotFoundException',
      "Could not find file 'C:\\data\\q3.csv'.",
    ]);
  });

  test("PHP 5's uncaught exception wording names the class", () => {
    const log =
      "PHP Fatal error:  Uncaught exception 'Stripe\\Error\\Card' with message 'Your card was declined.' in /var/www/lib/Stripe/ApiRequestor.php:128";
    assert.deepEqual(languageTypeMessage(log), ['php', 'Stripe\\Error\\Card', 'Your card was declined.']);
  });

  test("rustc: an error with a location and no code (a macro's) is an error at that location", () => {
    const out = [
      'error: error returned from database: relation "orders" does not exist',
      '  --> src/db.rs:41:17',
      '   |',
      '41 |     let rows = sqlx::query!("SELECT id FROM orders").fetch_all(&pool).await?;',
      '   |                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
      '   |',
      '   = note: this error originates in the macro `$crate::sqlx_macros::expand_query`',
      '',
      'error: could not compile `shop` (bin "shop") due to 1 previous error',
    ].join('\n');
    const f = primary(out);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['rust', 'error', 'error returned from database: relation "orders" does not exist'],
    );
    assert.equal(f.frames.at(-1)?.file, 'src/db.rs');
    assert.match(f.code, /sqlx::query!/);
  });

  test("cmd.exe's not-recognized message in German, French and Spanish", () => {
    for (const said of [
      'Der Befehl "ninja" ist entweder falsch geschrieben oder\nkonnte nicht gefunden werden.',
      "'ninja' n'est pas reconnu en tant que commande interne\nou externe, un programme exécutable ou un fichier de commandes.",
      '"ninja" no se reconoce como un comando interno o externo,\nprograma o archivo por lotes ejecutable.',
    ])
      assert.equal(primary(said).errorType, 'command not found', said);
  });
});

describe('test runners and tools of the fifth probe round, each from its documented output', () => {
  test("node:test's TAP reporter: the failed test's YAML block, not its suite's summary", () => {
    const tap = [
      'TAP version 13',
      '# Subtest: parseDuration',
      '    # Subtest: reads minutes',
      '    ok 1 - reads minutes',
      '      ---',
      '      duration_ms: 0.41',
      '      ...',
      '    # Subtest: rejects negative values',
      '    not ok 2 - rejects negative values',
      '      ---',
      '      duration_ms: 0.83',
      "      location: '/home/runner/work/dur/dur/test/parse.test.js:18:3'",
      "      failureType: 'testCodeFailure'",
      '      error: |-',
      '        Missing expected exception (RangeError).',
      "      code: 'ERR_ASSERTION'",
      "      name: 'AssertionError'",
      "      operator: 'throws'",
      '      stack: |-',
      '        TestContext.<anonymous> (file:///home/runner/work/dur/dur/test/parse.test.js:19:10)',
      '      ...',
      '    1..2',
      'not ok 1 - parseDuration',
      '  ---',
      "  failureType: 'subtestsFailed'",
      "  error: '1 subtest failed'",
      "  code: 'ERR_TEST_FAILURE'",
      '  ...',
      '# fail 1',
    ].join('\n');
    const f = primary(tap);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['javascript', 'AssertionError', 'Missing expected exception (RangeError).'],
    );
    assert.equal(f.frames.at(-1)?.line, 18);
    // The suite's entry repeats its test's failure: not a failure of its own.
    assert.ok(!extractFailures(tap).some((x) => x.errorMessage === '1 subtest failed'));
  });

  test('AVA: the error a test threw, as Node inspects it, or typed with its message', () => {
    const inspected = [
      '  ✘ [fail]: cache › expires entries Error thrown in test',
      '  ─',
      '',
      '  cache › expires entries',
      '',
      '  Error thrown in test:',
      '',
      '  RangeError {',
      "    code: 'ERR_OUT_OF_RANGE',",
      '    message: \'The value of "ttl" is out of range. It must be >= 0. Received -1\',',
      '  }',
      '',
      '  › new Cache (file:///home/runner/work/c/c/src/cache.js:12:11)',
    ].join('\n');
    assert.deepEqual(typeAndMessage(inspected), [
      'RangeError',
      'The value of "ttl" is out of range. It must be >= 0. Received -1',
    ]);
    const rejected =
      '  Rejected promise returned by test. Reason:\n\n  Error: connect ECONNREFUSED 127.0.0.1:6379\n\n  › TCPConnectWrap.afterConnect [as oncomplete] (node:net:1605:16)\n';
    assert.deepEqual(typeAndMessage(rejected), ['Error', 'connect ECONNREFUSED 127.0.0.1:6379']);
  });

  test("Pest's (Collision's) failed test: the class at the end of the line, the message below, the marked line", () => {
    const out = [
      '   FAIL  Tests\\Unit\\InvoiceNumberTest',
      '  ⨯ it pads the sequence to six digits                                                0.02s  ',
      '  ─────────────────────────────────────────────────────────────────────────────────────────────  ',
      '   FAILED  Tests\\Unit\\InvoiceNumberTest > it pads the sequence to six digits                     TypeError   ',
      '  str_pad(): Argument #1 ($string) must be of type string, int given',
      '',
      '  at app/Support/InvoiceNumber.php:21',
      '     20▕     {',
      '  ➜  21▕         return $this->prefix . str_pad($this->sequence, 6, "0", STR_PAD_LEFT);',
      '     22▕     }',
    ].join('\n');
    const f = primary(out);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['php', 'TypeError', 'str_pad(): Argument #1 ($string) must be of type string, int given'],
    );
    assert.match(f.code, /str_pad\(\$this->sequence/);
    // pytest's short summary also says FAILED: not Collision's.
    assert.equal(
      primary('FAILED tests/test_io.py::test_read - OSError: [Errno 5] Input/output error > retry').language,
      'python',
    );
  });

  test("Yarn 4's bulleted verdict makes its codes errors; YN0028's lockfile diff is not its message", () => {
    const log = [
      '➤ YN0000: · Yarn 4.5.3',
      '➤ YN0000: ┌ Resolution step',
      '➤ YN0028: │ -"zod@npm:^3.22.0":',
      '➤ YN0028: │ +"zod@npm:^3.23.8":',
      '➤ YN0028: │ The lockfile would have been modified by this install, which is explicitly forbidden.',
      '➤ YN0000: └ Completed in 0s 301ms',
      '➤ YN0000: · Failed with errors in 0s 512ms',
    ].join('\n');
    assert.deepEqual(typeAndMessage(log), [
      'YN0028',
      'The lockfile would have been modified by this install, which is explicitly forbidden.',
    ]);
  });

  test("Ansible: a failure it was told to ignore is not the run's; its own exception leads the message", () => {
    const log = [
      'TASK [web : Check the service] *************************************************',
      'fatal: [web1]: FAILED! => {"changed": false, "msg": "non-zero return code", "rc": 3}',
      '...ignoring',
      '',
      'TASK [web : Render the config] *************************************************',
      'fatal: [web1]: FAILED! => {"changed": false, "msg": "AnsibleUndefinedVariable: \'listen_port\' is undefined"}',
    ].join('\n');
    assert.deepEqual(typeAndMessage(log), ['AnsibleUndefinedVariable', "'listen_port' is undefined"]);
  });
});

describe("linters' and scanners' rule ids of the fifth probe round, each from its documented output", () => {
  test('Bandit, Psalm, commitlint and govulncheck: reports that are not path:line lines', () => {
    const bandit = [
      ">> Issue: [B105:hardcoded_password_string] Possible hardcoded password: 'hunter2'",
      '   Severity: Low   Confidence: Medium',
      '   CWE: CWE-259 (https://cwe.mitre.org/data/definitions/259.html)',
      '   Location: ./src/app/settings.py:12:11',
    ].join('\n');
    const b = primary(bandit);
    assert.deepEqual(
      [b.language, b.errorType, b.errorMessage],
      ['python', 'B105', "Possible hardcoded password: 'hunter2'"],
    );
    assert.equal(b.frames.at(-1)?.file, 'src/app/settings.py');
    assert.deepEqual(
      languageTypeMessage(
        'ERROR: UndefinedMethod - src/Cart.php:19:16 - Method Cart::totl does not exist (see https://psalm.dev/022)',
      ),
      ['php', 'UndefinedMethod', 'Method Cart::totl does not exist'],
    );
    assert.deepEqual(
      typeAndMessage(
        '⧗   input: Fix: parse empty files\n✖   type must be lower-case [type-case]\n\n✖   found 1 problems, 0 warnings',
      ),
      ['type-case', 'type must be lower-case'],
    );
    assert.deepEqual(
      typeAndMessage(
        '=== Symbol Results ===\n\nVulnerability #1: GO-2023-1571\n    Denial of service via crafted HTTP/2 stream in net/http and golang.org/x/net\n  More info: https://pkg.go.dev/vuln/GO-2023-1571',
      ),
      ['GO-2023-1571', 'Denial of service via crafted HTTP/2 stream in net/http and golang.org/x/net'],
    );
  });

  test('ktlint, Sorbet and actionlint: the rule after a located message', () => {
    assert.deepEqual(languageTypeMessage('src/main/kotlin/App.kt:3:1: Unused import (standard:no-unused-imports)'), [
      'kotlin',
      'standard:no-unused-imports',
      'Unused import',
    ]);
    assert.deepEqual(
      languageTypeMessage(
        'lib/tax.rb:8: Expected `Integer` but found `String` for argument `rate` https://srb.help/7002',
      ),
      ['ruby', '7002', 'Expected `Integer` but found `String` for argument `rate`'],
    );
    assert.deepEqual(
      typeAndMessage('.github/workflows/test.yml:14:9: unexpected key "run-on" for "job" section [syntax-check]'),
      ['syntax-check', 'unexpected key "run-on" for "job" section'],
    );
  });

  test('cargo-deny and Miri: the check or the kind of undefined behaviour is the type', () => {
    assert.deepEqual(languageTypeMessage("error[banned]: crate 'openssl = 0.10.66' is explicitly banned"), [
      'rust',
      'banned',
      "crate 'openssl = 0.10.66' is explicitly banned",
    ]);
    const miri = [
      'test buf::tests::reads_past_end ... error: Undefined Behavior: out-of-bounds pointer use: alloc812 has been freed',
      '  --> src/buf.rs:31:9',
      '   |',
      '31 |         *self.ptr.add(n)',
      '   |         ^^^^^^^^^^^^^^^^ out-of-bounds pointer use',
    ].join('\n');
    const f = primary(miri);
    assert.deepEqual(
      [f.errorType, f.errorMessage],
      ['Undefined Behavior', 'out-of-bounds pointer use: alloc812 has been freed'],
    );
    assert.equal(f.frames.at(-1)?.file, 'src/buf.rs');
  });

  test("dotnet format's rules named in words", () => {
    assert.deepEqual(
      languageTypeMessage(
        "/src/App/Program.cs(4,1): error FINALNEWLINE: Fix final newline. Insert '\\n'. [/src/App/App.csproj]",
      ),
      ['csharp', 'FINALNEWLINE', "Fix final newline. Insert '\\n'."],
    );
  });
});

describe('mainstream runners of the sixth probe round, each from its documented output', () => {
  test("gotestsum's summary: `=== FAIL: pkg Test (…)` and the test's message below it", () => {
    const out = [
      '=== Failed',
      '=== FAIL: internal/queue TestBackoff_CapsAtMax (0.00s)',
      '    backoff_test.go:33: backoff(12) = 2m8s, want at most 1m0s',
      '',
      'DONE 88 tests, 1 failure in 3.104s',
    ].join('\n');
    const f = primary(out);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['go', 'test failure', 'backoff(12) = 2m8s, want at most 1m0s'],
    );
    assert.equal(f.frames.at(-1)?.file, 'backoff_test.go');
  });

  test("a Java exception whose message starts below its class (Mockito's), over one a passing test logged", () => {
    const log = [
      '[ERROR] Tests run: 4, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 0.2 s <<< FAILURE! -- in com.shop.CartTest',
      '[ERROR] com.shop.CartTest.appliesCoupon -- Time elapsed: 0.01 s <<< ERROR!',
      'org.mockito.exceptions.misusing.UnfinishedStubbingException: ',
      'Unfinished stubbing detected here:',
      '-> at com.shop.CartTest.appliesCoupon(CartTest.java:51)',
      '',
      '\tat org.mockito.junit.jupiter.MockitoExtension.afterEach(MockitoExtension.java:197)',
    ].join('\n');
    const logged =
      'com.shop.PriceService - lookup failed\ncom.shop.PriceUnavailableException: price feed timed out\n\tat com.shop.PriceService.get(PriceService.java:40)\n';
    assert.deepEqual(typeAndMessage(`${logged}${log}`), [
      'org.mockito.exceptions.misusing.UnfinishedStubbingException',
      'Unfinished stubbing detected here:',
    ]);
  });

  test("JaCoCo's coverage rule, through Gradle's Ant or Maven's warning", () => {
    const gradle = [
      '> Task :core:jacocoTestCoverageVerification FAILED',
      '[ant:jacocoReport] Rule violated for bundle core: instructions covered ratio is 0.52, but expected minimum is 0.60',
      '',
      'FAILURE: Build failed with an exception.',
      '',
      '* What went wrong:',
      "Execution failed for task ':core:jacocoTestCoverageVerification'.",
      '> Rule violated for bundle core: instructions covered ratio is 0.52, but expected minimum is 0.60',
    ].join('\n');
    assert.deepEqual(languageTypeMessage(gradle), [
      'java',
      '',
      'Rule violated for bundle core: instructions covered ratio is 0.52, but expected minimum is 0.60',
    ]);
    assert.equal(
      primary(
        '[WARNING] Rule violated for package com.shop.cart: lines covered ratio is 0.70, but expected minimum is 0.80\n[ERROR] Failed to execute goal org.jacoco:jacoco-maven-plugin:0.8.12:check (check) on project shop: Coverage checks have not been met. See log above for details.',
      ).errorMessage,
      'Rule violated for package com.shop.cart: lines covered ratio is 0.70, but expected minimum is 0.80',
    );
  });
});

describe("pytest's chained exceptions", () => {
  test('each link has its own E lines; the one the chain ends with is the failure', () => {
    const out = [
      '___________________________ test_loads_config ___________________________',
      'settings.py:14: in load',
      '    return os.environ[name]',
      "E   KeyError: 'APP_SECRET'",
      '',
      'During handling of the above exception, another exception occurred:',
      'tests/test_settings.py:8: in test_loads_config',
      '    load("APP_SECRET")',
      'settings.py:16: in load',
      '    raise MissingSettingError(name) from None',
      'E   app.settings.MissingSettingError: APP_SECRET is not set',
      '=========================== short test summary info ===========================',
    ].join('\n');
    assert.deepEqual(typeAndMessage(out), ['app.settings.MissingSettingError', 'APP_SECRET is not set']);
  });
});

describe("the seventh probe round's families, each from its documented output", () => {
  test("GDB's stop on a signal: the signal, its frames innermost last, the source line GDB prints", () => {
    const run = primary(`$ gdb -q ./tokenize
Reading symbols from ./tokenize...
(gdb) run words.txt
Starting program: /home/dev/tok/tokenize words.txt
[Thread debugging using libthread_db enabled]

Program received signal SIGSEGV, Segmentation fault.
0x0000555555555189 in next_token (state=0x0,
    input=0x7fffffffe4a0 "hello world") at lexer.c:57
57\t    return state->pos < state->len;
(gdb) bt
#0  0x0000555555555189 in next_token (state=0x0,
    input=0x7fffffffe4a0 "hello world") at lexer.c:57
#1  0x00005555555552d4 in main (argc=2, argv=0x7fffffffe5c8) at main.c:23
(gdb) quit`);
    assert.deepEqual(
      [run.language, run.errorType, run.errorMessage, run.frames.at(-1)?.file, run.frames.at(-1)?.line],
      ['c', 'SIGSEGV', 'Segmentation fault', 'lexer.c', 57],
    );
    assert.deepEqual(
      run.frames.map((f) => f.function),
      ['main', 'next_token'],
    );
    assert.equal(run.code, 'return state->pos < state->len;');
    // A core file, and a thread's signal in a C++ program.
    const core = primary(`Core was generated by \`./server --port 8080'.
Program terminated with signal SIGABRT, Aborted.
#0  __pthread_kill_implementation (no_tid=0, signo=6, threadid=140737351481152) at ./nptl/pthread_kill.c:44
44\t./nptl/pthread_kill.c: No such file or directory.
(gdb) bt
#0  __pthread_kill_implementation (no_tid=0, signo=6, threadid=140737351481152) at ./nptl/pthread_kill.c:44
#1  0x00007ffff7a42476 in __GI_raise (sig=sig@entry=6) at ../sysdeps/posix/raise.c:26
#2  0x00007ffff7a287f3 in __GI_abort () at ./stdlib/abort.c:79
#3  0x0000555555556a1e in Pool::release (this=0x55555556aeb0, conn=0x0) at src/pool.cpp:118
#4  0x0000555555556c40 in main () at src/main.cpp:40`);
    // Its language is the program's (src/pool.cpp), not the C library's frames above it, and GDB's
    // "No such file or directory" where a source line would be is no source.
    assert.deepEqual([core.language, core.errorType, core.errorMessage, core.code], ['cpp', 'SIGABRT', 'Aborted', '']);
    const thread = primary(`Thread 3 "worker-1" received signal SIGBUS, Bus error.
[Switching to Thread 0x7ffff6dff640 (LWP 4711)]
0x00005555555561f2 in Ring::push (this=0x7ffff0000b70, v=7) at ring.hpp:31`);
    assert.deepEqual([thread.language, thread.errorType, thread.errorMessage], ['cpp', 'SIGBUS', 'Bus error']);
  });

  test("LLDB's stop reason: a Mach exception on macOS, a signal on Linux", () => {
    const mac = primary(`(lldb) run
Process 81234 launched: '/Users/dev/imgtool/build/imgtool' (arm64)
Process 81234 stopped
* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x10)
    frame #0: 0x0000000100003e58 imgtool\`Image::width(this=0x0000000000000000) const at image.cpp:14:12
   11  \t
   12  \tint Image::width() const
   13  \t{
-> 14  \t    return w_;
   15  \t}
Target 0: (imgtool) stopped.
(lldb) bt
* thread #1, queue = 'com.apple.main-thread', stop reason = EXC_BAD_ACCESS (code=1, address=0x10)
  * frame #0: 0x0000000100003e58 imgtool\`Image::width(this=0x0000000000000000) const at image.cpp:14:12
    frame #1: 0x0000000100003f10 imgtool\`main at main.cpp:9:20`);
    assert.deepEqual(
      [mac.language, mac.errorType, mac.errorMessage, mac.frames.at(-1)?.file, mac.frames.at(-1)?.line],
      ['cpp', 'EXC_BAD_ACCESS', '(code=1, address=0x10)', 'image.cpp', 14],
    );
    assert.equal(mac.code, 'return w_;', "the line LLDB's listing marks");
    const linux = primary(`* thread #1, name = 'tok', stop reason = signal SIGSEGV: invalid address (fault address: 0x0)
    frame #0: 0x0000555555555189 tok\`next_token(state=0x0000000000000000) at lexer.c:57:18`);
    assert.deepEqual(
      [linux.language, linux.errorType, linux.errorMessage],
      ['c', 'SIGSEGV', 'invalid address (fault address: 0x0)'],
    );
  });

  test("kotlinc's error about a whole file (a dependency's metadata) is the failure, not Gradle's task", () => {
    const f = primary(`> Task :app:compileDebugKotlin FAILED
e: /home/ci/.gradle/caches/transforms-3/0a1b2c/transformed/core-ktx-1.12.0/jars/classes.jar!/META-INF/core-ktx_release.kotlin_module: Module was compiled with an incompatible version of Kotlin. The binary version of its metadata is 1.9.0, expected version is 1.7.1.

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:compileDebugKotlin'.
> A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction
   > Compilation error. See log for more details`);
    assert.deepEqual([f.language, f.errorType], ['kotlin', 'CompilationErrorException']);
    assert.match(f.errorMessage, /^Module was compiled with an incompatible version of Kotlin\./);
    assert.match(f.frames[0]!.file, /core-ktx_release\.kotlin_module$/);
    assert.equal(f.frames[0]!.line, null);
  });

  test("Monolog's logged exception (Laravel's log): the class without JSON's doubled backslashes, its message, its frames; the previous exception after it", () => {
    const fs =
      extractFailures(`[2025-02-03 09:12:44] production.ERROR: Call to a member function total() on null {"userId":12,"exception":"[object] (Error(code: 0): Call to a member function total() on null at /var/www/shop/app/Http/Controllers/CheckoutController.php:48)
[stacktrace]
#0 /var/www/shop/vendor/laravel/framework/src/Illuminate/Routing/Controller.php(54): App\\\\Http\\\\Controllers\\\\CheckoutController->store(Object(Illuminate\\\\Http\\\\Request))
#1 /var/www/shop/public/index.php(51): Illuminate\\\\Foundation\\\\Http\\\\Kernel->handle(Object(Illuminate\\\\Http\\\\Request))
#2 {main}
"}
[2025-02-03 09:13:02] production.ERROR: SQLSTATE[HY000] [2002] Connection refused {"exception":"[object] (Illuminate\\\\Database\\\\QueryException(code: 2002): SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: select * from \`sessions\` where \`id\` = abc limit 1) at /var/www/shop/vendor/laravel/framework/src/Illuminate/Database/Connection.php:829)
[stacktrace]
#0 {main}

[previous exception] [object] (PDOException(code: 2002): SQLSTATE[HY000] [2002] Connection refused at /var/www/shop/vendor/laravel/framework/src/Illuminate/Database/Connectors/Connector.php:65)
[stacktrace]
#0 {main}
"}`);
    assert.deepEqual(
      fs.slice(0, 3).map((f) => [f.language, f.errorType]),
      [
        ['php', 'Error'],
        ['php', 'Illuminate\\Database\\QueryException'],
        ['php', 'PDOException'],
      ],
    );
    assert.equal(fs[0]!.errorMessage, 'Call to a member function total() on null');
    assert.deepEqual(
      fs[0]!.frames.map((f) => [f.file.split('/').at(-1), f.line]),
      [
        ['index.php', 51],
        ['Controller.php', 54],
        ['CheckoutController.php', 48],
      ],
    );
    assert.equal(
      fs[0]!.frames[1]!.function,
      'App\\Http\\Controllers\\CheckoutController->store(Object(Illuminate\\Http\\Request))',
    );
  });

  test("React Native's invariant error, under LogBox's ERROR and with the component stack below it", () => {
    assert.deepEqual(
      languageTypeMessage(`ERROR  Invariant Violation: TurboModuleRegistry.getEnforcing(...): 'RNCWebView' could not be found. Verify that a module by this name is registered in the native binary.

This error is located at:
    in WebView (created by Checkout)
    in RCTView (created by View)
    in View (created by Checkout)
    in Checkout (created by App), js engine: hermes`),
      [
        'javascript',
        'Invariant Violation',
        "TurboModuleRegistry.getEnforcing(...): 'RNCWebView' could not be found. Verify that a module by this name is registered in the native binary.",
      ],
    );
  });

  test("a Rails-logged exception whose backtrace was not pasted, under the request's Completed 500", () => {
    const f = primary(`Started POST "/orders" for 10.0.0.7 at 2024-05-02 10:14:03 +0000
Processing by OrdersController#create as HTML
  Parameters: {"order"=>{"sku"=>"A-1"}}
Completed 500 Internal Server Error in 12ms (ActiveRecord: 1.9ms | Allocations: 3120)

ActiveModel::UnknownAttributeError (unknown attribute 'sku' for Order.
Did you mean?  skus):

that's all the log shows`);
    assert.deepEqual([f.language, f.errorType], ['ruby', 'ActiveModel::UnknownAttributeError']);
    assert.match(f.errorMessage, /^unknown attribute 'sku' for Order\./);
  });
});

describe("the seventh round's build and test tools, each from its documented output", () => {
  test("GoogleTest's failed assertion (gcc's and MSVC's forms, an escaped exception); its passing run reports nothing", () => {
    const run = `[==========] Running 4 tests from 2 test suites.
[----------] 2 tests from Ring
[ RUN      ] Ring.PushWrapsAround
[       OK ] Ring.PushWrapsAround (0 ms)
[ RUN      ] Ring.PopOnEmptyIsError
[       OK ] Ring.PopOnEmptyIsError (0 ms)
[----------] 2 tests from Money
[ RUN      ] Money.RoundsHalfEven
/home/ci/src/money/tests/money_test.cc:57: Failure
Expected equality of these values:
  round_half_even(Money{"2.345"}).str()
    Which is: "2.35"
  "2.34"
[  FAILED  ] Money.RoundsHalfEven (0 ms)
[ RUN      ] Money.ParsesNegative
[       OK ] Money.ParsesNegative (0 ms)
[==========] 4 tests from 2 test suites ran. (1 ms total)
[  PASSED  ] 3 tests.
[  FAILED  ] 1 test, listed below:
[  FAILED  ] Money.RoundsHalfEven`;
    const f = primary(run);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      ['cpp', 'Failure', 'Expected equality of these values:', '/home/ci/src/money/tests/money_test.cc', 57],
    );
    const msvc = primary(`[ RUN      ] Money.RoundsHalfEven
C:\\a\\money\\tests\\money_test.cc(57): error: Value of: m.is_valid()
  Actual: false
Expected: true
[  FAILED  ] Money.RoundsHalfEven (1 ms)`);
    assert.deepEqual(
      [msvc.errorType, msvc.errorMessage, msvc.frames.at(-1)?.line],
      ['Failure', 'Value of: m.is_valid()', 57],
    );
    const thrown = primary(`[ RUN      ] Loader.ReadsConfig
unknown file: Failure
C++ exception with description "stoi" thrown in the test body.
[  FAILED  ] Loader.ReadsConfig (2 ms)`);
    assert.deepEqual(
      [thrown.errorType, thrown.errorMessage, thrown.frames],
      ['Failure', 'C++ exception with description "stoi" thrown in the test body.', []],
    );
    // Test names that end in Error are names; a run that passed reports nothing.
    const passed = run
      .split('\n')
      .filter((l) => !/money_test|Expected equality|Which is|^ {2}|FAILED/.test(l))
      .join('\n');
    assert.deepEqual(extractFailures(passed), []);
    assert.deepEqual(
      extractFailures(`[ RUN      ] Ring.PopOnEmptyIsError\n[       OK ] Ring.PopOnEmptyIsError (0 ms)`),
      [],
    );
    // What a passing test printed on purpose: GoogleTest's own summary says the run passed.
    assert.deepEqual(
      extractFailures(`[ RUN      ] Config.MissingFileFallsBack
Error: config file not found: /etc/app/app.conf
[       OK ] Config.MissingFileFallsBack (0 ms)
[==========] 1 test from 1 test suite ran. (0 ms total)
[  PASSED  ] 1 test.`),
      [],
    );
  });

  test("Catch2's console report: the failed assertion as message and code", () => {
    const f = primary(`-------------------------------------------------------------------------------
Parses durations
  compound units
-------------------------------------------------------------------------------
/src/tests/duration.cpp:41
...............................................................................

/src/tests/duration.cpp:45: FAILED:
  REQUIRE( parse("1h30m") == 5400 )
with expansion:
  5430 == 5400

===============================================================================
test cases: 3 | 2 passed | 1 failed
assertions: 9 | 8 passed | 1 failed`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.code, f.frames.at(-1)?.line],
      ['cpp', 'FAILED', 'REQUIRE( parse("1h30m") == 5400 )', 'REQUIRE( parse("1h30m") == 5400 )', 45],
    );
    assert.deepEqual(extractFailures('All tests passed (9 assertions in 3 test cases)'), []);
  });

  test("Deno's type check: the TS code and message, the source line, the file from its 'at file://' line", () => {
    const f = primary(`Check file:///home/runner/work/api/api/main.ts
TS2345 [ERROR]: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.
  Type 'undefined' is not assignable to type 'string'.
    const port = parsePort(Deno.env.get("PORT"));
                           ~~~~~~~~~~~~~~~~~~~~~
    at file:///home/runner/work/api/api/main.ts:8:28

error: Type checking failed.`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      [
        'typescript',
        'TS2345',
        "Argument of type 'string | undefined' is not assignable to parameter of type 'string'.",
        '/home/runner/work/api/api/main.ts',
        8,
      ],
    );
  });

  test("the Scala 3 compiler under sbt: the error code, the gutter's message, the source line; its warnings are not failures", () => {
    const f = primary(`[info] compiling 14 Scala sources to /build/core/target/scala-3.3.3/classes ...
[warn] -- [E029] Pattern Match Exhaustivity Warning: /build/core/src/main/scala/Codec.scala:31:4
[warn] 31 |    tag match
[warn]    |    ^^^
[warn]    |match may not be exhaustive.
[error] -- [E007] Type Mismatch Error: /build/core/src/main/scala/Ledger.scala:52:27
[error] 52 |    val total: BigDecimal = entries.map(_.amount).sum.toString
[error]    |                           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
[error]    |                           Found:    String
[error]    |                           Required: BigDecimal
[error] one error found
[error] (core / Compile / compileIncremental) Compilation failed`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.code, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      [
        'scala',
        'E007',
        'Found:    String',
        'val total: BigDecimal = entries.map(_.amount).sum.toString',
        '/build/core/src/main/scala/Ledger.scala',
        52,
      ],
    );
    // With no error code, the kind is the type.
    assert.deepEqual(
      languageTypeMessage(`-- Error: src/main/scala/App.scala:3:0 -----------------------------------------
3 |  def run(): Unit =
  |  ^
  |  Not found: type Unit2`),
      ['scala', 'Error', 'Not found: type Unit2'],
    );
  });

  test("detekt's plain report: the rule in brackets is the type, not Gradle's failed task", () => {
    const f = primary(`> Task :app:detekt FAILED
/work/app/src/main/kotlin/io/cart/Checkout.kt:88:5: The function applyDiscounts appears to be too complex based on Cyclomatic Complexity (complexity: 17). The maximum allowed complexity for methods is set to '14' [CyclomaticComplexMethod]
/work/app/src/main/kotlin/io/cart/Prices.kt:12:30: This expression contains a magic number. Consider defining it to a well named constant. [MagicNumber]

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:detekt'.
> Analysis failed with 2 weighted issues.`);
    assert.deepEqual([f.language, f.errorType, f.frames.at(-1)?.line], ['kotlin', 'CyclomaticComplexMethod', 88]);
    assert.match(f.errorMessage, /^The function applyDiscounts appears to be too complex/);
  });

  test("PHP_CodeSniffer's full report: the first ERROR row, its wrapped message joined, its sniff; a WARNING row fails nothing", () => {
    const f = primary(`FILE: /app/src/Http/WebhookController.php
----------------------------------------------------------------------
FOUND 0 ERRORS AND 1 WARNING AFFECTING 1 LINE
----------------------------------------------------------------------
 88 | WARNING | [ ] Line exceeds 120 characters; contains 134
    |         |     characters (Generic.Files.LineLength.TooLong)
----------------------------------------------------------------------

FILE: /app/src/Billing/Mailer.php
----------------------------------------------------------------------
FOUND 2 ERRORS AFFECTING 2 LINES
----------------------------------------------------------------------
 47 | ERROR | [ ] Method name "Mailer::send_reminder" is not in camel
    |       |     caps format
    |       |     (PSR1.Methods.CamelCapsMethodName.NotCamelCaps)
 63 | ERROR | [x] Expected 1 space after closing parenthesis; found 0
    |       |     (Squiz.ControlStructures.ControlSignature.SpaceAfterCloseParenthesis)
----------------------------------------------------------------------
PHPCBF CAN FIX THE 1 MARKED SNIFF VIOLATIONS AUTOMATICALLY
----------------------------------------------------------------------`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      [
        'php',
        'PSR1.Methods.CamelCapsMethodName.NotCamelCaps',
        'Method name "Mailer::send_reminder" is not in camel caps format',
        '/app/src/Billing/Mailer.php',
        47,
      ],
    );
  });

  test("helm lint's [ERROR] finding, not its 'Error: 1 chart(s) failed'", () => {
    const f = primary(`==> Linting charts/api/
[INFO] Chart.yaml: icon is recommended
[WARNING] templates/hpa.yaml: autoscaling/v2beta2 HorizontalPodAutoscaler is deprecated in v1.23+
[ERROR] templates/: template: api/templates/deployment.yaml:41:22: executing "api/templates/deployment.yaml" at <.Values.image.tag>: nil pointer evaluating interface {}.tag

Error: 1 chart(s) linted, 1 chart(s) failed`);
    assert.deepEqual(
      [f.language, f.errorType, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      ['kubernetes', 'ERROR', 'api/templates/deployment.yaml', 41],
    );
    assert.match(f.errorMessage, /^templates\/: template: .*nil pointer evaluating interface \{\}\.tag$/);
  });
});

describe("the eighth round's shapes, each from its documented output", () => {
  test('a Python traceback that ends in a bare CamelCase class (Python 2 printed every class unqualified)', () => {
    const f = primary(`ERROR 2015-05-04 09:39:26,682 base 21215 Internal Server Error: /
Traceback (most recent call last):
  File "/usr/lib/python2.7/dist-packages/django/core/handlers/base.py", line 111, in get_response
    response = callback(request, *callback_args, **callback_kwargs)
  File "/srv/shop/shop/views.py", line 29, in index
    return redirect(reverse('shop.views.about'))
NoReverseMatch: Reverse for 'shop.views.about' with arguments '()' and keyword arguments '{}' not found.
[04/May/2015 09:39:26] "GET / HTTP/1.1" 500 10229`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.source],
      [
        'python',
        'NoReverseMatch',
        "Reverse for 'shop.views.about' with arguments '()' and keyword arguments '{}' not found.",
        "return redirect(reverse('shop.views.about'))",
      ],
    );
    // A word with a colon after the frames is not a class: the traceback's own last line is.
    const note = primary(`Traceback (most recent call last):
  File "run.py", line 3, in <module>
    main()
ValueError: bad
Note: this only happens on Windows`);
    assert.equal(note.errorType, 'ValueError');
  });

  test("Foreman's and Honcho's process column is stripped like Docker Compose's", () => {
    const f = primary(`09:49:31 web.1    | => Booting Puma
09:49:31 web.1    | /usr/local/lib/ruby/3.3.0/bundled_gems.rb:74:in \`require': cannot load such file -- statistics (LoadError)
09:49:31 web.1    | 	from /usr/local/lib/ruby/3.3.0/bundled_gems.rb:74:in \`block (2 levels) in replace_require'
09:49:31 web.1    | 	from /app/config/application.rb:7:in \`<main>'
09:49:31 web.1    | Exited with code 1`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['ruby', 'LoadError', 'cannot load such file -- statistics'],
    );
  });

  test("Node's error whose own name differs from its class's (Error [ZodError]) and whose message is JSON", () => {
    const f = primary(`   Collecting page data ...
Error [ZodError]: [
  {
    "expected": "string",
    "code": "invalid_type",
    "path": [
      "DATABASE_URL"
    ],
    "message": "Invalid input: expected string, received undefined"
  }
]
    at module evaluation (.next/server/chunks/env_1a2b3c._.js:1:2044)
    at instantiateModule (.next/server/chunks/[turbopack]_runtime.js:715:9)

> Build error occurred`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.line],
      ['javascript', 'ZodError', 'Invalid input: expected string, received undefined', 1],
    );
    // A code in the brackets stays a code: the class is the type.
    assert.equal(
      primary(`TypeError [ERR_INVALID_ARG_TYPE]: The "path" argument must be of type string. Received undefined
    at new NodeError (node:internal/errors:405:5)
    at Object.join (node:path:1172:7)`).errorType,
      'TypeError',
    );
  });
});

describe("the eighth round's CI tools, each from its documented output", () => {
  test("a CLI's lower-case 'error:' line (uv, git) is the failure when nothing more specific is printed", () => {
    assert.deepEqual(
      typeAndMessage(`Run uv sync --locked
Using CPython 3.12.8 interpreter at: /usr/bin/python3.12
Resolved 84 packages in 12ms
error: The lockfile at \`uv.lock\` needs to be updated, but \`--locked\` was provided. To update the lockfile, run \`uv lock\`.
##[error]Process completed with exit code 2.`),
      [
        'error',
        'The lockfile at `uv.lock` needs to be updated, but `--locked` was provided. To update the lockfile, run `uv lock`.',
      ],
    );
    // A typed error outranks it.
    assert.equal(
      primary(`error: could not build wheels for numpy
ModuleNotFoundError: No module named 'distutils'`).errorType,
      'ModuleNotFoundError',
    );
  });

  test("Surefire's crashed fork is the failure, over an exception a passing test logged", () => {
    const f = primary(`[INFO] Running com.acme.upload.S3UploaderTest
09:15:03.118 [main] ERROR com.acme.upload.S3Uploader -- Upload of part 3 failed, will retry (attempt 1/3)
software.amazon.awssdk.core.exception.SdkClientException: Unable to execute HTTP request: Connection reset
	at software.amazon.awssdk.core.exception.SdkClientException.create(SdkClientException.java:47)
	at com.acme.upload.S3Uploader.uploadPart(S3Uploader.java:142)
[INFO] Tests run: 9, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 1.907 s -- in com.acme.upload.S3UploaderTest
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.5.2:test (default-test) on project ingest-core:
[ERROR] The forked VM terminated without properly saying goodbye. VM crash or System.exit called?
[ERROR] Process Exit Code: 137
[ERROR] Crashed tests:
[ERROR] com.acme.parquet.ParquetCompactionTest
[ERROR] org.apache.maven.surefire.booter.SurefireBooterForkException: The forked VM terminated without properly saying goodbye. VM crash or System.exit called?
[ERROR] 	at org.apache.maven.plugin.surefire.booterclient.ForkStarter.fork(ForkStarter.java:643)`);
    assert.deepEqual(
      [f.language, f.errorType],
      ['java', 'org.apache.maven.surefire.booter.SurefireBooterForkException'],
    );
    assert.match(f.errorMessage, /^The forked VM terminated without properly saying goodbye/);
  });

  test("Checkstyle's check name in brackets, and markdownlint's rule, are the types", () => {
    const cs = primary(`[INFO] --- checkstyle:3.6.0:check (validate) @ ledger ---
[WARN] /work/src/main/java/io/ledger/Sync.java:88:5: Missing a Javadoc comment. [MissingJavadocMethod]
[ERROR] /work/src/main/java/io/ledger/Batch.java:3:8: Unused import - java.util.Optional. [UnusedImports]
[INFO] BUILD FAILURE`);
    assert.deepEqual(
      [cs.language, cs.errorType, cs.errorMessage, cs.frames.at(-1)?.line],
      ['java', 'UnusedImports', 'Unused import - java.util.Optional.', 3],
    );
    const md = primary(`markdownlint-cli2 v0.17.2 (markdownlint v0.37.4)
Finding: docs/**/*.md
Linting: 12 file(s)
Summary: 2 error(s)
docs/ops/failover.md:23 MD032/blanks-around-lists Lists should be surrounded by blank lines [Context: "- Promote the replica"]
docs/ops/failover.md:71:121 MD013/line-length Line length [Expected: 120; Actual: 146]`);
    assert.deepEqual(
      [md.errorType, md.errorMessage, md.frames.at(-1)?.file, md.frames.at(-1)?.line],
      ['MD032', 'Lists should be surrounded by blank lines', 'docs/ops/failover.md', 23],
    );
  });

  test("codespell's finding comes first, before what a later hook reports", () => {
    const f = primary(`codespell................................................................Failed
- hook id: codespell
- exit code: 65

docs/reconciliation.md:41: seperate ==> separate

mypy.....................................................................Failed
- hook id: mypy
- exit code: 1

src/ledger/parse.py:12: error: Item "None" of "Element | None" has no attribute "text"  [union-attr]`);
    assert.deepEqual([f.errorType, f.errorMessage, f.frames.at(-1)?.line], ['', 'seperate ==> separate', 41]);
  });

  test("Ginkgo's failed spec: its [FAILED] message and the 'In [It] at:' location, over the make wrapper", () => {
    const f = primary(`• [FAILED] [10.102 seconds]
Tenant Controller when a Tenant is created [It] should provision a ResourceQuota
/builds/op/internal/controller/tenant_controller_test.go:98

  Timeline >>
  STEP: creating the Tenant resource @ 03/14/26 10:22:44.512
  [FAILED] in [It] - /builds/op/internal/controller/tenant_controller_test.go:121 @ 03/14/26 10:22:54.615
  << Timeline

  [FAILED] Timed out after 10.001s.
  Expected success, but got an error:
      <*errors.StatusError | 0xc000a3e140>:
      resourcequotas "tenant-quota" not found
  In [It] at: /builds/op/internal/controller/tenant_controller_test.go:121 @ 03/14/26 10:22:54.615
------------------------------

Ran 9 of 9 Specs in 21.873 seconds
FAIL! -- 8 Passed | 1 Failed | 0 Pending | 0 Skipped
--- FAIL: TestControllers (21.87s)
FAIL
make: *** [Makefile:68: test] Error 1`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.line],
      ['go', 'test failure', 'Timed out after 10.001s.', 121],
    );
  });

  test("concurrently's [name] prefix is stripped where its exit line names it", () => {
    const f = primary(`[WEB] vite v5.4.2 dev server running at http://localhost:5173/
[API] Traceback (most recent call last):
[API]   File "/app/api/routes.py", line 41, in login
[API]     user = USERS[payload["email"]]
[API] KeyError: 'ada@example.com'
[API] python -m api exited with code 1
[WEB] vite exited with code SIGTERM`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.source],
      ['KeyError', "'ada@example.com'", '/app/api/routes.py', 'user = USERS[payload["email"]]'],
    );
    // A time in brackets is a timestamp, not a command's name: TeamCity's lines keep being read as TeamCity's.
    const tc = primary(`[10:41:01] :\t [Step 1/2] Process exited with code 0
[10:41:01]E: Step 2/2: go test (Command Line) (1m:17s)
[10:41:01] :\t [Step 2/2] + go test -count=1 -v ./...
[10:42:17] :\t [Step 2/2] --- FAIL: TestRefill (0.00s)
[10:42:17] :\t [Step 2/2]     bucket_test.go:31: after refill: got 4 tokens, want 5
[10:42:17] :\t [Step 2/2] FAIL
[10:42:18]E:\t [Step 2/2] Process exited with code 1 (Step: go test (Command Line))`);
    assert.deepEqual([tc.errorType, tc.errorMessage], ['test failure', 'after refill: got 4 tokens, want 5']);
  });
});

describe("the ninth round's runner reports, each from its documented output", () => {
  test("RSpec's error outside an example (a spec file that fails to load): the class on its own line, the message below", () => {
    const f = primary(`An error occurred while loading ./spec/services/billing/invoice_builder_spec.rb.
Failure/Error:
  RSpec.describe Billing::InvoiceBuilder do
    subject(:builder) { described_class.new(account) }

    let(:account) { create(:account) }

NameError:
  uninitialized constant Billing::InvoiceBuilder

  RSpec.describe Billing::InvoiceBuilder do
                        ^^^^^^^^^^^^^^^^
# ./spec/services/billing/invoice_builder_spec.rb:3:in '<top (required)>'
No examples found.

Finished in 0.00021 seconds (files took 1.52 seconds to load)
0 examples, 0 failures, 1 error occurred outside of examples`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.code],
      [
        'ruby',
        'NameError',
        'uninitialized constant Billing::InvoiceBuilder',
        'RSpec.describe Billing::InvoiceBuilder do',
      ],
    );
    // In an example's report the code runs to a blank line and the expectation's message follows.
    const inExample = primary(`  1) Calc adds
     Failure/Error:
       expect(add(1, 1))
         .to eq(3)

       expected: 3
            got: 2

       (compared using ==)
     # ./spec/calc_spec.rb:5:in 'block (2 levels) in <top (required)>'`);
    assert.deepEqual(
      [inExample.errorType, inExample.errorMessage, inExample.code],
      ['RSpec::Expectations::ExpectationNotMetError', 'expected: 3', 'expect(add(1, 1))'],
    );
  });

  test("ESLint's compact formatter: the first Error row's rule, its warnings not failures", () => {
    const f =
      primary(`/work/shop/src/api/client.js: line 14, col 3, Warning - Unexpected console statement. (no-console)
/work/shop/src/cart/total.js: line 3, col 25, Error - Unable to resolve path to module '../utils/formatPrice'. (import/no-unresolved)
/work/shop/src/cart/total.js: line 9, col 7, Error - 'tax' is assigned a value but never used. (no-unused-vars)

3 problems`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.line],
      ['javascript', 'import/no-unresolved', "Unable to resolve path to module '../utils/formatPrice'.", 3],
    );
  });

  test("pytest's setup error reported in words under its section (pytest-asyncio's ScopeMismatch)", () => {
    const f = primary(`==================================== ERRORS ====================================
______________ ERROR at setup of test_create_account[plain-ascii] ______________
ScopeMismatch: You tried to access the function scoped fixture _function_scoped_runner with a session scoped request object. Requesting fixture stack:
tests/conftest.py:38:  def db_engine(database_url)
Requested fixture:
.venv/lib/python3.13/site-packages/pytest_asyncio/plugin.py:795:  def _scoped_runner(event_loop_policy, request)
=========================== short test summary info ============================
ERROR tests/test_accounts.py::test_create_account[plain-ascii] - Failed: ScopeMismatch: You tried to access the function scoped fixture _function_scoped_runner with a session scoped request object.
========================= 12 passed, 1 error in 1.84s ==========================`);
    assert.deepEqual([f.language, f.errorType], ['python', 'ScopeMismatch']);
    assert.match(f.errorMessage, /^You tried to access the function scoped fixture _function_scoped_runner/);
  });
});

describe("Vitest's unhandled errors", () => {
  test('an error thrown outside any test fails the run: it outranks what a test logged to stderr', () => {
    const f = primary(`stderr | src/api/client.test.ts > client > retries on 503
Error: Request failed with status code 503
    at settle (file:///app/node_modules/axios/lib/core/settle.js:19:12)

 ✓ src/api/client.test.ts (14 tests) 96ms
 ✓ src/components/ChartPanel.test.tsx (7 tests) 421ms

⎯⎯⎯⎯⎯⎯⎯ Unhandled Errors ⎯⎯⎯⎯⎯⎯⎯

Vitest caught 1 unhandled error during the test run.
This might cause false positive tests. Resolve unhandled errors to make sure your tests are not affected.

⎯⎯⎯⎯⎯ Uncaught Exception ⎯⎯⎯⎯⎯
TypeError: Cannot read properties of null (reading 'getBoundingClientRect')
 ❯ measure src/components/ChartPanel.tsx:88:40
     86|   const measure = () => {
     87|     // the panel can be gone mid-animation
     88|     const rect = containerRef.current!.getBoundingClientRect()
       |                                        ^
     89|     setSize({ width: rect.width, height: rect.height })
 ❯ Timeout._onTimeout src/components/ChartPanel.tsx:94:7
 ❯ listOnTimeout node:internal/timers:594:17

This error originated in "src/components/ChartPanel.test.tsx" test file.
⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯⎯

 Test Files  2 passed (2)
      Tests  21 passed (21)
     Errors  1 error`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line, f.code],
      [
        'javascript',
        'TypeError',
        "Cannot read properties of null (reading 'getBoundingClientRect')",
        'src/components/ChartPanel.tsx',
        88,
        'const rect = containerRef.current!.getBoundingClientRect()',
      ],
    );
  });
});

describe("gotestfmt's report", () => {
  test("a failed test marked ❌, its subtest's message below, over the make wrapper", () => {
    const f = primary(`##[group]✅ TestParseRate (0s)
##[endgroup]
##[group]❌ TestLimiter_AllowN (0s)
##[endgroup]
##[group]✅ TestLimiter_AllowN/within_burst (0s)
##[endgroup]
##[group]❌ TestLimiter_AllowN/burst_exceeded (0s)
    limiter_test.go:88: AllowN(t0+1ms, 5) after burst mismatch (-want +got):
          bool(
        - 	true,
        + 	false,
          )
##[endgroup]
make: *** [Makefile:31: test] Error 1`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.line],
      ['go', 'test failure', 'AllowN(t0+1ms, 5) after burst mismatch (-want +got):', 88],
    );
    // Another tool's ❌ line is not a Go test.
    assert.notEqual(
      primary(`❌ Deploy failed\n    main.go:12: not a test\nError: deploy failed`).errorType,
      'test failure',
    );
  });
});

describe("Playwright's errors in a Jest report", () => {
  test('the API call before the error is not its class; a class alone takes the message below it', () => {
    const f = primary(`  ● Auth/LoginForm › Invalid Credentials › play-test

    page.evaluate: StorybookTestRunnerError:
    An error occurred in the following story. Access the link for full output:
    http://127.0.0.1:6006/?path=/story/auth-loginform--invalid-credentials

    Message:
     Unable to find an accessible element with the role "alert"

Test Suites: 1 failed, 8 passed, 9 total`);
    assert.deepEqual(
      [f.errorType, f.errorMessage],
      ['StorybookTestRunnerError', 'An error occurred in the following story. Access the link for full output:'],
    );
    const t = primary(`  ● checkout › pays with a saved card

    locator.click: Timeout 30000ms exceeded.
    Call log:
      - waiting for getByRole('button', { name: 'Pay' })

Tests:       1 failed, 4 passed, 5 total`);
    assert.deepEqual([t.errorType, t.errorMessage], ['Error', 'Timeout 30000ms exceeded.']);
  });
});

describe("CTest's crash and cargo's killed compiler", () => {
  test("CTest's '***Exception: SegFault' result line is a crash, before the failures tests report later", () => {
    const f = primary(`Test project /home/ci/work/tinyhttp/build
      Start  5: json_parser_test
 5/10 Test  #5: json_parser_test .................***Exception: SegFault  0.09 sec
      Start  6: http_client_test
 6/10 Test  #6: http_client_test .................***Failed    1.02 sec
[ RUN      ] HttpClient.FollowsRedirects
/home/ci/work/tinyhttp/tests/http_client_test.cpp:57: Failure
Expected equality of these values:
  resp.status
    Which is: 302
  200
[  FAILED  ] HttpClient.FollowsRedirects (1002 ms)

80% tests passed, 2 tests failed out of 10`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['cpp', 'SegFault', 'json_parser_test .................***Exception: SegFault'],
    );
  });

  test("cargo's 'could not compile' is the signal when rustc itself was killed, else a wrapper", () => {
    const f = primary(`   Compiling datafusion v45.0.0
error: could not compile \`datafusion\` (lib)

Caused by:
  process didn't exit successfully: \`rustc --crate-name datafusion --edition=2021 src/lib.rs\` (signal: 9, SIGKILL: kill)
##[error]Process completed with exit code 101.`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['rust', 'SIGKILL', 'could not compile `datafusion` (lib)'],
    );
    const compileError = primary(`error[E0599]: no method named \`parse\` found for type \`i64\` in the current scope
 --> src/main.rs:4:15
error: could not compile \`app\` (bin "app") due to 1 previous error`);
    assert.equal(compileError.errorType, 'E0599');
  });
});

describe("the eleventh round's shapes, each from its documented output", () => {
  test("ts-node's TSError wraps tsc's diagnostics: the first of them is the failure, in either format", () => {
    const modern = primary(`TSError: ⨯ Unable to compile TypeScript:
src/server.ts(3,21): error TS2304: Cannot find name 'describe'.
src/server.ts(9,1): error TS2304: Cannot find name 'it'.

    at createTSError (/app/node_modules/ts-node/src/index.ts:859:12)
    at reportTSError (/app/node_modules/ts-node/src/index.ts:863:19)`);
    assert.deepEqual(
      [modern.language, modern.errorType, modern.errorMessage],
      ['typescript', 'TS2304', "Cannot find name 'describe'."],
    );
    // ts-node up to v3 wrote the code last, in parentheses.
    const old = primary(`TSError: ⨯ Unable to compile TypeScript
lib/db.ts (4,19): Property 'query' does not exist on type 'Pool'. (2339)
lib/db.ts (7,3): Cannot find name 'process'. (2304)
    at getOutput (/srv/node_modules/ts-node/src/index.ts:307:15)`);
    assert.deepEqual(
      [old.language, old.errorType, old.errorMessage],
      ['typescript', 'TS2339', "Property 'query' does not exist on type 'Pool'."],
    );
    assert.deepEqual(old.frames[0], { file: 'lib/db.ts', line: 4, function: null, source: null });
    // Without a diagnostic (the user cut it), the wrapper is all there is.
    const cut = primary(`TSError: ⨯ Unable to compile TypeScript:
    at createTSError (/app/node_modules/ts-node/src/index.ts:859:12)`);
    assert.equal(cut.errorType, 'TSError');
  });

  test("Rake's 'aborted!' report: the exception, or its cause where a StandardError or a bare raise wraps it", () => {
    const migration = primary(`== 20240301101500 BackfillCurrency: migrating ================================
bin/rails aborted!
StandardError: An error has occurred, this and all later migrations canceled:

undefined method \`upcase' for nil
/srv/app/db/migrate/20240301101500_backfill_currency.rb:9:in \`block in up'
/srv/app/db/migrate/20240301101500_backfill_currency.rb:8:in \`up'

Caused by:
NoMethodError: undefined method \`upcase' for nil
/srv/app/db/migrate/20240301101500_backfill_currency.rb:9:in \`block in up'
/srv/app/db/migrate/20240301101500_backfill_currency.rb:8:in \`up'
Tasks: TOP => db:migrate
(See full trace by running task with --trace)`);
    assert.deepEqual(
      [migration.language, migration.errorType, migration.errorMessage],
      ['ruby', 'NoMethodError', "undefined method `upcase' for nil"],
    );
    // Innermost last, as every language's frames leave the extractor.
    assert.deepEqual(migration.frames.at(-1), {
      file: '/srv/app/db/migrate/20240301101500_backfill_currency.rb',
      line: 9,
      function: 'block in up',
      source: null,
    });
    // A class of its own is the failure, its cause only a detail.
    const specific = primary(`rake aborted!
ActiveRecord::NoDatabaseError: We could not find your database: shop_test.
/app/bin/rails:4:in \`<main>'

Caused by:
PG::ConnectionBad: connection to server at "127.0.0.1", port 5432 failed: FATAL:  database "shop_test" does not exist
/app/bin/rails:4:in \`<main>'
Tasks: TOP => db:test:prepare`);
    assert.deepEqual([specific.language, specific.errorType], ['ruby', 'ActiveRecord::NoDatabaseError']);
    // A RuntimeError's message is printed without its class; here its backtrace was filtered away.
    const bare = primary(`rake aborted!
Don't know how to build task 'assets:precompil' (See the list of available tasks with \`rake --tasks\`)
Did you mean?  assets:precompile

(See full trace by running task with --trace)`);
    assert.deepEqual(
      [bare.language, bare.errorType, bare.errorMessage],
      [
        'ruby',
        'RuntimeError',
        "Don't know how to build task 'assets:precompil' (See the list of available tasks with `rake --tasks`)",
      ],
    );
    // Prose with the word, no report below it.
    assert.deepEqual(
      extractFailures(`Deploy aborted!\nI think the server ran out of disk, it happens every Friday.`),
      [],
    );
  });

  test("Alembic's 'FAILED:' line is its error; ninja's 'FAILED: target' is not Alembic's", () => {
    const f = primary(`##[group]Run alembic upgrade head
alembic upgrade head
##[endgroup]
INFO  [alembic.runtime.migration] Context impl PostgresqlImpl.
INFO  [alembic.runtime.migration] Will assume transactional DDL.
  FAILED: Multiple head revisions are present for given argument 'head'; please specify a specific target revision, '<branchname>@head' to narrow to a specific head, or 'heads' for all heads
##[error]Process completed with exit code 255.`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      [
        'python',
        '',
        "Multiple head revisions are present for given argument 'head'; please specify a specific target revision, '<branchname>@head' to narrow to a specific head, or 'heads' for all heads",
      ],
    );
    const ninja = extractFailures(`[3/10] Building CXX object src/CMakeFiles/app.dir/main.cpp.o
FAILED: src/CMakeFiles/app.dir/main.cpp.o src/CMakeFiles/app.dir/main.cpp.d
/usr/bin/c++ -O2 -c src/main.cpp -o src/CMakeFiles/app.dir/main.cpp.o
src/main.cpp:7:3: error: 'frobnicate' was not declared in this scope
ninja: build stopped: subcommand failed.`);
    assert.deepEqual([ninja[0]!.language, ninja[0]!.errorType], ['cpp', 'error']);
    assert.ok(ninja.every((x) => x.language !== 'python'));
  });

  test("pip-audit's table: the first advisory is the type; 'No known vulnerabilities found' fails nothing", () => {
    // pip-audit's README, as it documents the output (its table's rule is drawn, not a console's cut).
    const f = primary(`Found 2 known vulnerabilities in 1 package
Name  Version ID             Fix Versions
----- ------- -------------- ------------
Flask 0.5     PYSEC-2019-179 1.0
Flask 0.5     PYSEC-2018-66  0.12.3
##[error]Process completed with exit code 1.`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['python', 'PYSEC-2019-179', 'Found 2 known vulnerabilities in 1 package'],
    );
    assert.deepEqual(extractFailures('No known vulnerabilities found\n'), []);
  });

  test("cppcheck's id and clang-tidy's check after the message are the types; gcc's -W flags are not", () => {
    assert.deepEqual(
      languageTypeMessage(
        "src/io/buffer.cpp:31:12: error: Memory leak: data [memleak]\nsrc/io/buffer.cpp:40:5: style: Variable 'n' is assigned a value that is never used. [unreadVariable]",
      ),
      ['cpp', 'memleak', 'Memory leak: data'],
    );
    assert.deepEqual(
      languageTypeMessage(
        'src/net/pool.cc:88:9: error: Called C++ object pointer is null [clang-analyzer-core.CallAndMessage,-warnings-as-errors]',
      ),
      ['cpp', 'clang-analyzer-core.CallAndMessage', 'Called C++ object pointer is null'],
    );
    assert.deepEqual(languageTypeMessage("src/util.c:14:7: error: unused variable 'tmp' [-Werror=unused-variable]"), [
      'c',
      'error',
      "unused variable 'tmp' [-Werror=unused-variable]",
    ]);
  });

  test("GoReleaser's failed run: the line's error= field, over the action's exit line", () => {
    const f = primary(`  • starting release...
  • loading                                          path=.goreleaser.yaml
  • building binaries
  ⨯ release failed after 12s                         error="build failed: exit status 1: # example.com/cli\\ncmd/root.go:14:2: undefined: versionInfo"
##[error]The process '/opt/hostedtoolcache/goreleaser-action/2.9.0/x64/goreleaser' failed with exit code 1`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['go', '', 'build failed: exit status 1: # example.com/cli\\ncmd/root.go:14:2: undefined: versionInfo'],
    );
  });

  test("Prettier's '[error] file: SyntaxError: …': the file says the language, and where", () => {
    const f = primary(`Checking formatting...
[warn] src/App.vue
[error] src/store/cart.ts: SyntaxError: ';' expected. (17:9)
[error]   15 |   items: [],
[error]   16 | }
[error] > 17 | export x = 1
[error]      |         ^
All matched files use Prettier code style!`);
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['typescript', 'SyntaxError', "';' expected. (17:9)"]);
    assert.deepEqual(f.frames[0], { file: 'src/store/cart.ts', line: 17, function: null, source: null });
  });

  test('an exception a passing Surefire test class logged is not the failure; the JaCoCo rule that failed the goal is', () => {
    const f = primary(`[INFO] Running com.shop.billing.RetryingClientTest
10:02:11.201 [main] ERROR com.shop.billing.RetryingClient -- Call to ledger failed, will retry (attempt 1/3)
java.net.ConnectException: Connection refused
	at com.shop.billing.RetryingClientTest.lambda$retries$0(RetryingClientTest.java:41)
	at com.shop.billing.RetryingClient.call(RetryingClient.java:58)
[INFO] Tests run: 6, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.214 s -- in com.shop.billing.RetryingClientTest
[INFO] --- jacoco:0.8.12:check (check) @ billing ---
[WARNING] Rule violated for package com.shop.billing: instructions covered ratio is 0.62, but expected minimum is 0.75
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal org.jacoco:jacoco-maven-plugin:0.8.12:check (check) on project billing: Coverage checks have not been met. See log for details. -> [Help 1]
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoFailureException`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      [
        'java',
        'MojoFailureException',
        'Rule violated for package com.shop.billing: instructions covered ratio is 0.62, but expected minimum is 0.75',
      ],
    );
    // The same exception in a class Surefire reports failing is that class's failure.
    const failing = primary(`[INFO] Running com.shop.billing.RetryingClientTest
java.net.ConnectException: Connection refused
	at com.shop.billing.RetryingClient.call(RetryingClient.java:58)
[ERROR] Tests run: 6, Failures: 0, Errors: 1, Skipped: 0, Time elapsed: 0.214 s <<< FAILURE! -- in com.shop.billing.RetryingClientTest
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:3.5.2:test (default-test) on project billing: There are test failures.`);
    assert.equal(failing.errorType, 'java.net.ConnectException');
    assert.equal(failing.frames.at(-1)?.file, 'RetryingClient.java');
    // With only Maven's wrapper beside it, the wrapper is the failure, and the logged exception is none.
    const wrapped = extractFailures(`[INFO] Running com.shop.billing.RetryingClientTest
java.net.ConnectException: Connection refused
	at com.shop.billing.RetryingClient.call(RetryingClient.java:58)
[INFO] Tests run: 6, Failures: 0, Errors: 0, Skipped: 0, Time elapsed: 0.214 s -- in com.shop.billing.RetryingClientTest
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-deploy-plugin:3.1.3:deploy (default-deploy) on project billing: Deployment failed: repository element was not specified in the POM inside distributionManagement element -> [Help 1]`);
    assert.deepEqual(
      [wrapped[0]!.errorType, wrapped[0]!.errorMessage],
      [
        'MojoFailureException',
        'Deployment failed: repository element was not specified in the POM inside distributionManagement element',
      ],
    );
    assert.ok(wrapped.every((x) => x.errorType !== 'java.net.ConnectException'));
  });
});

describe("the twelfth round's shapes, each from its documented output", () => {
  test("pytest's own Failed (pytest-timeout) and a module-qualified class in an E line are the failure; a thread dump is no traceback", () => {
    const f =
      primary(`tests/test_sync.py::test_pull +++++++++++++++++++++++++++++++++++ Timeout ++++++++++++++++++++++++++++++++++++

~~~~~~~~~~~~~~~~~~~~~ Stack of MainThread (140093357483904) ~~~~~~~~~~~~~~~~~~~~~
  File "/srv/tests/test_sync.py", line 12, in test_pull
    client.pull(timeout=None)
  File "/usr/lib/python3.12/threading.py", line 355, in wait
    waiter.acquire()
+++++++++++++++++++++++++++++++++++ Timeout ++++++++++++++++++++++++++++++++++++
FAILED                                                                   [ 50%]
tests/test_sync.py::test_push PASSED                                     [100%]

=================================== FAILURES ===================================
__________________________________ test_pull ___________________________________
tests/test_sync.py:12: in test_pull
    client.pull(timeout=None)
E   Failed: Timeout (>30.0s) from pytest-timeout.
------------------------------ Captured log call -------------------------------
INFO     syncer.client:client.py:40 connected to broker.local:5672
=========================== short test summary info ============================
FAILED tests/test_sync.py::test_pull - Failed: Timeout (>30.0s) from pytest-timeout.`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['python', 'Failed', 'Timeout (>30.0s) from pytest-timeout.'],
    );
    const health = primary(`__________________________ test_roundtrip ___________________________
E   hypothesis.errors.FailedHealthCheck: 'tests/test_codec.py::test_roundtrip' uses a function-scoped fixture 'tmp_path'.
E   
E   Function-scoped fixtures are not reset between inputs generated by \`@given(...)\`.
All traceback entries are hidden. Pass \`--full-trace\` to see hidden and internal frames.`);
    assert.deepEqual(
      [health.errorType, health.errorMessage],
      [
        'hypothesis.errors.FailedHealthCheck',
        "'tests/test_codec.py::test_roundtrip' uses a function-scoped fixture 'tmp_path'.",
      ],
    );
  });

  test("Biome's diagnostics: the category is the type, the ✖ line the message, the frame's numbered row the code; a ! warning fails nothing", () => {
    const f = primary(`> biome ci .

src/api/client.ts:14:3 lint/correctness/noUnusedVariables  FIXABLE  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  ! This variable is unused.

    13 │ export function connect(url: string) {
  > 14 │   const retries = 3;
       │         ^^^^^^^

src/api/client.ts:22:18 lint/suspicious/noDoubleEquals  FIXABLE  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━

  ✖ Use === instead of ==

    21 │   const res = await fetch(url);
  > 22 │   if (res.status == 200) {
       │                  ^^

Checked 40 files in 32ms. No fixes applied.
Found 1 error.`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.code, f.frames.at(-1)?.line],
      ['typescript', 'lint/suspicious/noDoubleEquals', 'Use === instead of ==', 'if (res.status == 200) {', 22],
    );
  });

  test("WebdriverIO's spec reporter: its worker prefix goes, and the failure under 'N failing' is read", () => {
    const f = primary(`[firefox 128.0 linux #0-0] » /test/specs/login.e2e.ts
[firefox 128.0 linux #0-0] Login
[firefox 128.0 linux #0-0]    ✖ signs in with a valid password
[firefox 128.0 linux #0-0]
[firefox 128.0 linux #0-0] 1 failing
[firefox 128.0 linux #0-0]
[firefox 128.0 linux #0-0] 1) Login signs in with a valid password
[firefox 128.0 linux #0-0] Expected element to have text "Welcome back"
[firefox 128.0 linux #0-0] Error: Expected element to have text "Welcome back"
[firefox 128.0 linux #0-0]     at Context.<anonymous> (/app/test/specs/login.e2e.ts:19:31)

Spec Files:	 0 passed, 1 failed, 1 total (100% completed) in 00:00:09`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file],
      ['typescript', 'Error', 'Expected element to have text "Welcome back"', '/app/test/specs/login.e2e.ts'],
    );
  });

  test("Gradle's failed test: its exception is the failure even where a long message keeps the frames away", () => {
    const f = primary(`com.acme.app.LoginTest > showsError[Pixel_7(AVD) - 14] FAILED
	androidx.test.espresso.NoMatchingViewException: No views in hierarchy found matching: with id is <com.acme.app:id/error>

	View Hierarchy:
	+>DecorView{id=-1, visibility=VISIBLE, width=1080, height=2400}

	at dalvik.system.VMStack.getThreadStackTrace(Native Method)

com.acme.app.CartTest > addsItem[Pixel_7(AVD) - 14] FAILED
	java.lang.AssertionError: expected:<1> but was:<0>
	at org.junit.Assert.fail(Assert.java:89)`);
    assert.deepEqual(
      [f.errorType, f.errorMessage],
      [
        'androidx.test.espresso.NoMatchingViewException',
        'No views in hierarchy found matching: with id is <com.acme.app:id/error>',
      ],
    );
  });

  test("cargo-semver-checks' failed lint, Zeitwerk's message alone, Valgrind's error report", () => {
    assert.deepEqual(
      languageTypeMessage(`     Checking tarpit v1.4.0 -> v1.5.0 (minor change)
     Checked [   0.012s] 196 checks: 195 pass, 1 fail, 0 warn, 0 skip

--- failure trait_method_missing: pub trait method removed or renamed ---

Description:
A trait method is no longer callable, and may have been renamed or removed entirely.`),
      ['rust', 'trait_method_missing', 'pub trait method removed or renamed'],
    );
    assert.deepEqual(
      languageTypeMessage(`$ bin/rails zeitwerk:check
Hold on, I am eager loading the application.
expected file app/services/pdf_export.rb to define constant PdfExport, but didn't`),
      [
        'ruby',
        'Zeitwerk::NameError',
        "expected file app/services/pdf_export.rb to define constant PdfExport, but didn't",
      ],
    );
    const vg = primary(`==2210== Memcheck, a memory error detector
==2210== Command: ./build/ring_test
==2210==
==2210== Conditional jump or move depends on uninitialised value(s)
==2210==    at 0x4C3B21: memchr (in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)
==2210==    by 0x10A4F2: ring::Buffer::find(char) const (ring_buffer.cpp:57)
==2210==    by 0x109E13: main (ring_test.cpp:21)
==2210==
==2210== ERROR SUMMARY: 1 errors from 1 contexts (suppressed: 0 from 0)`);
    assert.deepEqual(
      [vg.language, vg.errorType, vg.frames.at(-1)],
      [
        'cpp',
        'Conditional jump or move depends on uninitialised value(s)',
        { file: 'ring_buffer.cpp', line: 57, function: 'ring::Buffer::find(char) const', source: null },
      ],
    );
    assert.deepEqual(extractFailures('==2210== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)\n'), []);
  });
});

describe("the thirteenth round's shapes, each from its documented output", () => {
  test("git's 'remote: ' prefix on a push-to-deploy build is stripped", () => {
    const f = primary(`remote: -----> Building on the Heroku-22 stack
remote:        > next build
remote: Failed to compile.
remote:
remote: ./pages/index.js
remote: Module not found: Can't resolve '../lib/analytics' in '/tmp/build_1f2e/pages'
remote:
remote:  !     Push rejected, failed to compile Node.js app.
To https://git.heroku.com/shop-web.git
 ! [remote rejected] main -> main (pre-receive hook declined)`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['javascript', 'ModuleNotFoundError', "Can't resolve '../lib/analytics' in '/tmp/build_1f2e/pages'"],
    );
  });

  test("Android's crash report: the line under FATAL EXCEPTION and Process is the exception, whatever R8 named its class", () => {
    const f = primary(`03-11 09:14:22.301  8812  8812 E AndroidRuntime: FATAL EXCEPTION: main
03-11 09:14:22.301  8812  8812 E AndroidRuntime: Process: com.acme.notes, PID: 8812
03-11 09:14:22.301  8812  8812 E AndroidRuntime: c.d.a: lateinit property adapter has not been initialized
03-11 09:14:22.301  8812  8812 E AndroidRuntime: 	at com.acme.notes.ui.a.b(NotesFragment.kt:57)
03-11 09:14:22.301  8812  8812 E AndroidRuntime: 	at android.os.Handler.dispatchMessage(Handler.java:106)`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames.at(-1)?.file],
      ['c.d.a', 'lateinit property adapter has not been initialized', 'NotesFragment.kt'],
    );
  });

  test("net/http's recovered panic ('http: panic serving …') is a panic with its goroutine's frames", () => {
    const f = primary(`2025/03/02 10:11:12 http: panic serving 10.0.0.7:51234: assignment to entry in nil map
goroutine 33 [running]:
net/http.(*conn).serve.func1()
	/usr/local/go/src/net/http/server.go:1947 +0xbe
panic({0x8a2f40?, 0xa1b3c0?})
	/usr/local/go/src/runtime/panic.go:785 +0x132
main.(*store).put(...)
	/app/store.go:41
main.handler({0xa3e7a8, 0xc000154000}, 0xc00011e000)
	/app/main.go:27 +0x1d5`);
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['go', 'panic', 'assignment to entry in nil map']);
    assert.ok(f.frames.some((fr) => fr.file === '/app/main.go' && fr.line === 27));
  });

  test('a chained IPython traceback: the exception the chain ends with is the failure', () => {
    const f = primary(`---------------------------------------------------------------------------
KeyError                                  Traceback (most recent call last)
File ~/venv/lib/python3.11/site-packages/pandas/core/indexes/base.py:3805, in Index.get_loc(self, key)
-> 3805     return self._engine.get_loc(casted_key)

KeyError: 'price'

The above exception was the direct cause of the following exception:

KeyError                                  Traceback (most recent call last)
Cell In[4], line 1
----> 1 df["price"].mean()

KeyError: 'price'`);
    assert.deepEqual([f.errorType, f.errorMessage], ['KeyError', "'price'"]);
    const chained = extractFailures(`ValueError                                Traceback (most recent call last)
Cell In[1], line 2
----> 2     raise ValueError

ValueError: 

During handling of the above exception, another exception occurred:

TypeError                                 Traceback (most recent call last)
Cell In[1], line 4
----> 4     len(None)

TypeError: object of type 'NoneType' has no len()`);
    assert.deepEqual(
      [chained[0]!.errorType, chained[0]!.errorMessage],
      ['TypeError', "object of type 'NoneType' has no len()"],
    );
  });

  test(".NET: the inner exception on the same line is not the message; a localized runtime's frames are read", () => {
    const f =
      primary(`System.AggregateException: Mindestens ein Fehler ist aufgetreten. ---> System.Net.Http.HttpRequestException: Der Antwortstatuscode gibt keinen Erfolg an: 404 (Not Found).
   bei System.Net.Http.HttpResponseMessage.EnsureSuccessStatusCode()
   bei Updater.Client.<FetchAsync>d__4.MoveNext()
   --- Ende der internen Ausnahmestapelüberwachung ---`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames.length],
      ['System.AggregateException', 'Mindestens ein Fehler ist aufgetreten.', 2],
    );
  });

  test("Heroku's log: an empty line of the app's output is its source alone, gone like the rest", () => {
    assert.deepEqual(
      normalizeText(`2024-05-01T10:00:00.000001+00:00 app[web.1]: Description:
2024-05-01T10:00:00.000002+00:00 app[web.1]:
2024-05-01T10:00:00.000003+00:00 app[web.1]: The dependencies of some of the beans form a cycle:`).lines,
      ['Description:', '', 'The dependencies of some of the beans form a cycle:'],
    );
  });

  test("what a test printed (Vitest's stderr block, Jest's console.error) is no failure; the runner's report is", () => {
    const vitest = primary(`stderr | src/api/orders.test.ts > orders > retries a 503
Error: Request failed with status code 503
    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)

 ❯ src/api/orders.test.ts (3 tests | 1 failed) 41ms
   × orders > totals a basket
     → expected 1999 to be 2000

 FAIL  src/api/orders.test.ts > orders > totals a basket
AssertionError: expected 1999 to be 2000 // Object.is equality
 ❯ src/api/orders.test.ts:31:22

 Test Files  1 failed (1)
      Tests  1 failed | 2 passed (3)`);
    assert.deepEqual([vitest.errorType, vitest.errorMessage], ['AssertionError', 'expected 1999 to be 2000']);
    const jest = extractFailures(`  console.error
    Error: Uncaught [TypeError: boom]
        at reportException (node_modules/jsdom/lib/jsdom/living/helpers/runtime-script-errors.js:66:24)

      at VirtualConsole.<anonymous> (node_modules/jsdom/lib/jsdom/browser/Window.js:834:19)

  ● Cart › shows the total

    expect(received).toHaveTextContent()

    Expected element to have text content:
      €20.00
    Received:
      €19.99`);
    assert.deepEqual(
      jest.map((f) => f.errorType),
      ['JestAssertionError'],
    );
  });

  test("ESLint's --max-warnings verdict is the failure where only warnings were printed", () => {
    assert.deepEqual(
      languageTypeMessage(`/app/src/Map.tsx
  41:6  warning  React Hook useEffect has a missing dependency: 'fit'  react-hooks/exhaustive-deps

✖ 1 problem (0 errors, 1 warning)

ESLint found too many warnings (maximum: 0).
##[error]Process completed with exit code 1.`),
      ['javascript', '', 'ESLint found too many warnings (maximum: 0).'],
    );
  });

  test("a Go test's slog record below the error level is what the code logged, not the test's failure", () => {
    const f = primary(`=== FAIL: internal/ledger TestReconcile/refund (0.00s)
    reconcile_test.go:118: time=2025-03-12T10:04:51.318Z level=WARN msg="unmatched bank line" line_id=camt-7731
    reconcile_test.go:142: Reconcile() balance = 8750, want 8500
    --- FAIL: TestReconcile/refund (0.00s)`);
    assert.deepEqual([f.errorType, f.errorMessage], ['test failure', 'Reconcile() balance = 8750, want 8500']);
    const onlyLogged = primary(`--- FAIL: TestSync (0.00s)
    sync_test.go:20: {"time":"2025-03-12T10:04:51Z","level":"INFO","msg":"sync started"}`);
    assert.match(onlyLogged.errorMessage, /sync started/);
  });
});

describe("the fourteenth round's shapes", () => {
  test('log lines pasted as a markdown list, with bold inside a qualified name, read as logged', () => {
    const f = primary(`Logs:
  - 2024-02-01T10:00:00.000000+00:00 app[web.1]: Started GET "/orders/7" for 10.1.2.3
  - 2024-02-01T10:00:00.090000+00:00 app[web.1]: Completed 500 Internal Server Error in 41ms
  - 2024-02-01T10:00:00.100000+00:00 app[web.1]: ActionView:: **Template::Error (undefined method \`total' for nil:NilClass):**`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['ruby', 'ActionView::Template::Error', "undefined method `total' for nil:NilClass"],
    );
  });

  test("a docstring's :raises field documents an error; it reports none", () => {
    assert.deepEqual(
      extractFailures(`Should the docs also list OSError here?

\`\`\`
:raises trio.TooSlowError: if connecting or disconnecting times out.
:raises ValueError: if the URL has no host
\`\`\``),
      [],
    );
  });

  test("kapt's annotation processor error behind kotlinc's 'e: ': the processor's key is the type", () => {
    assert.deepEqual(
      languageTypeMessage(`> Task :app:kaptDebugKotlin FAILED
e: /builds/app/build/tmp/kapt3/stubs/debug/com/acme/di/AppComponent.java:12: error: [Dagger/MissingBinding] com.acme.Clock cannot be provided without an @Provides-annotated method.

FAILURE: Build failed with an exception.
* What went wrong:
Execution failed for task ':app:kaptDebugKotlin'.
> A failure occurred while executing org.jetbrains.kotlin.gradle.internal.KaptWithoutKotlincTask$KaptExecutionWorkAction
   > java.lang.reflect.InvocationTargetException (no error message)`),
      ['kotlin', 'Dagger/MissingBinding', 'com.acme.Clock cannot be provided without an @Provides-annotated method.'],
    );
  });

  test("Buildkite's per-line timestamp (an APC escape strip-ansi leaves) goes with the colours", () => {
    const f = primary(
      '\x1b_bk;t=1750348889042\x07Selenium::WebDriver::Error::NoSuchElementError: no such element: Unable to locate element\n' +
        "\x1b_bk;t=1750348889043\x07    test/system/checkout_test.rb:19:in `block in <class:CheckoutTest>'",
    );
    assert.deepEqual([f.language, f.errorType], ['ruby', 'Selenium::WebDriver::Error::NoSuchElementError']);
  });

  test("a sanitizer's report fails a run whose tests all passed; so do Valgrind's counted errors", () => {
    const f = primary(`[ RUN      ] Queue.ConcurrentPush
==================
WARNING: ThreadSanitizer: data race (pid=20417)
  Write of size 8 at 0x7b0c00000010 by thread T2:
    #0 ring::Queue::push(int) /src/queue.cpp:41 (queue_test+0x4a1b2)
[       OK ] Queue.ConcurrentPush (12 ms)
[==========] 1 test from 1 test suite ran. (12 ms total)
[  PASSED  ] 1 test.
ThreadSanitizer: reported 1 warnings`);
    assert.deepEqual([f.language, f.errorType], ['cpp', 'data race']);
    const vg = primary(`==2210== Invalid read of size 4
==2210==    at 0x10F3A2: Decoder::peek() const (decoder.cpp:88)
[  PASSED  ] 3 tests.
==2210== ERROR SUMMARY: 1 errors from 1 contexts (suppressed: 0 from 0)`);
    assert.equal(vg.errorType, 'Invalid read');
  });

  test("make's exec of a missing program (a recipe run without a shell) is 'command not found', not make's Error 127", () => {
    assert.deepEqual(
      languageTypeMessage(`shfmt -d -i 2 scripts
make: shfmt: No such file or directory
make: *** [Makefile:27: fmt-check] Error 127`),
      ['shell', 'command not found', 'make: shfmt: No such file or directory'],
    );
  });

  test("xUnit's console runner: [FAIL], its assertion named after Assert.X, or the exception it printed", () => {
    const f = primary(`  Starting:    Billing.Tests
    Billing.Tests.TaxTests.Rounds_half_up(amount: 2.5) [FAIL]
      Assert.Equal() Failure: Values differ
      Expected: 3
      Actual:   2
      Stack Trace:
        tests/Billing.Tests/TaxTests.cs(22,0): at Billing.Tests.TaxTests.Rounds_half_up(Decimal amount)
  Finished:    Billing.Tests`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.line],
      ['csharp', 'EqualException', 'Assert.Equal() Failure: Values differ', 22],
    );
    const thrown = primary(`    Billing.Tests.TaxTests.Loads_rates [FAIL]
      System.IO.FileNotFoundException : Could not find file '/app/rates.json'.
      Stack Trace:`);
    assert.deepEqual(
      [thrown.errorType, thrown.errorMessage],
      ['System.IO.FileNotFoundException', "Could not find file '/app/rates.json'."],
    );
  });

  test("maven-enforcer's failed rule is the goal's cause: its message, past the releasability preamble", () => {
    const f =
      primary(`[WARNING] /src/Money.java:[58,23] java.math.BigDecimal.ROUND_HALF_EVEN in java.math.BigDecimal has been deprecated and marked for removal
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-enforcer-plugin:3.5.0:enforce (enforce) on project core: 
[ERROR] Rule 0: org.apache.maven.enforcer.rules.dependency.DependencyConvergence failed with message:
[ERROR] Failed while enforcing releasability.
[ERROR] 
[ERROR] Dependency convergence error for com.google.guava:guava:jar:33.3.1-jre paths to dependency are:
[ERROR] -> [Help 1]
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/MojoExecutionException`);
    assert.deepEqual(
      [f.errorType, f.errorMessage],
      [
        'MojoExecutionException',
        'Dependency convergence error for com.google.guava:guava:jar:33.3.1-jre paths to dependency are:',
      ],
    );
  });

  test("Laravel's failed status assertion: the exception of the last request is the failure", () => {
    const f = primary(`   FAILED  Tests\\Feature\\OrderTest > it creates an order
  Expected response status code [201] but received 500.
Failed asserting that 500 is identical to 201.

The following exception occurred during the last request:

Illuminate\\Database\\QueryException: SQLSTATE[23502]: Not null violation: 7 ERROR:  null value in column "currency" violates not-null constraint in /app/vendor/laravel/framework/src/Illuminate/Database/Connection.php:825
Stack trace:
#0 /app/vendor/laravel/framework/src/Illuminate/Database/Connection.php(779): Illuminate\\Database\\Connection->runQueryCallback()`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      [
        'php',
        'Illuminate\\Database\\QueryException',
        'SQLSTATE[23502]: Not null violation: 7 ERROR:  null value in column "currency" violates not-null constraint',
      ],
    );
  });
});

describe("the fifteenth round's shapes", () => {
  test("the Actions runner's job timeout fails a run whose steps printed only passes", () => {
    const f = primary(`ok  	example.com/app/internal/store	1.231s
##[error]The job running on runner GitHub Actions 1000157314 has exceeded the maximum execution time of 12 minutes.
##[error]The operation was canceled.`);
    assert.match(
      f.errorMessage,
      /^The job running on runner .* has exceeded the maximum execution time of 12 minutes\.$/,
    );
  });

  test("diff-cover's and pytest-benchmark's verdicts are the failures, over the exit line", () => {
    assert.deepEqual(
      languageTypeMessage(`Diff Coverage: 84%
Failure. Coverage is below 90%.
##[error]Process completed with exit code 1.`),
      ['python', '', 'Failure. Coverage is below 90%.'],
    );
    assert.deepEqual(
      languageTypeMessage(`Performance has regressed:
	test_parse (0001_baseline) - Field 'mean' has failed PercentageRegressionCheck: 23.1 > 10.0
ERROR: Performance has regressed.
##[error]Process completed with exit code 4.`),
      ['python', '', 'Performance has regressed.'],
    );
  });

  test("a BuildKit step's own error and codecov-cli's error line", () => {
    assert.deepEqual(
      languageTypeMessage(`#16 pushing layers 0.9s done
#16 ERROR: failed to push ghcr.io/acme/api:pr-12: denied: installation not allowed to Write organization package
------
ERROR: failed to build: failed to solve: failed to push ghcr.io/acme/api:pr-12: denied: installation not allowed`),
      [
        'unknown',
        'docker',
        'failed to push ghcr.io/acme/api:pr-12: denied: installation not allowed to Write organization package',
      ],
    );
    assert.deepEqual(
      languageTypeMessage(`info - 2025-06-17 18:46:03,466 -- Process Commit creating complete
error - 2025-06-17 18:46:03,467 -- Commit creating failed: {"message":"Token required - not valid tokenless upload"}
##[error]Process completed with exit code 1.`),
      ['unknown', '', 'Commit creating failed: {"message":"Token required - not valid tokenless upload"}'],
    );
  });

  test("a logger's 'module:file.py:98 message' below a stack is no exception line (Python puts a space after the colon)", () => {
    const found = extractFailures(`  File "/srv/app/worker.py", line 127, in consume
    self._reconnect()
  File "/usr/lib/python3.12/threading.py", line 355, in wait
    waiter.acquire()
ledgerd.worker:worker.py:98 consumer settlement-consumer-0 subscribed to settlements.requested`);
    assert.ok(
      found.every((f) => f.errorType !== 'ledgerd.worker'),
      JSON.stringify(found),
    );
  });
});

describe("Rails' production logs: Ruby's Logger format, tagged lines, a template's annotated source", () => {
  test("Logger::Formatter's 'F, [time #pid] FATAL -- : ' and a request-id tag before every line", () => {
    const f =
      primary(`I, [2025-02-11T08:01:44.501233 #7]  INFO -- : [5c1e90aa-4b1f] Started GET "/invoices/3" for 172.18.0.1 at 2025-02-11 08:01:44 +0000
I, [2025-02-11T08:01:44.502871 #7]  INFO -- : [5c1e90aa-4b1f] Processing by InvoicesController#show as HTML
I, [2025-02-11T08:01:44.530114 #7]  INFO -- : [5c1e90aa-4b1f] Completed 500 Internal Server Error in 27ms (ActiveRecord: 3.0ms | Allocations: 5120)
E, [2025-02-11T08:01:44.530901 #7] ERROR -- : [5c1e90aa-4b1f]   
E, [2025-02-11T08:01:44.530950 #7] ERROR -- : [5c1e90aa-4b1f] ActiveRecord::RecordNotFound (Couldn't find Invoice with 'id'=3):
E, [2025-02-11T08:01:44.530977 #7] ERROR -- : [5c1e90aa-4b1f]   
E, [2025-02-11T08:01:44.531002 #7] ERROR -- : [5c1e90aa-4b1f] app/controllers/invoices_controller.rb:41:in 'InvoicesController#set_invoice'`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file],
      [
        'ruby',
        'ActiveRecord::RecordNotFound',
        "Couldn't find Invoice with 'id'=3",
        'app/controllers/invoices_controller.rb',
      ],
    );
    // The prefix goes and its level stays; a tag goes only where it repeats.
    const n = normalizeText(`W, [2025-02-11T08:01:44.5 #7]  WARN -- sidekiq: [jid-71] retrying
[jid-71] a
[jid-71] b
[v2] once
[1/4] Resolving packages...`);
    assert.deepEqual(n.lines, ['retrying', 'a', 'b', '[v2] once', '[1/4] Resolving packages...']);
    assert.equal(n.levels[0], 'warn');
  });

  test("a template's error: its annotated source instead of a backtrace, several tags on each line", () => {
    const f = primary(`[req-88f1] [10.0.0.4] Started GET "/teams" for 10.0.0.4 at 2025-02-11 08:01:44 +0000
[req-88f1] [10.0.0.4] Processing by TeamsController#index as HTML
[req-88f1] [10.0.0.4]   
[req-88f1] [10.0.0.4] ActionView::Template::Error (undefined method 'owner' for nil):
[req-88f1] [10.0.0.4]     4:   <% @teams.each do |team| %>
[req-88f1] [10.0.0.4]     5:     <td><%= team.lead.owner %></td>
[req-88f1] [10.0.0.4]     6:   <% end %>`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.code.split('\n')[1]?.trim()],
      ['ActionView::Template::Error', "undefined method 'owner' for nil", '<td><%= team.lead.owner %></td>'],
    );
  });
});

describe("AWS Lambda's error record, each runtime's", () => {
  const lt = (text: string) => {
    const f = primary(text);
    return [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file ?? null, f.code];
  };

  test("Python's, pretty-printed as the console's Response and on one line; its frames and code", () => {
    const response = `Response:
{
  "errorMessage": "'order_id'",
  "errorType": "KeyError",
  "requestId": "0f4c2a8e-2b1d-4f52-8a7c-3e9d1b6a5c40",
  "stackTrace": [
    "  File \\"/var/task/app.py\\", line 9, in handler\\n    return process(event)\\n",
    "  File \\"/var/task/orders.py\\", line 31, in process\\n    oid = event[\\"order_id\\"]\\n"
  ]
}

Request ID: 0f4c2a8e-2b1d-4f52-8a7c-3e9d1b6a5c40`;
    assert.deepEqual(lt(response), [
      'python',
      'KeyError',
      "'order_id'",
      '/var/task/orders.py',
      'return process(event)\noid = event["order_id"]',
    ]);
    const oneLine = response
      .split('\n')
      .slice(1, 11)
      .map((l) => l.trim())
      .join(' ');
    assert.deepEqual(
      lt(`$ aws lambda invoke --function-name orders out.json && cat out.json\n${oneLine}`).slice(0, 4),
      ['python', 'KeyError', "'order_id'", '/var/task/orders.py'],
    );
  });

  test("Node's logged 'Invoke Error' record; an import failure's require stack cut", () => {
    assert.deepEqual(
      lt(`2025-06-01T09:12:44.018Z\t3d1e6b7a-9c1f-4b0e-a2d4-7f6e5d4c3b2a\tERROR\tInvoke Error \t{"errorType":"Error","errorMessage":"connect ECONNREFUSED 127.0.0.1:5432","code":"ECONNREFUSED","stack":["Error: connect ECONNREFUSED 127.0.0.1:5432","    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1607:16)","    at async Runtime.handler (file:///var/task/index.mjs:12:5)"]}
END RequestId: 3d1e6b7a-9c1f-4b0e-a2d4-7f6e5d4c3b2a`).slice(0, 3),
      ['javascript', 'Error', 'connect ECONNREFUSED 127.0.0.1:5432'],
    );
    assert.deepEqual(
      lt(
        `{"errorType":"Runtime.ImportModuleError","errorMessage":"Error: Cannot find module 'pg'\\nRequire stack:\\n- /var/task/index.js\\n- /var/runtime/index.mjs","trace":["Runtime.ImportModuleError: Error: Cannot find module 'pg'","Require stack:"]}`,
      ).slice(0, 3),
      ['javascript', 'Runtime.ImportModuleError', "Error: Cannot find module 'pg'"],
    );
  });

  test("Java's, Ruby's wrapped class, Go's errorString, and Step Functions quoting one in its cause", () => {
    assert.deepEqual(
      lt(
        `{"errorMessage":"Cannot invoke \\"String.length()\\" because \\"name\\" is null","errorType":"java.lang.NullPointerException","stackTrace":["example.Greeter.handleRequest(Greeter.java:17)","java.base/jdk.internal.reflect.DirectMethodHandleAccessor.invoke(Unknown Source)"]}`,
      ).slice(0, 4),
      [
        'java',
        'java.lang.NullPointerException',
        'Cannot invoke "String.length()" because "name" is null',
        'Greeter.java',
      ],
    );
    assert.deepEqual(
      lt(`{
  "errorMessage": "undefined method \`fetch' for nil",
  "errorType": "Function<NoMethodError>",
  "stackTrace": [
    "/var/task/lambda_function.rb:4:in \`lambda_handler'"
  ]
}`).slice(0, 4),
      ['ruby', 'NoMethodError', "undefined method `fetch' for nil", '/var/task/lambda_function.rb'],
    );
    assert.deepEqual(lt('{ "errorMessage": "bucket name is empty", "errorType": "errorString" }').slice(0, 3), [
      'go',
      'errorString',
      'bucket name is empty',
    ]);
    assert.deepEqual(
      lt(
        `{"error":"KeyError","cause":"{\\"errorMessage\\": \\"'sku'\\", \\"errorType\\": \\"KeyError\\", \\"requestId\\": \\"e1\\", \\"stackTrace\\": [\\"  File \\\\\\"/var/task/app.py\\\\\\", line 5, in handler\\\\n    return event['sku']\\\\n\\"]}"}`,
      ).slice(0, 4),
      ['python', 'KeyError', "'sku'", '/var/task/app.py'],
    );
  });

  test('JSON that is no error record is left to the other readers', () => {
    assert.deepEqual(extractFailures('{"errorType": 3, "errorMessage": null}\n{"statusCode": 200, "body": "ok"}'), []);
  });
});

describe("miette-style reports (uv's): the error after ×, its causes after ├─▶ and ╰─▶", () => {
  test("uv's failed resolution: the error with its first cause, continued lines joined", () => {
    const f = primary(`##[group]Run uv sync --all-extras
uv sync --all-extras
shell: /usr/bin/bash -e {0}
##[endgroup]
Using CPython 3.11.9 interpreter at: /opt/hostedtoolcache/Python/3.11.9/x64/bin/python
  × No solution found when resolving dependencies for split (python_full_version >= '3.11'
  │ and python_full_version < '3.12'):
  ╰─▶ Because torch==2.5.1 depends on sympy==1.13.1 and your project depends on sympy>=1.14,
      we can conclude that your project and torch==2.5.1 are incompatible.

      hint: Pre-releases are available for \`sympy\` in the requested range
##[error]Process completed with exit code 1.`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      [
        'python',
        '',
        "No solution found when resolving dependencies for split (python_full_version >= '3.11' and python_full_version < '3.12'): Because torch==2.5.1 depends on sympy==1.13.1 and your project depends on sympy>=1.14, we can conclude that your project and torch==2.5.1 are incompatible.",
      ],
    );
  });

  test("a build's failure with two causes, and Windows' ASCII form", () => {
    assert.deepEqual(
      typeAndMessage(`  × Failed to build \`psycopg2==2.9.10\`
  ├─▶ The build backend returned an error
  ╰─▶ Call to \`setuptools.build_meta:__legacy__.build_wheel\` failed (exit status: 1)`),
      ['', 'Failed to build `psycopg2==2.9.10`: The build backend returned an error'],
    );
    assert.deepEqual(
      typeAndMessage(`C:\\work> uvx ruff@0.99 check
  x Failed to resolve tool requirement
  \`-> No solution found when resolving tool dependencies`),
      ['', 'Failed to resolve tool requirement: No solution found when resolving tool dependencies'],
    );
  });

  test('a × with no cause below it is not such a report', () => {
    assert.deepEqual(
      extractFailures(`  × Rendering the report
  x marks the spot
Done in 1.2s`).filter((f) => f.errorMessage.includes('Rendering')),
      [],
    );
  });
});

describe('lines carried escaped inside a string: a JSON record, a repr', () => {
  test("a JSON log record longer than a line is cut to: its stack trace's error is read, behind a collector's prefix too", () => {
    const frames = Array.from(
      { length: 160 },
      (_, k) => `\tat com.acme.ledger.Posting.step${k}(Posting.java:${200 + k})`,
    );
    const record = JSON.stringify({
      '@timestamp': '2025-04-01T07:00:00.000Z',
      level: 'ERROR',
      message: 'posting batch failed',
      stack_trace: `java.lang.ArithmeticException: / by zero\n${frames.join('\n')}`,
    });
    assert.ok(record.length > 8000);
    for (const text of [record, `2025-04-01T07:00:00.001234Z stderr F ${record}`]) {
      assert.deepEqual(typeAndMessage(text), ['java.lang.ArithmeticException', '/ by zero']);
    }
    // The record's message stays behind its prefix, on the line before its stack.
    assert.deepEqual(normalizeText(`2025-04-01T07:00:00.001234Z stderr F ${record}`).lines.slice(0, 2), [
      'stderr F posting batch failed',
      'java.lang.ArithmeticException: / by zero',
    ]);
  });

  test("a notebook runner's traceback printed as a Python list, colour codes escaped; Celery's result dict", () => {
    const list = String.raw`ZeroDivisionError ['\x1b[0;31m---------------------------------------------------------------------------\x1b[0m', '\x1b[0;31mZeroDivisionError\x1b[0m                         Traceback (most recent call last)', "Cell \x1b[0;32mIn[7], line 2\x1b[0m\n\x1b[1;32m      1\x1b[0m total \x1b[38;5;241m=\x1b[39m \x1b[38;5;241m0\x1b[39m\n\x1b[0;32m----> 2\x1b[0m rate \x1b[38;5;241m=\x1b[39m hits \x1b[38;5;241m/\x1b[39m total\n", '\x1b[0;31mZeroDivisionError\x1b[0m: division by zero']`;
    assert.deepEqual(typeAndMessage(`Running notebooks/metrics.ipynb\n${list}\nFAILED`), [
      'ZeroDivisionError',
      'division by zero',
    ]);
    const celery = String.raw`result: {'status': 'FAILURE', 'result': None, 'traceback': 'Traceback (most recent call last):\n  File "/app/jobs/export.py", line 31, in run\n    rows = fetch(\'orders\')\nKeyError: \'orders\'\n', 'task_id': '5f0c'}`;
    const f = primary(celery);
    assert.deepEqual([f.errorType, f.errorMessage, f.code], ['KeyError', "'orders'", "rows = fetch('orders')"]);
  });

  test('colour codes escaped as text go; a line with escapes but no traceback in a string is left alone', () => {
    assert.deepEqual(normalizeText(String.raw`\u001b[31mError: spawn git ENOENT\u001b[39m`).lines, [
      'Error: spawn git ENOENT',
    ]);
    assert.deepEqual(normalizeText(String.raw`echo 'a\nb' > out.txt`).lines, [String.raw`echo 'a\nb' > out.txt`]);
  });
});

describe("JUnit 4's text runner and throwables without the usual suffix", () => {
  test("JUnit 4's 'There was 1 failure:' report is Java's (PHPUnit's reads the same but names Class::method)", () => {
    const f = primary(`JUnit version 4.13.2
..E.
Time: 0.052
There was 1 failure:
1) roundsHalfUp(org.acme.money.MoneyTest)
org.junit.ComparisonFailure: expected:<2.3[5]> but was:<2.3[4]>
	at org.junit.Assert.assertEquals(Assert.java:117)
	at org.acme.money.MoneyTest.roundsHalfUp(MoneyTest.java:41)

FAILURES!!!
Tests run: 4,  Failures: 1`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.map((x) => x.file)],
      ['java', 'org.junit.ComparisonFailure', 'expected:<2.3[5]> but was:<2.3[4]>', ['MoneyTest.java', 'Assert.java']],
    );
    const php = primary(`There was 1 failure:

1) Tests\\Unit\\MoneyTest::testRoundsHalfUp
Failed asserting that '2.34' matches expected '2.35'.

/app/tests/Unit/MoneyTest.php:41`);
    assert.deepEqual([php.language, php.errorType], ['php', 'ExpectationFailedException']);
  });

  test('a qualified class with a message is a throwable where a frame follows; a class alone above frames is not', () => {
    assert.deepEqual(
      typeAndMessage(`com.acme.billing.LedgerProblem: account 7 is closed
	at com.acme.billing.Ledger.post(Ledger.java:88)`),
      ['com.acme.billing.LedgerProblem', 'account 7 is closed'],
    );
    assert.ok(
      extractFailures(`Crashed tests:
com.acme.ingest.ParquetTest
	at org.apache.maven.plugin.surefire.booterclient.ForkStarter.fork(ForkStarter.java:643)`).every(
        (f) => f.errorType !== 'com.acme.ingest.ParquetTest',
      ),
    );
  });
});

describe('native code under Python: nvcc inside a pip build, a C++ exception in a Python process, a PyO3 panic', () => {
  test("nvcc's (the EDG front end's) 'file.cu(N): error: …' is the cause inside a failed wheel build", () => {
    const f = primary(`  Building wheel for flash-kernels (pyproject.toml) ... error
  error: subprocess-exited-with-error

  × Building wheel for flash-kernels (pyproject.toml) did not run successfully.
  │ exit code: 1
  ╰─> [40 lines of output]
      [3/9] /usr/local/cuda/bin/nvcc -c csrc/softmax.cu -o build/softmax.o
      csrc/softmax.cu(118): error #20: identifier "__shfl_xor" is undefined
      1 error detected in the compilation of "csrc/softmax.cu".
      ninja: build stopped: subcommand failed.
      [end of output]
  ERROR: Failed building wheel for flash-kernels`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file],
      ['cpp', 'error', 'identifier "__shfl_xor" is undefined', 'csrc/softmax.cu'],
    );
  });

  test("a C++ exception is Python's where a Python extension threw it; a C++ program's stays C++", () => {
    const torch = primary(`terminate called after throwing an instance of 'c10::Error'
  what():  CUDA error: an illegal memory access was encountered
Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):`);
    assert.deepEqual([torch.language, torch.errorType], ['python', 'c10::Error']);
    const inPython = primary(`terminate called after throwing an instance of 'std::runtime_error'
  what():  bad header
frame #3: <unknown function> + 0x1a2b (0x7f in /opt/venv/lib/python3.11/site-packages/fastreader/_core.cpython-311-x86_64-linux-gnu.so)`);
    assert.deepEqual([inPython.language, inPython.errorType], ['python', 'std::runtime_error']);
    const program = primary(`terminate called after throwing an instance of 'std::out_of_range'
  what():  vector::_M_range_check: __n (which is 5) >= this->size() (which is 3)
Aborted (core dumped)`);
    assert.deepEqual([program.language, program.errorType], ['cpp', 'std::out_of_range']);
  });

  test("a Rust panic that PyO3 raised in Python is the traceback's PanicException", () => {
    const f = primary(`thread '<unnamed>' panicked at crates/core/src/lib.rs:88:14:
index out of bounds: the len is 3 but the index is 7
note: run with \`RUST_BACKTRACE=1\` environment variable to display a backtrace
Traceback (most recent call last):
  File "/app/run.py", line 4, in <module>
    fastcore.compute([1, 2, 3])
pyo3_runtime.PanicException: index out of bounds: the len is 3 but the index is 7`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['python', 'pyo3_runtime.PanicException', 'index out of bounds: the len is 3 but the index is 7'],
    );
  });
});

describe("Meson's test harness", () => {
  test('a test killed by a signal is typed by the signal; one that exited non-zero is a test failure naming it', () => {
    const log = `ninja: Entering directory \`/home/runner/work/kv/kv/build'
ninja: no work to do.
1/4 kv:unit / encode                OK              0.02s
2/4 kv:unit / compaction            FAIL            0.52s   killed by signal 11 SIGSEGV
>>> MALLOC_PERTURB_=112 /home/runner/work/kv/kv/build/tests/compaction
3/4 kv:unit / recovery              FAIL            0.10s   exit status 1
4/4 kv:unit / bench                 SKIP            0.00s

Ok:                 1
Fail:               2
Skipped:            1

Summary of Failures:

2/4 kv:unit / compaction            FAIL            0.52s   killed by signal 11 SIGSEGV
3/4 kv:unit / recovery              FAIL            0.10s   exit status 1`;
    assert.deepEqual(languageTypeMessage(log), ['cpp', 'SIGSEGV', 'killed by signal 11 SIGSEGV']);
    assert.deepEqual(typeAndMessage(log.replace(/^2\/4 .*SIGSEGV$/gm, '')), [
      'test failure',
      'kv:unit / recovery: exit status 1',
    ]);
    assert.deepEqual(typeAndMessage('1/1 kv:unit / slow_io                TIMEOUT        30.01s'), [
      'test failure',
      'kv:unit / slow_io TIMEOUT',
    ]);
  });
});

describe("GoogleTest's failure in a paste cut to it", () => {
  test("a C++ file's 'Failure' with an assertion's words below it, no runner lines around", () => {
    assert.deepEqual(
      typeAndMessage(`here is what ctest shows for the parser:

parser_test.cc:88: Failure
Value of: parse("12:61").ok()
  Actual: true
Expected: false`),
      ['Failure', 'Value of: parse("12:61").ok()'],
    );
    // Another tool's 'file: Failure' line is not GoogleTest's, nor a C++ file's with other words below.
    for (const text of ['smoke.sh:12: Failure\nExpected: 200', 'client.cc:12: Failure\nretrying in 5s'])
      assert.deepEqual(
        extractFailures(text).filter((f) => f.errorType === 'Failure'),
        [],
      );
  });
});

describe('rows drawn to the terminal width are not hard-wrapped lines; behave, Robot Framework, xdist', () => {
  test("pytest's headings and progress rows, all at the width, are not joined to the line below", () => {
    const rule = (title: string, ch = '=') => {
      const side = (80 - title.length - 2) / 2;
      return `${ch.repeat(Math.floor(side))} ${title} ${ch.repeat(Math.ceil(side))}`;
    };
    const log = [
      rule('test session starts'),
      'collected 3 items',
      '',
      `tests/test_tax.py ..F${' '.repeat(53)}[100%]`,
      '',
      rule('FAILURES'),
      '/home/runner/work/tax/tax/tests/test_tax.py:12: KeyError: ' + "'vat'".padEnd(18, ' ').trim(),
      rule('short test summary info'),
      "FAILED tests/test_tax.py::test_vat - KeyError: 'vat'",
      rule('1 failed, 2 passed in 0.05s'),
    ].join('\n');
    assert.ok(log.split('\n').filter((l) => l.length === 80).length >= 4);
    const lines = normalizeText(log).lines;
    assert.ok(lines.includes("FAILED tests/test_tax.py::test_vat - KeyError: 'vat'"), lines.join('\n'));
    assert.ok(lines.includes('collected 3 items'));
  });

  test("behave's failed step: 'Assertion Failed:' under it is its AssertionError, the step its code", () => {
    const f = primary(`  Scenario: VAT on a basket                       # features/tax.feature:3
    Given a basket with 2 books                   # features/steps/tax.py:8 0.000s
    When I check out                              # features/steps/tax.py:14 0.001s
    Then the VAT is 1.20                          # features/steps/tax.py:20 0.000s
      Assertion Failed: expected 1.20, got 0.00

Failing scenarios:
  features/tax.feature:3  VAT on a basket`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.code],
      ['python', 'AssertionError', 'expected 1.20, got 0.00', 'Then the VAT is 1.20'],
    );
  });

  test("Robot Framework's failed test row and its message (typed where the library's exception is); its suite's row is none", () => {
    const row = (name: string, status: string) => `${name.padEnd(70, ' ')}| ${status} |`;
    const dashes = '-'.repeat(78);
    const out = [
      '='.repeat(78),
      'Checkout :: Checkout API',
      '='.repeat(78),
      row('Pay With Card', 'PASS'),
      dashes,
      row('Pay With Expired Card', 'FAIL'),
      'Expected status code 402 but got 500.',
      dashes,
      row('Refund Order', 'FAIL'),
      "ConnectionError: HTTPConnectionPool(host='localhost', port=8080): Max retries exceeded",
      dashes,
      row('Checkout :: Checkout API', 'FAIL'),
      '3 tests, 1 passed, 2 failed',
      '='.repeat(78),
    ].join('\n');
    const found = extractFailures(out).map((f) => [f.errorType, f.errorMessage]);
    assert.deepEqual(found, [
      ['', 'Expected status code 402 but got 500.'],
      ['ConnectionError', "HTTPConnectionPool(host='localhost', port=8080): Max retries exceeded"],
    ]);
  });

  test("pytest-xdist's crashed worker is the failure only where its cause is not printed", () => {
    const crash = `[gw1] node down: Not properly terminated
worker 'gw1' crashed while running 'tests/test_codec.py::test_decode'
FAILED tests/test_codec.py::test_decode`;
    assert.deepEqual(typeAndMessage(crash), [
      '',
      "worker 'gw1' crashed while running 'tests/test_codec.py::test_decode'",
    ]);
    assert.equal(primary(`Fatal Python error: Segmentation fault\n\n${crash}`).errorType, 'Fatal Python error');
  });
});

describe("JavaScript: an error's own name with its message below (Prisma), Next.js's ⨯, Angular's codes, Yarn's usage error", () => {
  test("Node's 'Error [PrismaClientKnownRequestError]:' behind Next's ⨯: the message below Prisma's invocation preamble", () => {
    const f = primary(` ⨯ Error [PrismaClientKnownRequestError]:
Invalid \`prisma.order.create()\` invocation in
/app/src/app/api/orders/route.ts:21:38

  18 export async function POST(req: Request) {
  19   const body = await req.json();
→ 21   const order = await prisma.order.create(
Unique constraint failed on the fields: (\`reference\`)
    at async POST (webpack-internal:///(rsc)/./src/app/api/orders/route.ts:21:23) {
  code: 'P2002',
  clientVersion: '5.22.0'
}`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['javascript', 'PrismaClientKnownRequestError', 'Unique constraint failed on the fields: (`reference`)'],
    );
    assert.deepEqual(typeAndMessage(' ⨯ TypeError: fetch failed'), ['TypeError', 'fetch failed']);
  });

  test("Angular's runtime error code is the type, a production build's minified class too", () => {
    assert.deepEqual(
      typeAndMessage(`main.ts:15 ERROR T: NG0201
    at pn.get (http://localhost:4200/chunk-N7RJVBWW.js:4:8486)
    at Do.get (http://localhost:4200/chunk-N7RJVBWW.js:30:15884)`),
      ['NG0201', 'NG0201'],
    );
    const f =
      primary(`ERROR RuntimeError: NG0100: ExpressionChangedAfterItHasBeenCheckedError: Expression has changed after it was checked.
    at throwErrorIfNoChangesMode (core.mjs:11912:11)`);
    assert.deepEqual([f.language, f.errorType], ['typescript', 'NG0100']);
    // A class before the code keeps the code as the type: \`Error: NG0203 (ChatService).\`.
    assert.deepEqual(languageTypeMessage('ERROR Error: NG0203 (ChatService).'), [
      'typescript',
      'NG0203',
      'NG0203 (ChatService).',
    ]);
  });

  test("Yarn Berry's (clipanion's) 'Usage Error:'", () => {
    assert.deepEqual(
      typeAndMessage(`$ yarn workspace api add zod@4
Usage Error: Workspace not found (api)

$ yarn workspace [--json] <workspaceName> <commandName> ...`),
      ['UsageError', 'Workspace not found (api)'],
    );
  });
});

describe("wrappers that name their cause below: pnpm's first failure, Python's fatal startup error", () => {
  test("pnpm's RECURSIVE_RUN_FIRST_FAIL wraps the script's failure: its spawn error below, or the script's above", () => {
    assert.deepEqual(
      typeAndMessage(`Scope: 4 of 5 workspace projects
ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @acme/web@0.1.0 build: \`vite build\`
spawn vite ENOENT`),
      ['ENOENT', 'spawn vite ENOENT'],
    );
    assert.deepEqual(
      typeAndMessage(`packages/api build$ tsc -p .
src/index.ts(3,1): error TS2304: Cannot find name 'foo'.
ERR_PNPM_RECURSIVE_RUN_FIRST_FAIL  @acme/api@1.0.0 build: \`tsc -p .\`
Exit status 2`),
      ['TS2304', "Cannot find name 'foo'."],
    );
  });

  test("a fatal error at Python's startup names the exception that stopped it", () => {
    assert.deepEqual(
      typeAndMessage(`Fatal Python error: init_fs_encoding: failed to get the Python codec of the filesystem encoding
Python runtime state: core initialized
ModuleNotFoundError: No module named 'encodings'

Current thread 0x00007f0e7b2c1740 (most recent call first):
  <no Python frame>`),
      ['ModuleNotFoundError', "No module named 'encodings'"],
    );
    assert.deepEqual(
      typeAndMessage('Fatal Python error: Segmentation fault\n\nCurrent thread 0x1 (most recent call first):'),
      ['Fatal Python error', 'Segmentation fault'],
    );
  });
});

describe('deploy and boot failures: Spring Boot, Fly.io, Go log.Fatal, Serverless, Liquibase, a killed job', () => {
  test("a Java exception's message over several lines, its frames with logback's packaging data", () => {
    const f =
      primary(`2025-05-02T08:00:01.200Z ERROR 7 --- [billing] [           main] o.s.boot.SpringApplication               : Application run failed

org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer': Validate failed: Migrations have failed validation
Migration checksum mismatch for migration version 3
-> Applied to database : 11
-> Resolved locally    : 12
	at org.springframework.beans.factory.support.AbstractBeanFactory.doGetBean(AbstractBeanFactory.java:328) ~[spring-beans-6.2.3.jar!/:6.2.3]
	at com.acme.billing.BillingApplicationKt.main(BillingApplication.kt:9) ~[!/:0.1.0]`);
    assert.deepEqual(
      [f.language, f.errorType, f.frames.map((x) => x.file)],
      [
        'java',
        'org.springframework.beans.factory.BeanCreationException',
        ['BillingApplication.kt', 'AbstractBeanFactory.java'],
      ],
    );
  });

  test("a health check's refused connections are consequences: the service's own failure is primary", () => {
    const f = primary(`curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server
curl: (7) Failed to connect to localhost port 8080 after 0 ms: Couldn't connect to server
Traceback (most recent call last):
  File "/app/main.py", line 3, in <module>
    settings = Settings()
KeyError: 'DATABASE_URL'`);
    assert.equal(f.errorType, 'KeyError');
    assert.deepEqual(typeAndMessage('curl: (22) The requested URL returned error: 404'), [
      'curl',
      'The requested URL returned error: 404',
    ]);
  });

  test("Fly.io's log prefix (process, machine, region, level) goes, the line's own indent kept", () => {
    const f = primary(`2026-01-10T10:00:00Z app[6e82d9a1c04487] fra [info]Traceback (most recent call last):
2026-01-10T10:00:00Z app[6e82d9a1c04487] fra [info]  File "/app/manage.py", line 22, in <module>
2026-01-10T10:00:00Z app[6e82d9a1c04487] fra [info]    main()
2026-01-10T10:00:00Z app[6e82d9a1c04487] fra [info]django.core.exceptions.ImproperlyConfigured: SECRET_KEY must not be empty.
Error: release command failed - aborting deployment.`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.code],
      ['django.core.exceptions.ImproperlyConfigured', 'SECRET_KEY must not be empty.', 'main()'],
    );
  });

  test("Go's log.Fatal: the log package's last line before the process ended, where it words a failure", () => {
    const run = (tail: string) =>
      extractFailures(`2026/01/10 10:00:00 config loaded from /etc/app.yaml
2026/01/10 10:00:01 open store: dial tcp 127.0.0.1:5432: connect: connection refused
${tail}`);
    assert.deepEqual(run('exit status 1').map((f) => [f.language, f.errorType, f.errorMessage])[0], [
      'go',
      '',
      'open store: dial tcp 127.0.0.1:5432: connect: connection refused',
    ]);
    // A program that logged on and ended well, or whose last line is no failure, reports nothing.
    assert.deepEqual(
      extractFailures('2026/01/10 10:00:00 listening on :8080\n2026/01/10 10:00:09 shutting down\nexit status 1'),
      [],
    );
  });

  test("Serverless's failed deploy: CloudFormation's resource status under 'Error:' is the type, the reason the message", () => {
    assert.deepEqual(
      typeAndMessage(`✖ Stack api-prod failed to deploy (88s)
Error:
CREATE_FAILED: ApiGatewayRestApi (AWS::ApiGateway::RestApi)
Resource handler returned message: "Rate exceeded (Service: ApiGateway, Status Code: 429)"`),
      ['CREATE_FAILED', 'Resource handler returned message: "Rate exceeded (Service: ApiGateway, Status Code: 429)"'],
    );
  });

  test("Liquibase's summary names the database's exception and its reason", () => {
    const f = primary(`ERROR: Exception Details
ERROR: Exception Primary Class:  SQLServerException
ERROR: Exception Primary Reason:  There is already an object named 'orders' in the database.
ERROR: Exception Primary Source:  Microsoft SQL Server 16.00.4135`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['java', 'SQLServerException', "There is already an object named 'orders' in the database."],
    );
  });

  test("the shell's report of a job a signal ended: 'Killed' (the OOM killer), 'Aborted (core dumped)'", () => {
    assert.deepEqual(typeAndMessage('$ python train.py\nEpoch 1/10\nKilled'), ['Killed', 'Killed']);
    assert.deepEqual(typeAndMessage('run.sh: line 12:  4242 Aborted                 (core dumped) ./bench'), [
      'Aborted',
      'Aborted (core dumped)',
    ]);
    assert.deepEqual(extractFailures('3 jobs Killed by the scheduler today'), []);
  });
});

describe("bun test's failed matcher", () => {
  test("'error: expect(received).toBe(expected)', the code row over its caret, its frame", () => {
    const f = primary(`test/cart.test.ts:
✓ cart > adds items [0.10ms]
10 |   const cart = new Cart();
11 |   cart.add({ sku: "a", qty: 2 });
12 |   expect(cart.total()).toBe(20);
                            ^
error: expect(received).toBe(expected)

Expected: 20
Received: 0

      at /home/runner/work/shop/shop/test/cart.test.ts:12:24
✗ cart > totals [0.40ms]

 1 pass
 1 fail`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.code, f.frames[0]?.line],
      ['typescript', '', 'expect(received).toBe(expected)', 'expect(cart.total()).toBe(20);', 12],
    );
  });
});

describe("Python: frames after their exception (Sentry's raw stack), a notebook runner's wrapper, IPython's arrows", () => {
  test('the exception line just above headless frames is theirs', () => {
    const f = primary(`Sentry shows this since the upgrade:

KeyError: 'tenant'
  File "app/middleware.py", line 31, in __call__
    tenant = request.session["tenant"]
  File "app/views.py", line 12, in index
    return render(request, "index.html")`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.code],
      ['KeyError', "'tenant'", 'tenant = request.session["tenant"]\nreturn render(request, "index.html")'],
    );
  });

  test("nbclient's CellExecutionError wraps the cell's own traceback, whose arrowed lines are its code", () => {
    const f = primary(`Traceback (most recent call last):
  File "/opt/conda/bin/jupyter-nbconvert", line 10, in <module>
    sys.exit(main())
nbclient.exceptions.CellExecutionError: An error occurred while executing the following cell:
------------------
totals = df.pivot(index="day", columns="shop", values="sales")
------------------

---------------------------------------------------------------------------
ValueError                                Traceback (most recent call last)
Cell In[4], line 1
----> 1 totals = df.pivot(index="day", columns="shop", values="sales")

File /opt/conda/lib/python3.11/site-packages/pandas/core/reshape/reshape.py:160, in _Unstacker._make_selectors(self)
    159 if mask.sum() < len(self.index):
--> 160     raise ValueError("Index contains duplicate entries, cannot reshape")

ValueError: Index contains duplicate entries, cannot reshape`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.code],
      [
        'ValueError',
        'Index contains duplicate entries, cannot reshape',
        'totals = df.pivot(index="day", columns="shop", values="sales")\nraise ValueError("Index contains duplicate entries, cannot reshape")',
      ],
    );
  });
});

describe("Rust's std abort and cargo's signal; Go's requirement chain; PowerShell and cmd.exe in other set-ups and locales", () => {
  test("std's abort (a stack overflow over two lines, reported once) and cargo's report of a binary a signal killed", () => {
    const so = extractFailures(`thread 'main' has overflowed its stack
fatal runtime error: stack overflow
Aborted (core dumped)`);
    assert.deepEqual(
      so.map((f) => [f.language, f.errorType, f.errorMessage]),
      [
        ['rust', 'fatal runtime error', 'stack overflow'],
        ['shell', 'Aborted', 'Aborted (core dumped)'],
      ],
    );
    assert.deepEqual(
      languageTypeMessage(
        "error: process didn't exit successfully: `target/debug/render` (signal: 11, SIGSEGV: invalid memory reference)",
      ),
      ['rust', 'SIGSEGV', 'invalid memory reference'],
    );
  });

  test("the go command's requirement chain: the error at its end", () => {
    assert.deepEqual(
      typeAndMessage(`go: example.com/app@v0.3.0 requires
	example.com/lib@v0.0.0-20240101000000-abcdef123456: invalid version: unknown revision abcdef123456`),
      ['go', 'example.com/lib@v0.0.0-20240101000000-abcdef123456: invalid version: unknown revision abcdef123456'],
    );
  });

  test("PowerShell: a module-qualified cmdlet's record with a tool's code; a localized record of a lower-case command", () => {
    assert.deepEqual(
      languageTypeMessage(`PM> NuGet\\Install-Package Serilog.Sinks.Seqq
NuGet\\Install-Package : NU1101: Unable to find package Serilog.Sinks.Seqq. No packages exist with this id in source(s): nuget.org
At line:1 char:1
+ NuGet\\Install-Package Serilog.Sinks.Seqq
+ ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : NotSpecified: (:) [Install-Package], Exception
    + FullyQualifiedErrorId : NuGetCmdletUnhandledException,NuGet.PackageManagement.PowerShellCmdlets.InstallPackageCommand`),
      [
        'csharp',
        'NU1101',
        'Unable to find package Serilog.Sinks.Seqq. No packages exist with this id in source(s): nuget.org',
      ],
    );
    assert.deepEqual(
      typeAndMessage(`pyhton : Die Benennung "pyhton" wurde nicht als Name eines Cmdlet, einer Funktion, einer Skriptdatei oder eines
ausführbaren Programms erkannt.
In Zeile:1 Zeichen:1
+ pyhton app.py
+ ~~~~~~
    + CategoryInfo          : ObjectNotFound: (pyhton:String) [], CommandNotFoundException
    + FullyQualifiedErrorId : CommandNotFoundException`),
      [
        'CommandNotFoundException',
        'Die Benennung "pyhton" wurde nicht als Name eines Cmdlet, einer Funktion, einer Skriptdatei oder eines ausführbaren Programms erkannt.',
      ],
    );
  });

  test("cmd.exe's 'not recognized' in more locales, and quoted inside a sentence", () => {
    for (const line of [
      "'node' 不是内部或外部命令，也不是可运行的程序",
      "'node' は、内部コマンドまたは外部コマンド、",
      "'node'은(는) 내부 또는 외부 명령, 실행할 수 있는 프로그램, 또는",
      '"node" не является внутренней или внешней',
      "'node' não é reconhecido como um comando interno",
      '"node" non è riconosciuto come comando interno o esterno,',
    ])
      assert.deepEqual(typeAndMessage(line), ['command not found', line], line);
    assert.deepEqual(
      typeAndMessage(
        'y en el cmd sale este error: "npm" no se reconoce como un comando interno o externo, programa o archivo por lotes ejecutable.',
      ),
      [
        'command not found',
        '"npm" no se reconoce como un comando interno o externo, programa o archivo por lotes ejecutable.',
      ],
    );
  });
});

describe("Gradle's causes under 'What went wrong'", () => {
  test('the deepest `> ` cause is the message, unless it only points at a log', () => {
    assert.deepEqual(
      typeAndMessage(`* What went wrong:
Execution failed for task ':app:checkDebugAarMetadata'.
> Could not resolve all files for configuration ':app:debugRuntimeClasspath'.
   > Could not find com.squareup.okhttp3:okhttp:5.0.0-alpha99.
     Searched in the following locations:
       - https://dl.google.com/dl/android/maven2/com/squareup/okhttp3/okhttp/5.0.0-alpha99/okhttp-5.0.0-alpha99.pom

* Try:
> Run with --stacktrace option to get the stack trace.`),
      ['GradleBuildFailure', 'Could not find com.squareup.okhttp3:okhttp:5.0.0-alpha99.'],
    );
    assert.deepEqual(
      typeAndMessage(`* What went wrong:
Execution failed for task ':app:compileDebugKotlin'.
> A failure occurred while executing org.jetbrains.kotlin.compilerRunner.GradleCompilerRunnerWithWorkers$GradleKotlinCompilerWorkAction
   > Compilation error. See log for more details`),
      ['GradleBuildFailure', "Execution failed for task ':app:compileDebugKotlin'."],
    );
  });
});

describe('native and mobile builds: a box around a tool, R8, the manifest merger, Cython', () => {
  test("a located diagnostic inside a tool's │ box (GoReleaser's cgo build)", () => {
    const f = primary(`  • building binaries
    ⨯ build failed after 3s
    │ # runtime/cgo
    │ gcc_arm64.S:30: Error: no such instruction: \`stp x29,x30,[sp,'
    │ gcc_arm64.S:36: Error: no such instruction: \`stp x19,x20,[sp,'`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames[0]?.file],
      ['error', "no such instruction: `stp x29,x30,[sp,'", 'gcc_arm64.S'],
    );
  });

  test("R8's missing classes and the manifest merger's error are the cause under Gradle's task failure", () => {
    const r8 = primary(`> Task :app:minifyReleaseWithR8 FAILED
ERROR: Missing classes detected while running R8. Please add the missing classes or apply additional keep rules that are generated in /app/build/outputs/mapping/release/missing_rules.txt.
ERROR: R8: Missing class java.beans.Transient (referenced from: void com.fasterxml.jackson.databind.ext.Java7SupportImpl.<init>())

* What went wrong:
Execution failed for task ':app:minifyReleaseWithR8'.
> A failure occurred while executing com.android.build.gradle.internal.tasks.R8Task$R8Runnable
   > Compilation failed to complete`);
    assert.deepEqual([r8.language, r8.errorType], ['java', 'error']);
    assert.match(r8.errorMessage, /^Missing classes detected while running R8\./);
    const merger = primary(`> Task :app:processDebugMainManifest FAILED
/home/runner/work/app/app/src/main/AndroidManifest.xml:9:5-41 Error:
	uses-sdk:minSdkVersion 23 cannot be smaller than version 26 declared in library [androidx.health.connect:connect-client:1.1.0]
/home/runner/work/app/app/src/main/AndroidManifest.xml Error:
	Attribute application@allowBackup value=(false) is also present at [x] value=(true).`);
    assert.deepEqual(
      [merger.errorType, merger.errorMessage, merger.frames[0]?.line],
      [
        'error',
        'uses-sdk:minSdkVersion 23 cannot be smaller than version 26 declared in library [androidx.health.connect:connect-client:1.1.0]',
        9,
      ],
    );
  });

  test("Cython's compile error: the located message, the line over the caret; cythonize's class where it raised it", () => {
    const block = `Error compiling Cython file:
------------------------------------------------------------
...
    for i in range(n):
        total += data[i]
                    ^
------------------------------------------------------------

src/fastsum/_core.pyx:14:20: Indexing Python object not allowed without gil`;
    const f = primary(block);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.code, f.frames[0]?.line],
      ['python', '', 'Indexing Python object not allowed without gil', 'total += data[i]', 14],
    );
    const raised = primary(`${block}
Traceback (most recent call last):
  File "setup.py", line 5, in <module>
    ext_modules=cythonize("src/fastsum/_core.pyx"),
Cython.Compiler.Errors.CompileError: src/fastsum/_core.pyx`);
    assert.deepEqual(
      [raised.errorType, raised.errorMessage],
      ['Cython.Compiler.Errors.CompileError', 'Indexing Python object not allowed without gil'],
    );
  });
});

describe("round 19: a span of three backticks inside a sentence, Apache's error log, a glued net/http panic", () => {
  test('a triple-backtick span opened mid-sentence and closed at the end of a later line', () => {
    assert.deepEqual(
      typeAndMessage(`when I run \`\`\`python train.py\`\`\` I get \`\`\`RuntimeError: CUDA error: device-side assert triggered
CUDA kernel errors might be asynchronously reported at some other API call\`\`\`
any idea?`),
      ['RuntimeError', 'CUDA error: device-side assert triggered'],
    );
    // Balanced spans on one line stay as they are.
    assert.deepEqual(normalizeText('run ```make``` then ```make test```').lines, [
      'run ```make``` then ```make test```',
    ]);
  });

  test("Apache's error log: its module, process and client go; the message's escaped newlines are lines", () => {
    const f = primary(
      '[Thu Mar 11 13:16:10.032544 2021] [php7:error] [pid 5798] [client 10.0.0.9:0] PHP Fatal error:  Uncaught Error: Call to undefined function money() in /var/www/shop/cart.php:40\\nStack trace:\\n#0 /var/www/shop/index.php(12): Cart->total()\\n#1 {main}\\n  thrown in /var/www/shop/cart.php on line 40',
    );
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['php', 'Error', 'Call to undefined function money()']);
    // Its levels: `trace1` to `trace8` are debugging, `crit` an error.
    const n = normalizeText(
      '[Thu Mar 11 13:16:10 2021] [ssl:trace3] [pid 7] handshake\n[Thu Mar 11 13:16:11 2021] [core:crit] [pid 7] no space',
    );
    assert.deepEqual(n.levels, ['debug', 'error']);
  });

  test("net/http's recovered panic after what the program printed on the same line", () => {
    assert.deepEqual(
      languageTypeMessage(`starting...ok2024/02/13 19:41:05 http: panic serving [::1]:60825: runtime error: index out of range [3] with length 3
goroutine 21 [running]:
net/http.(*conn).serve.func1()
	/usr/local/go/src/net/http/server.go:1868 +0xb9`),
      ['go', 'panic', 'runtime error: index out of range [3] with length 3'],
    );
  });
});

describe("bats' TAP report and PHP CS Fixer's dry run", () => {
  test("bats: the failed command under 'not ok', its test file's line as the frame", () => {
    const f = primary(`1..3
ok 1 parse: reads flags
not ok 2 install: picks the newest release
# (from function \`assert_output' in file test/test_helper/bats-assert/src/assert_output.bash, line 194,
#  in test file test/install.bats, line 41)
#   \`assert_output "2.0.1"' failed
#
# -- output differs --
# expected : 2.0.1
# actual   : 2.0.0rc1
# --
ok 3 local: writes the version file`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file, f.frames[0]?.line],
      ['shell', '', '`assert_output "2.0.1"\' failed', 'test/install.bats', 41],
    );
  });

  test("PHP CS Fixer's --dry-run verdict: files it would fix; none found is no failure", () => {
    assert.deepEqual(typeAndMessage('Found 2 of 143 files that can be fixed in 2.114 seconds, 20.000 MB memory used'), [
      '',
      'Found 2 of 143 files that can be fixed in 2.114 seconds, 20.000 MB memory used',
    ]);
    assert.deepEqual(
      extractFailures('Found 0 of 143 files that can be fixed in 1.9 seconds, 20.000 MB memory used'),
      [],
    );
  });
});

describe("Spring Boot 3.4's log line: the application's name in brackets before the thread's", () => {
  test('the prefix goes to the message, its level kept', () => {
    const n = normalizeText(
      '2026-01-10T10:00:00.971Z ERROR 2871 --- [ledger-api] [           main] o.s.boot.SpringApplication               : Application run failed\n2026-01-10T10:00:00.972Z  INFO 2871 --- [           main] o.s.b.StartupInfoLogger : Started',
    );
    assert.deepEqual(n.lines, ['Application run failed', 'Started']);
    assert.deepEqual(n.levels, ['error', 'info']);
  });
});

describe("a PowerShell error record's fields", () => {
  test('are read with the record, never as failures of their own', () => {
    const record = `gti : The term 'gti' is not recognized as the name of a cmdlet, function, script file, or operable program.
At line:1 char:1
+ gti status
+ ~~~
    + CategoryInfo          : ObjectNotFound: (gti:String) [], CommandNotFoundException
    + FullyQualifiedErrorId : CommandNotFoundException`;
    assert.deepEqual(
      extractFailures(record).map((f) => f.errorType),
      ['CommandNotFoundException'],
    );
  });
});

describe('round 20: a stray word before a Node error, logrus, Qt without its platform plugin', () => {
  test('a word pasted before an error line whose frames follow at once', () => {
    assert.deepEqual(
      typeAndMessage(`Log BE:
 return Error [ERR_HTTP_HEADERS_SENT]: Cannot set headers after they are sent to the client
    at ServerResponse.setHeader (node:_http_outgoing:644:11)
    at E:\\app\\server\\routes\\auth.js:173:19`),
      ['ERR_HTTP_HEADERS_SENT', 'Cannot set headers after they are sent to the client'],
    );
    // Prose before a class, with no frames below, is no error line of this reader's.
    assert.ok(extractFailures('then Error: it broke').every((f) => f.language !== 'javascript'));
  });

  test("logrus's terminal format: the level's four letters and the time go, the level kept", () => {
    const n = normalizeText(
      'INFO[0000] starting worker\nERRO[2025/11/24 - 16:59:08] dial tcp 127.0.0.1:6379: connect: connection refused',
    );
    assert.deepEqual(n.lines, ['starting worker', 'dial tcp 127.0.0.1:6379: connect: connection refused']);
    assert.deepEqual(n.levels, ['info', 'error']);
  });

  test("Qt's abort for want of a platform plugin: the plugin's line is the message, Python's under PyQt", () => {
    const text = `$ python3 app.py   # PyQt5 5.15
qt.qpa.plugin: Could not load the Qt platform plugin "xcb" in "" even though it was found.
This application failed to start because no Qt platform plugin could be initialized. Reinstalling the application may fix this problem.

Aborted (core dumped)`;
    assert.deepEqual(languageTypeMessage(text), [
      'python',
      '',
      'Could not load the Qt platform plugin "xcb" in "" even though it was found.',
    ]);
  });
});

describe("PDM's install --check on a stale lock", () => {
  test("the warning-worded verdict that fails the step, where PDM asks for 'pdm lock'", () => {
    assert.deepEqual(
      languageTypeMessage(`Run pdm install --check --prod
WARNING: Lockfile hash doesn't match pyproject.toml, packages may be outdated
Please run \`pdm lock\` to update the lock file
Error: Process completed with exit code 1.`),
      ['python', '', "Lockfile hash doesn't match pyproject.toml, packages may be outdated"],
    );
  });
});

describe('logs seen through containers, service managers and hosting platforms (round 21)', () => {
  test("`Error: …` after a log timestamp is the program's own error line, not a logger's level", () => {
    // `docker logs -t` (RFC 3339 with nanoseconds) of a Node service that fails at start.
    const docker = `2026-03-14T10:22:31.518734112Z node:internal/modules/cjs/loader:1228
2026-03-14T10:22:31.518760771Z   throw err;
2026-03-14T10:22:31.518760771Z   ^
2026-03-14T10:22:31.518761003Z
2026-03-14T10:22:31.518761003Z Error: Cannot find module 'express'
2026-03-14T10:22:31.518761934Z Require stack:
2026-03-14T10:22:31.518762102Z - /srv/app/server.js
2026-03-14T10:22:31.518763387Z     at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)
2026-03-14T10:22:31.518763551Z     at Module._load (node:internal/modules/cjs/loader:1051:27)
2026-03-14T10:22:31.518765290Z     at Object.<anonymous> (/srv/app/server.js:3:17) {
2026-03-14T10:22:31.518768011Z   code: 'MODULE_NOT_FOUND',
2026-03-14T10:22:31.518768462Z   requireStack: [ '/srv/app/server.js' ]
2026-03-14T10:22:31.518768911Z }`;
    assert.deepEqual(languageTypeMessage(docker), ['javascript', 'Error', "Cannot find module 'express'"]);
    // Heroku's logplex lines: the timestamp, then the source and dyno.
    const heroku = `2026-03-14T10:22:30.712046+00:00 heroku[worker.1]: Starting process with command \`node worker.js\`
2026-03-14T10:22:31.518759+00:00 app[worker.1]: /app/worker.js:12
2026-03-14T10:22:31.518760+00:00 app[worker.1]:     throw new Error('QUEUE_URL is not set');
2026-03-14T10:22:31.518760+00:00 app[worker.1]:     ^
2026-03-14T10:22:31.518761+00:00 app[worker.1]: Error: QUEUE_URL is not set
2026-03-14T10:22:31.518762+00:00 app[worker.1]:     at Object.<anonymous> (/app/worker.js:12:11)
2026-03-14T10:22:31.602918+00:00 heroku[worker.1]: Process exited with status 1
2026-03-14T10:22:31.631452+00:00 heroku[worker.1]: State changed from starting to crashed`;
    assert.deepEqual(typeAndMessage(heroku), ['Error', 'QUEUE_URL is not set']);
    // A logger's own levels after its timestamp are still levels: capitals, and winston's lower case.
    const logged = `2026-03-14 10:22:31,004 ERROR: payment webhook rejected: signature mismatch
2026-03-14 10:22:32.117 error: could not reach the ledger service`;
    assert.deepEqual(normalizeText(logged).lines, [
      'payment webhook rejected: signature mismatch',
      'could not reach the ledger service',
    ]);
  });

  test("gunicorn's HaltServer yields to the exception its worker logged; alone, it is the failure", () => {
    const journal = (pid: number, lines: string[]) =>
      lines.map((l) => `Mar 14 09:12:40 web01 gunicorn[${pid}]: ${l}`).join('\n');
    const halt = [
      'Traceback (most recent call last):',
      '  File "/srv/venv/lib/python3.11/site-packages/gunicorn/arbiter.py", line 609, in spawn_worker',
      '    self.manage_workers()',
      '  File "/srv/venv/lib/python3.11/site-packages/gunicorn/arbiter.py", line 251, in handle_chld',
      '    raise HaltServer(reason, self.WORKER_BOOT_ERROR)',
      "gunicorn.errors.HaltServer: <HaltServer 'Worker failed to boot.' 3>",
    ];
    const worker = [
      '[2026-03-14 09:12:40 +0000] [4191] [ERROR] Exception in worker process',
      'Traceback (most recent call last):',
      '  File "/srv/venv/lib/python3.11/site-packages/gunicorn/arbiter.py", line 609, in spawn_worker',
      '    worker.init_process()',
      '  File "/srv/app/shop/models.py", line 3, in <module>',
      '    from django.utils.translation import ugettext_lazy as _',
      "ImportError: cannot import name 'ugettext_lazy' from 'django.utils.translation'",
    ];
    // The status tail pasted first (as `systemctl status` shows it), then the journal with the cause.
    const text = `${journal(4188, halt)}\n\nFull log:\n${journal(4188, worker)}\n${journal(4188, halt)}`;
    assert.deepEqual(typeAndMessage(text), [
      'ImportError',
      "cannot import name 'ugettext_lazy' from 'django.utils.translation'",
    ]);
    assert.deepEqual(typeAndMessage(journal(4188, halt)), [
      'gunicorn.errors.HaltServer',
      "<HaltServer 'Worker failed to boot.' 3>",
    ]);
  });

  test("a chained traceback whose first exception's message runs over several lines ends with the last exception", () => {
    const text = `Traceback (most recent call last):
  File "/usr/lib/python3.12/site-packages/psycopg/pq/__init__.py", line 110, in import_from_libpq
    raise ImportError(
ImportError: no pq wrapper available.
Attempts made:
- couldn't import psycopg 'c' implementation: No module named 'psycopg_c'
- couldn't import psycopg 'python' implementation: libpq library not found

The above exception was the direct cause of the following exception:

Traceback (most recent call last):
  File "/app/manage.py", line 22, in <module>
    main()
  File "/usr/lib/python3.12/site-packages/django/db/backends/postgresql/base.py", line 29, in <module>
    raise ImproperlyConfigured("Error loading psycopg2 or psycopg module")
django.core.exceptions.ImproperlyConfigured: Error loading psycopg2 or psycopg module`;
    const f = primary(text);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames.at(-1)?.function],
      ['django.core.exceptions.ImproperlyConfigured', 'Error loading psycopg2 or psycopg module', '<module>'],
    );
    // Two tracebacks that are not chained stay two failures, the first printed first.
    const two = `Traceback (most recent call last):
  File "a.py", line 1, in <module>
    import yaml
ModuleNotFoundError: No module named 'yaml'
Then I ran the other script:
Traceback (most recent call last):
  File "b.py", line 2, in <module>
    open("cfg.toml")
FileNotFoundError: [Errno 2] No such file or directory: 'cfg.toml'`;
    assert.deepEqual(
      extractFailures(two).map((x) => x.errorType),
      ['ModuleNotFoundError', 'FileNotFoundError'],
    );
    // A chain line after another traceback is that traceback's, not the first one's.
    const later = `${two}

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "b.py", line 4, in <module>
    sys.exit(load_defaults())
RuntimeError: no configuration found`;
    assert.deepEqual(
      extractFailures(later)
        .slice(0, 2)
        .map((x) => x.errorType),
      ['ModuleNotFoundError', 'RuntimeError'],
    );
  });

  test("Monolog's logged exception: its message is unescaped from the JSON context", () => {
    const text = `[2026-03-14 12:40:03] production.ERROR: Class "Redis" not found {"exception":"[object] (Error(code: 0): Class \\"Redis\\" not found at /var/www/html/vendor/laravel/framework/src/Illuminate/Redis/Connectors/PhpRedisConnector.php:79)
[stacktrace]
#0 /var/www/html/vendor/laravel/framework/src/Illuminate/Redis/RedisManager.php(110): Illuminate\\\\Redis\\\\Connectors\\\\PhpRedisConnector->connect(Array, Array)
#1 {main}
"}`;
    const f = primary(text);
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['php', 'Error', 'Class "Redis" not found']);
  });

  test("Bundler's summary of a gem that failed to build yields to RubyGems' own line when it is printed", () => {
    const printed = `Installing pg 1.5.9 with native extensions
Gem::Ext::BuildError: ERROR: Failed to build gem native extension.

    current directory: /usr/local/bundle/ruby/3.3.0/gems/pg-1.5.9/ext
/usr/local/bin/ruby extconf.rb
checking for pg_config... no
Can't find the 'libpq-fe.h header

An error occurred while installing pg (1.5.9), and Bundler cannot continue.

In Gemfile:
  pg`;
    assert.deepEqual(typeAndMessage(printed), ['Gem::Ext::BuildError', 'ERROR: Failed to build gem native extension.']);
    // Only the summary (a paste that starts at it): it still names the failure.
    assert.deepEqual(typeAndMessage(printed.slice(printed.indexOf('An error occurred'))), [
      'Gem::Ext::BuildError',
      'An error occurred while installing pg (1.5.9), and Bundler cannot continue.',
    ]);
  });

  test('a dunder name at the start or end of a line keeps its underscores; bold with underscores goes', () => {
    const f = primary(`Traceback (most recent call last):
  File "/app/jobs/__init__.py", line 4, in __init__
    with open_pool() as pool:
AttributeError: __enter__`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames.at(-1)?.function],
      ['AttributeError', '__enter__', '__init__'],
    );
    assert.deepEqual(normalizeText('__init__.py is empty\n__KeyError: missing__').lines, [
      '__init__.py is empty',
      'KeyError: missing',
    ]);
  });
});

describe('data, database and infrastructure tools (round 22), each from its documented output', () => {
  test("Nix's failed build: the builder's quoted log lines are read as the builder printed them", () => {
    const text = `building '/nix/store/9x2k-python3.12-ledger-1.0.drv'...
error: builder for '/nix/store/9x2k-python3.12-ledger-1.0.drv' failed with exit code 1;
       last 10 log lines:
       > Traceback (most recent call last):
       >   File "/build/source/setup.py", line 4, in <module>
       >     from Cython.Build import cythonize
       > ModuleNotFoundError: No module named 'Cython'
       For full logs, run 'nix log /nix/store/9x2k-python3.12-ledger-1.0.drv'.`;
    assert.deepEqual(languageTypeMessage(text), ['python', 'ModuleNotFoundError', "No module named 'Cython'"]);
  });

  test("changesets' logger prefix goes, so npm's own error under it is read", () => {
    const text = `🦋  info Publishing "@acme/ui" at "2.0.0"
🦋  error an error occurred while publishing @acme/ui: E404 Not Found - PUT https://registry.npmjs.org/@acme%2fui
🦋  error npm error code E404
🦋  error npm error 404 Not Found - PUT https://registry.npmjs.org/@acme%2fui - Not found`;
    const [type, message] = typeAndMessage(text);
    assert.equal(type, 'E404');
    assert.match(message, /^404 Not Found - PUT https:\/\/registry\.npmjs\.org\/@acme%2fui/);
  });

  test("a service container's log printed after the job's steps is context: the step's failure is primary", () => {
    const text = `psql:migrations/004_orders.sql:7: ERROR:  42703: column "total" does not exist
Process completed with exit code 3.
Stop containers
Print service container logs: 5f1c_postgres16alpine_1a2b
/usr/bin/docker logs --details 3faa8848
 sh: locale: not found
 2026-01-19 16:40:13.713 UTC [35] WARNING:  no usable system locales were found
Stop and remove container: 5f1c_postgres16alpine_1a2b`;
    assert.deepEqual(languageTypeMessage(text), ['sql', '42703', 'column "total" does not exist']);
    // psql without VERBOSITY=verbose: the severity is all there is.
    assert.deepEqual(typeAndMessage('psql:seed.sql:2: ERROR:  relation "users" does not exist'), [
      'ERROR',
      'relation "users" does not exist',
    ]);
  });

  test("SQL Server's message header, its message on the next line; level 10 and below is information", () => {
    const text = `Msg 2627, Level 14, State 1, Server DB01, Procedure dbo.usp_AddOrder, Line 12
Violation of PRIMARY KEY constraint 'PK_Orders'. Cannot insert duplicate key in object 'dbo.Orders'.`;
    assert.deepEqual(languageTypeMessage(text), [
      'sql',
      '2627',
      "Violation of PRIMARY KEY constraint 'PK_Orders'. Cannot insert duplicate key in object 'dbo.Orders'.",
    ]);
    assert.deepEqual(extractFailures('Msg 0, Level 10, State 1, Line 1\nrows loaded: 1200'), []);
  });

  test("ansible-playbook: a failed task's msg, a module's exception, the playbook's refusal; ignored failures are none", () => {
    const task = `TASK [app : render config] ******************************************************
fatal: [web1]: FAILED! => {"changed": false, "msg": "Could not find or access 'app.conf.j2'\\nSearched in:\\n\\t/srv/roles/app/templates/app.conf.j2"}

PLAY RECAP *********************************************************************
web1                       : ok=3    changed=0    unreachable=0    failed=1    skipped=0    rescued=0    ignored=0`;
    assert.deepEqual(languageTypeMessage(task), ['ansible', '', "Could not find or access 'app.conf.j2'"]);
    const typed = `fatal: [db1]: FAILED! => {"changed": false, "msg": "AnsibleUndefinedVariable: 'dict object' has no attribute 'port'"}`;
    assert.deepEqual(typeAndMessage(typed), ['AnsibleUndefinedVariable', "'dict object' has no attribute 'port'"]);
    const crashed = `An exception occurred during task execution. To see the full traceback, use -vvv. The error was: KeyError: 'auth_type'
fatal: [db1]: FAILED! => {"changed": false, "module_stderr": "", "module_stdout": "", "msg": "MODULE FAILURE\\nSee stdout/stderr for the exact error", "rc": 1}`;
    assert.deepEqual(languageTypeMessage(crashed), ['python', 'KeyError', "'auth_type'"]);
    const refused = `ERROR! the role 'geerlingguy.docker' was not found in /srv/roles:/root/.ansible/roles

The error appears to be in '/srv/site.yml': line 5, column 7, but may
be elsewhere in the file depending on the exact syntax problem.`;
    assert.deepEqual(typeAndMessage(refused), [
      'ERROR',
      "the role 'geerlingguy.docker' was not found in /srv/roles:/root/.ansible/roles",
    ]);
    const ignored = `TASK [stop old service] ********************************************************
fatal: [web1]: FAILED! => {"changed": false, "msg": "Could not find the requested service legacy: host\nUnit legacy.service not loaded."}
...ignoring

PLAY RECAP *********************************************************************
web1                       : ok=5    changed=1    unreachable=0    failed=0    skipped=0    rescued=0    ignored=1`;
    assert.deepEqual(extractFailures(ignored), []);
    // A result longer than a line is kept (cut to 4,000 characters, its JSON unfinished): its `msg` as written.
    const cut = `fatal: [web1]: FAILED! => {"changed": false, "msg": "Template \\"app.conf.j2\\" failed: ${'x'.repeat(5000)}"}`;
    assert.match(primary(cut).errorMessage, /^Template "app\.conf\.j2" failed: x+$/);
  });

  test("dbt's node errors: the kind as dbt names it, the database's or the compiler's message", () => {
    const run = `14:01:59  9 of 16 ERROR creating sql table model analytics.orders ............ [ERROR in 0.07s]
14:01:59
14:01:59  Completed with 1 error, 0 partial successes, and 0 warnings:
14:01:59
14:01:59    Database Error in model orders (models/marts/orders.sql)
  column p.amount does not exist
  LINE 31:         sum(p.amount) as gross_amount,
                       ^
  compiled code at target/run/shop/models/marts/orders.sql
14:01:59
14:01:59  Done. PASS=12 WARN=0 ERROR=1 SKIP=3 TOTAL=16`;
    const f = primary(run);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames.at(-1)?.file],
      ['Database Error', 'column p.amount does not exist', 'models/marts/orders.sql'],
    );
    const compile = `09:41:07  Encountered an error:
Compilation Error in macro generate_schema_name (macros/generate_schema_name.sql)
  'target_schema' is undefined. This can happen when calling a macro that does not exist.`;
    assert.deepEqual(typeAndMessage(compile), [
      'Compilation Error',
      "'target_schema' is undefined. This can happen when calling a macro that does not exist.",
    ]);
  });

  test("SQLFluff's lint report: the file's first violation, its wrapped message joined, its rule's name dropped", () => {
    const text = `== [models/staging/stg_orders.sql] FAIL
L:   9 | P:   9 | AL03 | Column expression without alias. Use explicit \`AS\`
                       | clause. [aliasing.expression]
L:  14 | P:  32 | LT01 | Expected only single space before 'as' keyword.
                       | Found '  '. [layout.spacing]
All Finished 📜 🎉!`;
    const f = primary(text);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      ['sql', 'AL03', 'Column expression without alias. Use explicit `AS` clause.', 'models/staging/stg_orders.sql', 9],
    );
  });

  test("Checkov's failed check is the failure; a passed one is none", () => {
    const failed = `Passed checks: 211, Failed checks: 1, Skipped checks: 4

Check: CKV_AWS_24: "Ensure no security groups allow ingress from 0.0.0.0:0 to port 22"
	FAILED for resource: module.bastion.aws_security_group.bastion
	File: /modules/bastion/main.tf:12-31`;
    assert.deepEqual(typeAndMessage(failed), [
      'CKV_AWS_24',
      'Ensure no security groups allow ingress from 0.0.0.0:0 to port 22',
    ]);
    const passed = `Check: CKV_AWS_20: "S3 Bucket has an ACL defined which allows public READ access."
	PASSED for resource: aws_s3_bucket.logs`;
    assert.deepEqual(extractFailures(passed), []);
  });

  test("Chef's resource failure: the exception's class alone between rules, its message below", () => {
    const text = `    ================================================================================
    Error executing action \`run\` on resource 'execute[db-migrate]'
    ================================================================================

    Mixlib::ShellOut::ShellCommandFailed
    ------------------------------------
    Expected process to exit with [0], but received '127'
    ---- Begin output of "/opt/app/bin/migrate" ----
    STDERR: sh: 1: /opt/app/bin/migrate: not found
    ---- End output of "/opt/app/bin/migrate" ----`;
    assert.deepEqual(languageTypeMessage(text), [
      'ruby',
      'Mixlib::ShellOut::ShellCommandFailed',
      "Expected process to exit with [0], but received '127'",
    ]);
  });

  test("spark-submit on YARN: the driver's exception in the diagnostics, not the client's 'finished with failed status'", () => {
    const text = `26/02/11 09:21:07 INFO Client: Application report for application_1770621788551_0042 (state: FINISHED)
26/02/11 09:21:07 INFO Client:
	 client token: N/A
	 diagnostics: User class threw exception: org.apache.spark.SparkException: Job aborted due to stage failure: Task 3 in stage 2.0 failed 4 times, most recent failure: Lost task 3.3 in stage 2.0 (TID 41): java.lang.NumberFormatException: For input string: "N/A"
	 final status: FAILED
Exception in thread "main" org.apache.spark.SparkException: Application application_1770621788551_0042 finished with failed status
	at org.apache.spark.deploy.yarn.Client.run(Client.scala:1320)
	at org.apache.spark.deploy.yarn.YarnClusterApplication.start(Client.scala:1752)
	at org.apache.spark.deploy.SparkSubmit.doRunMain$1(SparkSubmit.scala:1029)`;
    const [type, message] = typeAndMessage(text);
    assert.equal(type, 'org.apache.spark.SparkException');
    assert.match(message, /^Job aborted due to stage failure: Task 3 in stage 2\.0 failed 4 times/);
    // Without the diagnostics (the client's output cut), the client's exception is the failure.
    assert.deepEqual(typeAndMessage(text.slice(text.indexOf('Exception in thread'))), [
      'org.apache.spark.SparkException',
      'Application application_1770621788551_0042 finished with failed status',
    ]);
  });

  test("prisma migrate's error code alone on its line, its message the next paragraph", () => {
    const text = `Applying migration \`20260211093015_add_email_unique\`
Error: P3018

A migration failed to apply. New migrations cannot be applied before the error is recovered from.

Migration name: 20260211093015_add_email_unique`;
    assert.deepEqual(typeAndMessage(text), [
      'P3018',
      'A migration failed to apply. New migrations cannot be applied before the error is recovered from.',
    ]);
  });
});

describe('formats of the twenty-third probe round, each from its documented output', () => {
  test(".NET's Windows event 1026: the exception that ended the process, after the inner ones", () => {
    const framework = `Application: Ledger.exe
Framework Version: v4.0.30319
Description: The process was terminated due to an unhandled exception.
Exception Info: System.IO.FileNotFoundException
   at Ledger.Settings.Load(System.String)
   at Ledger.App.OnStartup(System.Object)

Exception Info: System.Windows.Markup.XamlParseException
   at System.Windows.Markup.XamlReader.RewrapException(System.Exception, System.Xaml.IXamlLineInfo, System.Uri)
   at System.Windows.Application.DoStartup()`;
    const f = primary(framework);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage],
      ['csharp', 'System.Windows.Markup.XamlParseException', ''],
    );
    // Innermost last, as every reader returns frames.
    assert.equal(
      f.frames.at(-1)?.function,
      'System.Windows.Markup.XamlReader.RewrapException(System.Exception, System.Xaml.IXamlLineInfo, System.Uri)',
    );
    // .NET Core and later print the message after the class.
    assert.deepEqual(
      languageTypeMessage(`Application: Ledger.exe
CoreCLR Version: 8.0.1124.51707
.NET Version: 8.0.11
Description: The process was terminated due to an unhandled exception.
Exception Info: System.InvalidOperationException: Unable to resolve service for type 'Ledger.IClock'.
   at Microsoft.Extensions.DependencyInjection.ServiceLookup.CallSiteFactory.CreateArgumentCallSites(ServiceIdentifier serviceIdentifier)`),
      ['csharp', 'System.InvalidOperationException', "Unable to resolve service for type 'Ledger.IClock'."],
    );
  });

  test(".NET's event in Windows' display language, each frame's `at` left at the end of the line before it", () => {
    const zh = `例外狀況資訊: 
System.UnauthorizedAccessException 於 
System.IO.__Error.WinIOError(Int32, System.String) 於 
Ledger.Settings.Save(System.String) 

應用程式: Ledger.exe`;
    const f = primary(zh);
    assert.deepEqual([f.errorType, f.frames.length], ['System.UnauthorizedAccessException', 2]);
    assert.equal(f.frames.at(-1)?.function, 'System.IO.__Error.WinIOError(Int32, System.String)');
    assert.deepEqual(
      typeAndMessage(`Anwendung: Ledger.exe
Beschreibung: Der Prozess wurde aufgrund einer unbehandelten Ausnahme beendet.
Ausnahmeinformationen: System.NullReferenceException
   bei Ledger.MainForm.LoadSettings()`),
      ['System.NullReferenceException', ''],
    );
    // The label without a class after it is no exception.
    assert.deepEqual(extractFailures('Exception Info: see the attached dump'), []);
  });

  test("CodeIgniter's error pages: the uncaught exception, the PHP error's severity, the database's number", () => {
    const page = `A PHP Error was encountered
Severity: Warning
Message: Undefined variable $title
Filename: views/home.php
Line Number: 4

An uncaught Exception was encountered
Type: Error
Message: Call to undefined function mysqli_init()
Filename: /var/www/html/system/database/drivers/mysqli/mysqli_driver.php
Line Number: 135
Backtrace:
File: /var/www/html/index.php
Line: 315
Function: require_once`;
    // The exception is the failure; the warning printed before it let the page go on.
    const [exception, warning] = extractFailures(page);
    assert.deepEqual(
      [exception!.errorType, exception!.errorMessage, exception!.frames.at(-1)?.line],
      ['Error', 'Call to undefined function mysqli_init()', 135],
    );
    assert.deepEqual([warning!.errorType, warning!.errorMessage], ['Warning', 'Undefined variable $title']);
    // The CLI template pads its fields; the HTML one, pasted from the page's source, keeps its tags.
    assert.deepEqual(
      typeAndMessage(`An uncaught Exception was encountered

Type:        ArgumentCountError
Message:     Too few arguments to function Blog::show(), 0 passed and exactly 1 expected
Filename:    /srv/app/controllers/Blog.php
Line Number: 18`),
      ['ArgumentCountError', 'Too few arguments to function Blog::show(), 0 passed and exactly 1 expected'],
    );
    assert.deepEqual(
      typeAndMessage(
        `<h1>A Database Error Occurred</h1>
<p>Error Number: 1146</p><p>Table 'shop.orders' doesn't exist</p><p>SELECT * FROM \`orders\`</p><p>Filename: models/Order_model.php</p><p>Line Number: 27</p>`.replace(
          /<\/p><p>/g,
          '</p>\n<p>',
        ),
      ),
      ['1146', "Table 'shop.orders' doesn't exist"],
    );
  });

  test("Maven's PMD and SpotBugs checks: the first finding, not the goal's count of them", () => {
    const pmd = `[INFO] --- pmd:3.26.0:check (default) @ orders ---
[INFO] PMD Failure: com.acme.orders.OrderService:88 Rule:AvoidCatchingGenericException Priority:3 Avoid catching generic exceptions such as NullPointerException, RuntimeException, Exception in try-catch block.
[INFO] PMD Failure: com.acme.orders.Money:12 Rule:ShortVariable Priority:3 Avoid variables with short names like x.
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal org.apache.maven.plugins:maven-pmd-plugin:3.26.0:check (default) on project orders: You have 2 PMD violations. -> [Help 1]`;
    const f = primary(pmd);
    assert.deepEqual([f.language, f.errorType], ['java', 'AvoidCatchingGenericException']);
    assert.match(f.errorMessage, /^Avoid catching generic exceptions/);
    const spotbugs = `[INFO] --- spotbugs:4.8.6.6:check (default) @ orders ---
[INFO] Total bugs: 2
[ERROR] High: Null pointer dereference of order in com.acme.orders.OrderService.total(String) [com.acme.orders.OrderService] Dereferenced at OrderService.java:[line 41] NP_NULL_ON_SOME_PATH
[ERROR] Medium: com.acme.orders.Order.getItems() may expose internal representation by returning Order.items [com.acme.orders.Order] At Order.java:[line 22] EI_EXPOSE_REP
[ERROR] Failed to execute goal com.github.spotbugs:spotbugs-maven-plugin:4.8.6.6:check (default) on project orders: failed with 2 bugs and 0 errors -> [Help 1]`;
    const b = primary(spotbugs);
    assert.deepEqual(
      [b.errorType, b.errorMessage, b.frames[0]?.file, b.frames[0]?.line],
      [
        'NP_NULL_ON_SOME_PATH',
        'Null pointer dereference of order in com.acme.orders.OrderService.total(String)',
        'OrderService.java',
        41,
      ],
    );
  });

  test("Steep's diagnostics: the check's ID below the located `[error]`, a `[warning]` failing nothing", () => {
    const text = `# Type checking files:

......F

lib/app/zone.rb:3:2: [warning] Cannot find the declaration of constant: \`Zone\`
│ Diagnostic ID: Ruby::UnknownConstant
│
└   Zone.parse(raw)

lib/app/clock.rb:14:8: [error] Type \`::App::Clock\` does not have method \`tick!\`
│ Diagnostic ID: Ruby::NoMethod
│
└     tick!
      ~~~~~

Detected 2 problems from 2 files`;
    const f = primary(text);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file],
      ['ruby', 'Ruby::NoMethod', 'Type `::App::Clock` does not have method `tick!`', 'lib/app/clock.rb'],
    );
    // A diagnostic whose box names no ID does not take the next one's.
    const noId = [
      'lib/a.rb:3:2: [error] Cannot allow block body have type `::Integer`',
      'lib/b.rb:9:4: [error] Type `::B` does not have method `c`',
      '│ Diagnostic ID: Ruby::NoMethod',
    ].join('\n');
    assert.equal(primary(noId).errorType, 'error');
  });

  test("gosec's text report: the rule and its CWE before the message, confidence and severity after", () => {
    const text = `Results:


[/home/runner/work/api/api/internal/auth/token.go:58] - G401 (CWE-328): Use of weak cryptographic primitive (Confidence: HIGH, Severity: MEDIUM)
    57: func fingerprint(b []byte) string {
  > 58: \treturn fmt.Sprintf("%x", md5.Sum(b))
    59: }

Summary:
  Files  : 41
  Issues : 1`;
    const f = primary(text);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.line],
      ['go', 'G401', 'Use of weak cryptographic primitive', 58],
    );
  });

  test("Flyway's failed migration: the database's code and message, not the wrapper that carries them", () => {
    const cli = `Flyway OSS Edition 10.20.1 by Redgate
Database: jdbc:postgresql://localhost:5432/shop (PostgreSQL 16.4)
Successfully validated 3 migrations (execution time 00:00.021s)
Migrating schema "public" to version "2 - add orders"
ERROR: Migration of schema "public" to version "2 - add orders" failed! Changes successfully rolled back.
ERROR: Migration V2__add_orders.sql failed
-----------------------------------
SQL State  : 42P07
Error Code : 0
Message    : ERROR: relation "orders" already exists
Location   : sql/V2__add_orders.sql (/flyway/sql/V2__add_orders.sql)
Line       : 1
Statement  : CREATE TABLE orders (id bigserial primary key)`;
    const f = primary(cli);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      ['sql', '42P07', 'relation "orders" already exists', 'sql/V2__add_orders.sql', 1],
    );
    // Under Maven, after the goal's wrapper; Oracle leads its message with its own code.
    const maven = `[ERROR] Failed to execute goal org.flywaydb:flyway-maven-plugin:10.20.1:migrate (default-cli) on project billing: org.flywaydb.core.internal.command.DbMigrate$FlywayMigrateException:
[ERROR] Migration V3__indexes.sql failed
[ERROR] ------------------------------
[ERROR] SQL State  : 42000
[ERROR] Error Code : 955
[ERROR] Message    : ORA-00955: name is already used by an existing object
[ERROR] Location   : db/migration/V3__indexes.sql (/src/main/resources/db/migration/V3__indexes.sql)
[ERROR] Line       : 2
[ERROR] -> [Help 1]`;
    assert.deepEqual(typeAndMessage(maven), ['ORA-00955', 'name is already used by an existing object']);
    // Spring Boot's startup failure prints it as the message of the bean's exception.
    const boot = `2026-03-04T10:21:18.123Z ERROR 1 --- [           main] o.s.boot.SpringApplication               : Application run failed

org.springframework.beans.factory.BeanCreationException: Error creating bean with name 'flywayInitializer' defined in class path resource [org/springframework/boot/autoconfigure/flyway/FlywayAutoConfiguration$FlywayConfiguration.class]: Migration V2__add_orders.sql failed
-----------------------------------
SQL State  : 42P07
Error Code : 0
Message    : ERROR: relation "orders" already exists
Location   : db/migration/V2__add_orders.sql (/app/BOOT-INF/classes/db/migration/V2__add_orders.sql)
Line       : 1
Statement  : CREATE TABLE orders (id bigserial primary key)

	at org.springframework.beans.factory.support.AbstractAutowireCapableBeanFactory.initializeBean(AbstractAutowireCapableBeanFactory.java:1806)
	at org.springframework.boot.SpringApplication.run(SpringApplication.java:335)`;
    assert.deepEqual(typeAndMessage(boot), ['42P07', 'relation "orders" already exists']);
  });

  test("Pulumi's diagnostics: a resource's error, not the stack's `update failed`; an AWS API's code named", () => {
    const text = `Updating (dev)

     Type                       Name          Status                  Info
     pulumi:pulumi:Stack        shop-dev      **failed**              1 error
 +   └─ aws:s3:BucketV2         assets        **creating failed**     1 error

Diagnostics:
  aws:s3:BucketV2 (assets):
    error:   sdk-v2/provider2.go:515: sdk.helper_schema: creating S3 Bucket (shop-assets): operation error S3: CreateBucket, https response error StatusCode: 409, RequestID: 7QW3, HostID: abc, BucketAlreadyExists: : provider=aws@6.70.1
    error: 1 error occurred:
    	* creating S3 Bucket (shop-assets): operation error S3: CreateBucket, https response error StatusCode: 409

  pulumi:pulumi:Stack (shop-dev):
    error: update failed

Resources:
    1 unchanged`;
    // No \`api error\` in S3's wording: the provider's message, its place in the provider cut.
    assert.deepEqual(typeAndMessage(text), [
      '',
      'creating S3 Bucket (shop-assets): operation error S3: CreateBucket, https response error StatusCode: 409, RequestID: 7QW3, HostID: abc, BucketAlreadyExists:',
    ]);
    // A Terraform-bridged provider's \`1 error occurred:\` is the item listed below it.
    const listed = text.replace(/error: {3}sdk-v2.*\n {4}error: 1 error occurred:\n/, '    error: 1 error occurred:\n');
    assert.match(primary(listed).errorMessage, /^creating S3 Bucket \(shop-assets\): operation error S3: CreateBucket/);
    const rds = text.replace(
      /error: {3}sdk-v2.*\n/,
      'error:   sdk-v2/provider2.go:572: sdk.helper_schema: creating RDS DB Instance (orders): operation error RDS: CreateDBInstance, https response error StatusCode: 400, RequestID: 8b2f, api error InvalidParameterCombination: RDS does not support creating a DB instance with the following combination: DBInstanceClass=db.t2.micro.: provider=aws@6.70.1\n',
    );
    assert.equal(primary(rds).language, 'aws');
    assert.deepEqual(typeAndMessage(rds), [
      'InvalidParameterCombination',
      'RDS does not support creating a DB instance with the following combination: DBInstanceClass=db.t2.micro.',
    ]);
    // A program's own exception is introduced by a line that ends with a colon, and read as the traceback it is.
    const program = `Diagnostics:
  pulumi:pulumi:Stack (shop-dev):
    error: Program failed with an unhandled exception:
    Traceback (most recent call last):
      File "/app/__main__.py", line 4, in <module>
        bucket = s3.Bucket(name)
    NameError: name 'name' is not defined`;
    assert.deepEqual(typeAndMessage(program), ['NameError', "name 'name' is not defined"]);
  });

  test("Terraform's AWS provider: the API's error code inside the diagnostic's generic `Error:`", () => {
    const text = `╷
│ Error: creating EC2 Instance: operation error EC2: RunInstances, https response error StatusCode: 400, RequestID: 5c0e, api error InvalidParameterValue: Value (t3.medum) for parameter instanceType is invalid.
│
│   with aws_instance.bastion,
│   on main.tf line 18, in resource "aws_instance" "bastion":
│   18: resource "aws_instance" "bastion" {
│
╵`;
    const f = primary(text);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames.at(-1)?.file],
      ['InvalidParameterValue', 'Value (t3.medum) for parameter instanceType is invalid.', 'main.tf'],
    );
    // A provider's error line pasted alone keeps Pulumi's provider suffix until the API's error is read.
    assert.deepEqual(
      typeAndMessage(
        'error: creating RDS DB Instance (db): operation error RDS: CreateDBInstance, https response error StatusCode: 400, RequestID: r1, api error InvalidParameterValue: Invalid DB engine: provider=aws@6.70.1',
      ),
      ['InvalidParameterValue', 'Invalid DB engine'],
    );
    // S3 names its host before the API's error.
    assert.equal(
      primary(
        'Error: reading S3 Bucket (logs): operation error S3: HeadBucket, https response error StatusCode: 403, RequestID: R1, HostID: H1/x=, api error AccessDenied: Access Denied',
      ).errorType,
      'AccessDenied',
    );
    // A class of its own stays: only a generic type gives way to the API's code.
    assert.equal(
      primary(
        'botocore.exceptions.ClientError: operation error S3: GetObject, api error NoSuchKey: The specified key does not exist.',
      ).errorType,
      'botocore.exceptions.ClientError',
    );
  });

  test("the TypeScript language server's checks (`astro check`) name the code as `ts(2339)`", () => {
    assert.deepEqual(
      languageTypeMessage(
        "src/components/Card.astro:9:14 - error ts(2339): Property 'slug' does not exist on type 'Props'.",
      ),
      ['typescript', 'TS2339', "Property 'slug' does not exist on type 'Props'."],
    );
    // Without its location (a pasted line), the same code.
    assert.equal(primary("error ts(2339): Property 'slug' does not exist on type 'Props'.").errorType, 'TS2339');
  });

  test("TFLint's default format: the rule in parentheses is the type, `on file line N:` the place", () => {
    const text = `2 issue(s) found:

Warning: variable "region" is declared but not used (terraform_unused_declarations)

  on variables.tf line 3:
   3: variable "region" {

Error: "db.t3.mircro" is an invalid value as instance_class (aws_db_instance_invalid_class)

  on rds.tf line 11:
  11:   instance_class = "db.t3.mircro"

Reference: https://github.com/terraform-linters/tflint-ruleset-aws/blob/v0.38.0/docs/rules/aws_db_instance_invalid_class.md`;
    const f = primary(text);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames[0]?.file, f.frames[0]?.line],
      ['aws_db_instance_invalid_class', '"db.t3.mircro" is an invalid value as instance_class', 'rds.tf', 11],
    );
  });

  test("Wrangler's API error: the Cloudflare API's code in the note below `✘ [ERROR]`", () => {
    const text = `✘ [ERROR] A request to the Cloudflare API (/accounts/abc/workers/scripts/api) failed.

  Workers Platform error: script too large [code: 10027]

  If you think this is a bug, please open an issue at: https://github.com/cloudflare/workers-sdk/issues/new/choose`;
    assert.deepEqual(typeAndMessage(text), [
      '10027',
      'A request to the Cloudflare API (/accounts/abc/workers/scripts/api) failed.',
    ]);
  });

  test("sqlc's errors under `# package <name>`: the database's message about a query", () => {
    const f = primary(`# package store
db/query.sql:14:10: relation "invoices" does not exist
exit status 1`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file],
      ['sql', '', 'relation "invoices" does not exist', 'db/query.sql'],
    );
  });

  test("a CLI's `error:` alone, its message the paragraph after a blank line", () => {
    const f = primary(`error: 

the Rust project used to build this wasm file was linked against another version of wasm-bindgen

Caused by:
    0: wasm-bindgen call returned a bad status`);
    assert.equal(
      f.errorMessage,
      'the Rust project used to build this wasm file was linked against another version of wasm-bindgen',
    );
    // A heading followed at once by its text is no such error.
    assert.deepEqual(extractFailures('Error:\nnone so far, it just hangs'), []);
  });

  test("MkDocs's configuration errors: `Config value 'key': …` before `Aborted with N Configuration Errors!`", () => {
    const text = `INFO    -  Building documentation...
WARNING -  Config value 'dev_addr': The use of the IP address '0.0.0.0' suggests a production environment
ERROR   -  Config value 'theme': Unrecognised theme name: 'materail'. The available installed themes are: mkdocs, readthedocs
Aborted with 1 Configuration Errors!`;
    assert.deepEqual(languageTypeMessage(text), [
      'python',
      '',
      "Config value 'theme': Unrecognised theme name: 'materail'. The available installed themes are: mkdocs, readthedocs",
    ]);
    // The level and MkDocs's ` -  ` after it both go.
    assert.equal(
      normalizeText(text).lines[2],
      "Config value 'theme': Unrecognised theme name: 'materail'. The available installed themes are: mkdocs, readthedocs",
    );
  });

  test("a Windows console's cut at 120 columns, within a word, is joined even where only two lines reached it", () => {
    const cut = (s: string) => [s.slice(0, 120), s.slice(120)];
    const text = [
      'C:\\app> ruby bin/sync',
      ...cut(
        `Please report this failure at https://github.com/acme/sync/issues/new and attach the log file that was written to the work folder.`,
      ),
      ...cut(
        `C:/Ruby33/lib/ruby/gems/3.3.0/gems/sync-1.2.0/lib/sync/remote.rb:48:in \`fetch_index': undefined method \`[]' for nil (NoMethodError)`,
      ),
      "        from C:/Ruby33/lib/ruby/gems/3.3.0/gems/sync-1.2.0/lib/sync/cli.rb:20:in `run'",
    ].join('\n');
    assert.deepEqual(typeAndMessage(text), ['NoMethodError', "undefined method `[]' for nil"]);
    // Prose an editor wrapped at 80 columns has many lines just short of the width: two that reach it
    // exactly, word against word, are no console's cut.
    const prose = [
      'The sync job has been failing on the Windows runner since we moved to Ruby 3.3 a',
      'I could not find out why it happens only there; the Gemfile works on Linux.',
      'When I run it locally it works most of the time, but every few runs it stops wit',
      'an error about the index, as if the remote had returned nothing at all to us.',
      'Maybe it is a timeout in the HTTP client we use, or the proxy on the boxes.',
      'We tried pinning the client gem and raising its timeouts, with no change.',
      'The log of the last failed run is attached; the one before it looks the same.',
      'Any idea where to look next would help, we are out of ideas on our side now.',
    ];
    assert.deepEqual(
      prose.map((l) => l.length),
      [80, 75, 80, 77, 75, 73, 77, 76],
    );
    assert.deepEqual(normalizeText(prose.join('\n')).lines, prose);
    // Fewer lines just short of the width (three against two at it) are no console's cut either.
    assert.deepEqual(normalizeText(prose.slice(0, 6).join('\n')).lines, prose.slice(0, 6));
  });
});

describe('formats of the twenty-fourth probe round, each from its documented output', () => {
  test("gin's Recovery: the panic's value after the request it dumps, its stack as `file.go:N (0x…)`", () => {
    const text = `[GIN] 2026/02/11 - 09:12:40 | 500 |     1.2ms |      10.0.0.7 | GET      "/api/orders/17"


2026/02/11 09:12:40 [Recovery] 2026/02/11 - 09:12:40 panic recovered:
GET /api/orders/17 HTTP/1.1
Host: localhost:8080
Accept: application/json
Authorization: *


assignment to entry in nil map
/usr/local/go/src/runtime/map_faststr.go:205 (0x41d1b5)
	mapassign_faststr: panic(plainError("assignment to entry in nil map"))
/app/internal/orders/cache.go:31 (0x8c1f2e)
	(*Cache).Put: c.items[key] = o
/go/pkg/mod/github.com/gin-gonic/gin@v1.10.0/context.go:185 (0x8b6f8a)
	(*Context).Next: c.handlers[c.index](c)`;
    const f = primary(text);
    assert.deepEqual([f.language, f.errorType, f.errorMessage], ['go', 'panic', 'assignment to entry in nil map']);
    assert.equal(f.frames.length, 3);
    assert.equal(f.frames.at(-1)?.file, '/usr/local/go/src/runtime/map_faststr.go');
    // In release mode gin prints no request: the value follows the head at once.
    const release = `[Recovery] 2026/02/11 - 09:12:40 panic recovered:
runtime error: index out of range [3] with length 3
/app/internal/orders/list.go:57 (0x8c2a11)
	List: return items[3]
[GIN] 2026/02/11 - 09:12:40 | 500 |     0.4ms |      10.0.0.7 | GET      "/api/orders"`;
    assert.deepEqual(typeAndMessage(release), ['panic', 'runtime error: index out of range [3] with length 3']);
  });

  test("Laravel's error as plain text (a serverless runtime's page): the class with a colon, the message, `at`", () => {
    const text = `Illuminate\\Database\\QueryException:
SQLSTATE[HY000] [2002] Connection refused (Connection: mysql, SQL: select * from \`sessions\` where \`id\` = abc limit 1)

  at /var/task/user/vendor/laravel/framework/src/Illuminate/Database/Connection.php:825
  at Illuminate\\Database\\Connection->runQueryCallback('select * from \`sessions\`', array(), object(Closure))
     (/var/task/user/vendor/laravel/framework/src/Illuminate/Database/Connection.php:779)`;
    const f = primary(text);
    assert.deepEqual(
      [f.language, f.errorType, f.frames.at(-1)?.line],
      ['php', 'Illuminate\\Database\\QueryException', 825],
    );
    assert.match(f.errorMessage, /^SQLSTATE\[HY000\] \[2002\] Connection refused/);
    // A namespace with a colon and no \`at\` below it is no exception.
    assert.deepEqual(extractFailures('App\\Http\\Controllers:\nthe controllers live here\n'), []);
  });

  test("Django's debug page copied from the browser: `Exception Value:` with its value on the lines below", () => {
    const text = `ProgrammingError at /orders/

relation "shop_order" does not exist
LINE 1: SELECT COUNT(*) AS "__count" FROM "shop_order"

Request Method: 	GET
Request URL: 	http://127.0.0.1:8000/orders/
Django Version: 	5.1.4
Exception Type: 	ProgrammingError
Exception Value: 	

relation "shop_order" does not exist
LINE 1: SELECT COUNT(*) AS "__count" FROM "shop_order"

Exception Location: 	/venv/lib/python3.12/site-packages/django/db/backends/utils.py, line 105, in _execute`;
    assert.deepEqual(typeAndMessage(text), ['ProgrammingError', 'relation "shop_order" does not exist']);
    // On one line, as the page's copy-and-paste view gives it.
    assert.deepEqual(
      typeAndMessage("Exception Type: ValueError\nException Value: invalid literal for int() with base 10: 'abc'"),
      ['ValueError', "invalid literal for int() with base 10: 'abc'"],
    );
  });

  test("CocoaPods' errors behind `[!]`, known by their openings (its warnings wear the same mark)", () => {
    const text = `Analyzing dependencies
[!] Automatically assigning platform \`iOS\` with version \`13.4\` on target \`App\` because no platform was specified.
[!] CocoaPods could not find compatible versions for pod "Firebase/Messaging":
  In Podfile:
    Firebase/Messaging (~> 11.0)

Specs satisfying the \`Firebase/Messaging (~> 11.0)\` dependency were found, but they required a higher minimum deployment target.`;
    assert.deepEqual(languageTypeMessage(text), [
      'swift',
      '',
      'CocoaPods could not find compatible versions for pod "Firebase/Messaging":',
    ]);
    assert.deepEqual(
      extractFailures('[!] Automatically assigning platform `iOS` with version `13.4` on target `App`.'),
      [],
    );
  });

  test('Travis CI runs the next script line after a failed one: its `exited with` lines are the verdict', () => {
    const text = `$ cargo build --no-default-features
   Compiling tok v0.4.0 (/home/travis/build/acme/tok)
error[E0433]: failed to resolve: use of undeclared crate or module \`std_clock\`
 --> src/claims.rs:12:5

The command "cargo build --no-default-features" exited with 101.
$ cargo test
running 3 tests
test tests::roundtrip ... ok

test result: ok. 3 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s

The command "cargo test" exited with 0.

Done. Your build exited with 1.`;
    assert.deepEqual(typeAndMessage(text), [
      'E0433',
      'failed to resolve: use of undeclared crate or module `std_clock`',
    ]);
  });

  test("kubectl's `Error from server (Reason): …`, its reason the type, under a timestamper's prefix too", () => {
    const text = `[2026-02-25T14:02:22.902Z] deployment.apps/web configured
[2026-02-25T14:02:23.006Z] Error from server (NotFound): error when creating "k8s/job.yaml": namespaces "payments-stg" not found
[2026-02-25T14:02:23.010Z] [Pipeline] }`;
    assert.deepEqual(languageTypeMessage(text), [
      'kubernetes',
      'NotFound',
      'error when creating "k8s/job.yaml": namespaces "payments-stg" not found',
    ]);
    // A logger's own level in title case, padded to its column, stays one: only a sentence that starts
    // with the word is kept whole.
    assert.equal(normalizeText('[2026-02-25T14:02:23.006Z] Error  disk full').lines[0], 'disk full');
  });

  test("Maven's goal that names a plugin's exception: the exception, above the goal's wrapper", () => {
    const text = `[WARNING] /src/main/java/com/acme/InvoiceMapper.java:[24,17] Unmapped target property: "legacyReference".
[INFO] BUILD FAILURE
[ERROR] Failed to execute goal org.flywaydb:flyway-maven-plugin:10.20.1:validate (default-cli) on project billing: org.flywaydb.core.api.exception.FlywayValidateException: Validate failed: Migrations have failed validation
[ERROR] Migration checksum mismatch for migration version 14
[ERROR] -> [Help 1]`;
    assert.deepEqual(typeAndMessage(text), [
      'org.flywaydb.core.api.exception.FlywayValidateException',
      'Validate failed: Migrations have failed validation',
    ]);
    // An inner class keeps its \$.
    assert.equal(
      primary(
        '[ERROR] Failed to execute goal com.acme:gen-maven-plugin:1.2:generate (default) on project billing: com.acme.gen.Generator$TemplateException: template orders.ftl not found -> [Help 1]',
      ).errorType,
      'com.acme.gen.Generator$TemplateException',
    );
  });

  test("Rails' pending migrations, the message alone as the test helper aborts with it", () => {
    const text = `Run options: --seed 4242
Migrations are pending. To resolve this issue, run:

        bin/rails db:migrate

You have 1 pending migration:

20260221164530_add_archived_at_to_projects.rb
Exited with code exit status 1`;
    assert.deepEqual(languageTypeMessage(text), [
      'ruby',
      'ActiveRecord::PendingMigrationError',
      'Migrations are pending. To resolve this issue, run:',
    ]);
  });

  test('React Native\'s `"main" has not been registered` yields to the error that kept the module from loading', () => {
    const text = `ERROR  TypeError: Cannot read property 'bold' of undefined, js engine: hermes
ERROR  Invariant Violation: "main" has not been registered. This can happen if:
* Metro (the local dev server) is run from the wrong folder. Check if Metro is running, stop it and restart it in the current project.
* A module failed to load due to an error and \`AppRegistry.registerComponent\` wasn't called., js engine: hermes`;
    assert.deepEqual(primary(text).errorType, 'TypeError');
    // Reported in the other order, the same.
    const swapped = text.split('\n');
    assert.equal(primary([...swapped.slice(1), swapped[0]].join('\n')).errorType, 'TypeError');
    // Alone, it is still the failure.
    assert.equal(primary(swapped.slice(1).join('\n')).errorType, 'Invariant Violation');
  });
});

describe('formats of the twenty-fifth probe round, each from its documented output', () => {
  test("HotSpot's fatal error report: the signal and the problematic frame, or the allocation that failed", () => {
    const crash = `Running com.acme.codec.DecoderTest
#
# A fatal error has been detected by the Java Runtime Environment:
#
#  SIGSEGV (0xb) at pc=0x00007f3a1c2f4e10, pid=4242, tid=4243
#
# JRE version: OpenJDK Runtime Environment Temurin-21.0.5+11 (21.0.5+11) (build 21.0.5+11-LTS)
# Java VM: OpenJDK 64-Bit Server VM Temurin-21.0.5+11 (21.0.5+11-LTS, mixed mode, sharing, tiered, compressed oops, compressed class ptrs, g1 gc, linux-amd64)
# Problematic frame:
# C  [libcodec.so+0x1e10]  decode_frame+0x40
#
# An error report file with more information is saved as:
# /home/runner/work/codec/hs_err_pid4242.log`;
    const f = primary(crash);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.function],
      [
        'java',
        'SIGSEGV',
        'SIGSEGV (0xb) at pc=0x00007f3a1c2f4e10, pid=4242, tid=4243',
        '[libcodec.so+0x1e10]  decode_frame+0x40',
      ],
    );
    // Windows names the exception; Surefire may mark a forked JVM's lines.
    assert.deepEqual(
      typeAndMessage(`#
# A fatal error has been detected by the Java Runtime Environment:
#
SUREFIRE-859: #  EXCEPTION_ACCESS_VIOLATION (0xc0000005) at pc=0x00007ffb2c1a3f00, pid=9112, tid=7340`),
      [
        'EXCEPTION_ACCESS_VIOLATION',
        'EXCEPTION_ACCESS_VIOLATION (0xc0000005) at pc=0x00007ffb2c1a3f00, pid=9112, tid=7340',
      ],
    );
    assert.deepEqual(
      typeAndMessage(`#
# There is insufficient memory for the Java Runtime Environment to continue.
# Native memory allocation (mmap) failed to map 268435456 bytes for G1 virtual space
# Possible reasons:`),
      ['', 'Native memory allocation (mmap) failed to map 268435456 bytes for G1 virtual space'],
    );
  });

  test("macOS's crash report: the Mach exception, its codes, the crashed thread's frames", () => {
    const report = `Process:               Render [8812]
Code Type:             ARM-64 (Native)

Crashed Thread:        0  Dispatch queue: com.apple.main-thread

Exception Type:        EXC_BAD_ACCESS (SIGSEGV)
Exception Codes:       KERN_INVALID_ADDRESS at 0x0000000000000010

Thread 0 Crashed::  Dispatch queue: com.apple.main-thread
0   libsystem_platform.dylib      	       0x18e2b1a44 _platform_strlen + 4
1   librender.dylib               	       0x1040c2e18 scene_load + 120
2   Render                        	       0x104003f2c main + 64

Thread 1:
0   libsystem_kernel.dylib        	       0x18e26e0ac __workq_kernreturn + 8`;
    const f = primary(report);
    assert.deepEqual([f.errorType, f.errorMessage], ['EXC_BAD_ACCESS', 'KERN_INVALID_ADDRESS at 0x0000000000000010']);
    assert.deepEqual(
      f.frames.map((x) => x.function),
      ['main + 64', 'scene_load + 120', '_platform_strlen + 4'],
    );
  });

  test("Chromium's crash handler (Electron, Qt WebEngine): the signal's code from `Received signal 11 SEGV_MAPERR …`", () => {
    assert.deepEqual(
      languageTypeMessage(`Received signal 11 SEGV_MAPERR 000000000010
#0 0x55d1c0e5b1a9 base::debug::CollectStackTrace()
[end of stack trace]
Segmentation fault (core dumped)`),
      ['cpp', 'SEGV_MAPERR', 'Received signal 11 SEGV_MAPERR 000000000010'],
    );
  });

  test("native toolchains' own errors: nvcc's padded tag, autoconf's `configure: error:`, Go's fatal after a prompt", () => {
    assert.deepEqual(
      typeAndMessage(`[ 12%] Building NVCC (Device) object CMakeFiles/gpu.dir/kernels.cu.o
nvcc fatal   : Unsupported gpu architecture 'compute_35'
CMake Error at gpu_generated_kernels.cu.o.Release.cmake:220 (message):
  Error generating file`),
      ['nvcc fatal', "Unsupported gpu architecture 'compute_35'"],
    );
    assert.deepEqual(
      languageTypeMessage(`checking for pkg-config... /usr/bin/pkg-config
checking for LIBXML... no
configure: error: Package requirements (libxml-2.0 >= 2.9) were not met:

No package 'libxml-2.0' found`),
      ['c', '', 'Package requirements (libxml-2.0 >= 2.9) were not met:'],
    );
    assert.deepEqual(
      typeAndMessage(`task: Failed to run task "build": exit status 1
$ fatal error: all goroutines are asleep - deadlock!

goroutine 1 [semacquire]:
sync.runtime_Semacquire(0xc0000a4018?)`),
      ['fatal error', 'all goroutines are asleep - deadlock!'],
    );
  });

  test("Bugsnag's issue for a rake task or a job: `X in task` alone on its line, the message below", () => {
    const text = `## Error in Shop

**Net::ReadTimeout** in **ImportFeedJob**
Net::ReadTimeout with #<TCPSocket:(closed)>

[View on Bugsnag](https://app.bugsnag.com/acme/shop/errors/1)`;
    assert.deepEqual(typeAndMessage(text), ['Net::ReadTimeout', 'Net::ReadTimeout with #<TCPSocket:(closed)>']);
    // In a sentence, no title.
    assert.deepEqual(extractFailures('We see a lot of RuntimeError in production lately, no idea why.'), []);
    // A title-like line that names no task or job is no title either.
    assert.deepEqual(extractFailures('TypeError in production\nthe dashboard shows it since Monday'), []);
    // An error in a file at a line: the file's language (a TypeError is Python's or JavaScript's), its frame.
    const js = primary(`## Error in Tides

**TypeError** in **src/chart/render.js:88**
Cannot read properties of undefined (reading 'length')

[View on Bugsnag](https://app.bugsnag.com/acme/tides/errors/2)`);
    assert.deepEqual(
      [js.language, js.errorType, js.errorMessage, js.frames[0]?.file, js.frames[0]?.line],
      ['javascript', 'TypeError', "Cannot read properties of undefined (reading 'length')", 'src/chart/render.js', 88],
    );
    assert.deepEqual(
      languageTypeMessage(
        `**System.IO.IOException** in **Tides.Desktop\\Storage.cs:41**\nThe process cannot access the file 'tides.db' because it is being used by another process.`,
      ),
      [
        'csharp',
        'System.IO.IOException',
        "The process cannot access the file 'tides.db' because it is being used by another process.",
      ],
    );
  });

  test("Symfony Console's block before 4.0: the bracketed class, indented, its message wrapped below it", () => {
    const text = `> Sensio\\Bundle\\DistributionBundle\\Composer\\ScriptHandler::clearCache

                                                                                      
  [Doctrine\\DBAL\\Exception\\ConnectionException]                                      
  An exception occurred in driver: SQLSTATE[HY000] [2002] No such file or directory, while connecting to
  "localhost"
                                                                                      

Script Sensio\\Bundle\\DistributionBundle\\Composer\\ScriptHandler::clearCache handling the post-install-cmd event terminated with an exception`;
    assert.deepEqual(typeAndMessage(text), [
      'Doctrine\\DBAL\\Exception\\ConnectionException',
      'An exception occurred in driver: SQLSTATE[HY000] [2002] No such file or directory, while connecting to "localhost"',
    ]);
    // A cut that leaves the sentence's period alone on the last line: it goes back without a space.
    assert.equal(
      typeAndMessage(
        '  [Symfony\\Component\\Console\\Exception\\CommandNotFoundException]\n  Command "cache:warmp" is not defined\n  .\n',
      )[1],
      'Command "cache:warmp" is not defined.',
    );
  });

  test(".NET's event for a process a native fault ended: the exception code is the type", () => {
    assert.deepEqual(
      typeAndMessage(`Application: Tweaker.exe
Framework Version: v4.0.30319
Description: The process was terminated due to an unhandled exception.
Exception Info: exception code c0000005, exception address 000007FEFD4B940D`),
      ['c0000005', 'exception code c0000005, exception address 000007FEFD4B940D'],
    );
  });
});

describe('security scanners and deployment linters (the twenty-fifth round, a), each from its documented output', () => {
  test("cargo-audit's advisory block: its ID and title; an `unmaintained` warning's block fails nothing", () => {
    const text = `    Scanning Cargo.lock for vulnerabilities (212 crate dependencies)
Crate:     instant
Version:   0.1.13
Warning:   unmaintained
Title:     \`instant\` is unmaintained
Date:      2024-09-01
ID:        RUSTSEC-2024-0384

Crate:     idna
Version:   0.5.0
Title:     \`idna\` accepts Punycode labels that do not produce any non-ASCII when decoded
Date:      2024-12-09
ID:        RUSTSEC-2024-0421
URL:       https://rustsec.org/advisories/RUSTSEC-2024-0421
Solution:  Upgrade to >=1.0.0
error: 1 vulnerability found!
warning: 1 allowed warning found`;
    assert.deepEqual(languageTypeMessage(text), [
      'rust',
      'RUSTSEC-2024-0421',
      '`idna` accepts Punycode labels that do not produce any non-ASCII when decoded',
    ]);
  });

  test("bundler-audit's advisory: the CVE (the GHSA without one) and the title", () => {
    const text = `Updating ruby-advisory-db ...
Name: rexml
Version: 3.2.6
CVE: CVE-2024-35176
GHSA: GHSA-vg3r-rm7w-2xgh
Criticality: Medium
URL: https://github.com/ruby/rexml/security/advisories/GHSA-vg3r-rm7w-2xgh
Title: REXML contains a denial of service vulnerability
Solution: upgrade to '>= 3.2.7'

Vulnerabilities found!`;
    assert.deepEqual(languageTypeMessage(text), [
      'ruby',
      'CVE-2024-35176',
      'REXML contains a denial of service vulnerability',
    ]);
    assert.equal(primary(text.replace('CVE: CVE-2024-35176\n', '')).errorType, 'GHSA-vg3r-rm7w-2xgh');
  });

  test("gitleaks' verbose findings: the rule, and the logger's `leaks found` count as the message", () => {
    const text = `Finding:     token = "REDACTED"
Secret:      REDACTED
RuleID:      github-pat
Entropy:     4.891
File:        scripts/release.sh
Line:        12
Commit:      4f2a9c1

10:14AM INF 12 commits scanned.
10:14AM WRN leaks found: 1`;
    const f = primary(text);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames[0]?.file, f.frames[0]?.line],
      ['github-pat', 'leaks found: 1', 'scripts/release.sh', 12],
    );
  });

  test("Snyk CLI's issue line: the Snyk id is the type", () => {
    const text = `Tested 87 dependencies for known issues, found 1 issue, 1 vulnerable path.

Issues to fix by upgrading:

  ✗ Prototype Pollution [High Severity][https://security.snyk.io/vuln/SNYK-JS-LODASH-567746] in lodash@4.17.15
    introduced by lodash@4.17.15`;
    assert.deepEqual(typeAndMessage(text), [
      'SNYK-JS-LODASH-567746',
      'Prototype Pollution [High Severity][https://security.snyk.io/vuln/SNYK-JS-LODASH-567746] in lodash@4.17.15',
    ]);
  });

  test("Trivy's table and `pnpm audit`'s boxes: the most severe finding first, its title over its wrapped rows", () => {
    const trivy = `package-lock.json (npm)
=======================
Total: 2 (HIGH: 1, CRITICAL: 1)

┌──────────┬────────────────┬──────────┬────────┬───────────────────┬───────────────┬──────────────────────────────────────────┐
│ Library  │ Vulnerability  │ Severity │ Status │ Installed Version │ Fixed Version │                  Title                   │
├──────────┼────────────────┼──────────┼────────┼───────────────────┼───────────────┼──────────────────────────────────────────┤
│ braces   │ CVE-2024-4068  │ HIGH     │ fixed  │ 3.0.2             │ 3.0.3         │ braces: fails to limit the number of     │
│          │                │          │        │                   │               │ characters it can handle                 │
│          │                │          │        │                   │               │ https://avd.aquasec.com/nvd/cve-2024-4068│
├──────────┼────────────────┼──────────┼────────┼───────────────────┼───────────────┼──────────────────────────────────────────┤
│ ws       │ CVE-2024-37890 │ CRITICAL │ fixed  │ 8.17.0            │ 8.17.1        │ ws: denial of service when handling a    │
│          │                │          │        │                   │               │ request with many HTTP headers           │
└──────────┴────────────────┴──────────┴────────┴───────────────────┴───────────────┴──────────────────────────────────────────┘`;
    assert.deepEqual(typeAndMessage(trivy), [
      'CVE-2024-37890',
      'ws: denial of service when handling a request with many HTTP headers',
    ]);
    assert.equal(
      extractFailures(trivy)[1]?.errorMessage,
      'braces: fails to limit the number of characters it can handle',
    );
    const pnpm = `┌─────────────────────┬────────────────────────────────────────────────────────┐
│ moderate            │ Vite's server.fs.deny is bypassed when using ?import   │
│                     │ &raw                                                   │
├─────────────────────┼────────────────────────────────────────────────────────┤
│ Package             │ vite                                                   │
├─────────────────────┼────────────────────────────────────────────────────────┤
│ More info           │ https://github.com/advisories/GHSA-x574-m823-4x7w      │
└─────────────────────┴────────────────────────────────────────────────────────┘
┌─────────────────────┬────────────────────────────────────────────────────────┐
│ high                │ path-to-regexp outputs backtracking regular            │
│                     │ expressions                                            │
├─────────────────────┼────────────────────────────────────────────────────────┤
│ Package             │ path-to-regexp                                         │
├─────────────────────┼────────────────────────────────────────────────────────┤
│ More info           │ https://github.com/advisories/GHSA-9wv6-86v2-598j      │
└─────────────────────┴────────────────────────────────────────────────────────┘
2 vulnerabilities found
Severity: 1 moderate | 1 high`;
    assert.deepEqual(typeAndMessage(pnpm), [
      'GHSA-9wv6-86v2-598j',
      'path-to-regexp outputs backtracking regular expressions',
    ]);
  });

  test("OWASP dependency-check's failure: the first advisory over the CVSS threshold, from Gradle or Maven", () => {
    const gradle = `> Task :dependencyCheckAnalyze FAILED

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':dependencyCheckAnalyze'.
>
  Dependency-Analyze Failure:
  One or more dependencies were identified with vulnerabilities that have a CVSS score greater than or equal to '7.0': CVE-2024-1597, CVE-2023-6378
  See the dependency-check report for more details.`;
    assert.deepEqual(primary(gradle).errorType, 'CVE-2024-1597');
    const maven = `[ERROR] Failed to execute goal org.owasp:dependency-check-maven:10.0.4:check (default) on project shop:
[ERROR]
[ERROR] One or more dependencies were identified with vulnerabilities that have a CVSS score greater than or equal to '7.0':
[ERROR]
[ERROR] log4j-core-2.14.1.jar: CVE-2021-44228(10.0), CVE-2021-45046(9.0)
[ERROR]
[ERROR] See the dependency-check report for more details.`;
    assert.deepEqual(languageTypeMessage(maven).slice(0, 2), ['java', 'CVE-2021-44228']);
  });

  test("cfn-lint's error rule over its location (a warning rule printed first fails nothing); KubeLinter's check", () => {
    const cfn = `W3005 Obsolete DependsOn on resource (Bucket), dependency already enforced by a "Fn:GetAtt" at Resources/Fn/Properties
template.yaml:40:5

E3002 Additional properties are not allowed ('Runtim' was unexpected)
template.yaml:52:7
`;
    const f = primary(cfn);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames[0]?.line],
      ['E3002', "Additional properties are not allowed ('Runtim' was unexpected)", 52],
    );
    assert.deepEqual(primary(cfn.replace('template.yaml:52:7', 'C:\\infra\\template.yaml:52:7')).frames[0], {
      file: 'C:\\infra\\template.yaml',
      line: 52,
      function: null,
      source: null,
    });
    const kube = `KubeLinter v0.7.2

deploy.yaml: (object: shop/api apps/v1, Kind=Deployment) container "api" does not have a read-only root file system (check: no-read-only-root-fs, remediation: Set readOnlyRootFilesystem to true in the container securityContext.)

Error: found 1 lint errors`;
    assert.deepEqual(languageTypeMessage(kube), [
      'kubernetes',
      'no-read-only-root-fs',
      'container "api" does not have a read-only root file system',
    ]);
  });
});

describe('mobile and desktop app builds', () => {
  test("electron-builder's error line: its message, the class of its stackTrace field; a Go tool's error= field", () => {
    const log = `  • electron-builder  version=25.1.8 os=23.6.0
  • loaded configuration  file=/Users/runner/work/notes/notes/electron-builder.yml
  • packaging       platform=darwin arch=arm64 electron=34.3.0 appOutDir=dist/mac-arm64
  ⨯ Application entry file "dist/main.js" in the "/Users/runner/work/notes/notes/dist/mac-arm64/Notes.app/Contents/Resources/app.asar" does not exist. Seems like a wrong configuration.  failedTask=build stackTrace=Error: Application entry file "dist/main.js" in the "/Users/runner/work/notes/notes/dist/mac-arm64/Notes.app/Contents/Resources/app.asar" does not exist. Seems like a wrong configuration.
    at error (/Users/runner/work/notes/notes/node_modules/app-builder-lib/src/asar/asarFileChecker.ts:7:12)
    at checkFileInArchive (/Users/runner/work/notes/notes/node_modules/app-builder-lib/src/asar/asarFileChecker.ts:31:11)
##[error]Process completed with exit code 1.`;
    assert.deepEqual(languageTypeMessage(log), [
      'javascript',
      'Error',
      'Application entry file "dist/main.js" in the "/Users/runner/work/notes/notes/dist/mac-arm64/Notes.app/Contents/Resources/app.asar" does not exist. Seems like a wrong configuration.',
    ]);
    // Quoted in an issue, under a blockquote.
    assert.deepEqual(
      typeAndMessage(
        'It fails on notarizing:\n\n>   ⨯ Notarization failed, see notarize.log  failedTask=build stackTrace=TypeError: Notarization failed, see notarize.log',
      ),
      ['TypeError', 'Notarization failed, see notarize.log'],
    );
    // caarlos0/log, which Go CLIs log through: the error field is the error.
    assert.deepEqual(
      languageTypeMessage('   • building binaries\n   ⨯ build failed  error="exit status 1: undefined: version"'),
      ['go', '', 'exit status 1: undefined: version'],
    );
    // Without fields the mark is Pest's failed test (or Next.js's): not this family's.
    const pest = extractFailures('  FAIL  Tests\\Feature\\CheckoutTest\n  ⨯ it applies the voucher before tax   0.12s');
    assert.ok(!pest.some((f) => f.errorMessage.startsWith('it applies the voucher')), JSON.stringify(pest));
  });

  test("xcpretty's marks: a raw line after ▸, an error after ❌ (or [x]) printed without its error: word", () => {
    const xcpretty = `▸ Compiling AppDelegate.swift
▸ Compiling ContentView.swift
❌  /Users/runner/work/Tides/Tides/Tides/ContentView.swift:42:17: cannot find 'TideChart' in scope

                TideChart(readings: model.readings)
                ^~~~~~~~~


** BUILD FAILED **`;
    const f = primary(xcpretty);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.line],
      ['swift', 'error', "cannot find 'TideChart' in scope", 42],
    );
    assert.deepEqual(typeAndMessage(xcpretty.replace('❌ ', '[x]')), ['error', "cannot find 'TideChart' in scope"]);
    // A located line that says its severity keeps it (a warning after the mark is not made an error).
    assert.deepEqual(
      typeAndMessage(
        "❌  /Users/r/App/Model.swift:8:3: warning: 'init' is deprecated\n❌  /Users/r/App/Model.swift:9:3: error: missing return in instance method",
      ),
      ['error', 'missing return in instance method'],
    );
  });

  test("fastlane's gym: the raw xcodebuild line it prints after its time and ▸, a project's error without a line", () => {
    const log = `[09:21:30]: ------------------
[09:21:30]: --- Step: gym ---
[09:21:30]: ------------------
[09:21:33]: Exit status: 65
[09:21:33]: ▸ Signing Identity:     "iPhone Distribution: Example Ltd (7QX2M4KD9P)"
[09:21:33]: ▸ /Users/runner/work/Tides/Tides/Tides.xcodeproj: error: No profile for team '7QX2M4KD9P' matching 'match AppStore com.example.tides' found: Xcode couldn't find any provisioning profiles matching '7QX2M4KD9P/match AppStore com.example.tides'. (in target 'Tides' from project 'Tides')
[09:21:33]: ▸ ** ARCHIVE FAILED **
[09:21:33]: Error building the application - see the log above
[09:21:33]: fastlane finished with errors

[!] Error building the application - see the log above`;
    assert.deepEqual(languageTypeMessage(log), [
      'swift',
      'error',
      "No profile for team '7QX2M4KD9P' matching 'match AppStore com.example.tides' found: Xcode couldn't find any provisioning profiles matching '7QX2M4KD9P/match AppStore com.example.tides'. (in target 'Tides' from project 'Tides')",
    ]);
    // A compile error it prints the same way is read as located.
    assert.deepEqual(
      languageTypeMessage(
        "[10:01:02]: ▸ Compiling View.swift\n[10:01:02]: ▸ /Users/r/App/View.swift:12:5: error: cannot find 'foo' in scope",
      ),
      ['swift', 'error', "cannot find 'foo' in scope"],
    );
    // A settings file's error the same way.
    assert.deepEqual(
      typeAndMessage('/Users/r/App/Config/Release.xcconfig: error: unable to open configuration settings file'),
      ['error', 'unable to open configuration settings file'],
    );
  });

  test("XCTest's failures as xcodebuild and xcpretty print them: the assertion is the type, the test case's name is not the message", () => {
    const raw = `Test Case '-[TidesTests.TideModelTests testHighWater]' started.
/Users/runner/work/Tides/Tides/TidesTests/TideModelTests.swift:31: error: -[TidesTests.TideModelTests testHighWater] : XCTAssertEqual failed: ("4.2") is not equal to ("4.8") - high water at noon
Test Case '-[TidesTests.TideModelTests testHighWater]' failed (0.012 seconds).`;
    const f = primary(raw);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.line],
      ['swift', 'XCTAssertEqual', 'XCTAssertEqual failed: ("4.2") is not equal to ("4.8") - high water at noon', 31],
    );
    // XCTFail, and swift-corelibs-xctest's case name on Linux.
    assert.deepEqual(
      typeAndMessage(
        '/work/Tides/Tests/TideTests.swift:12: error: -[TideTests testParse] : failed - no readings for station',
      ),
      ['XCTFail', 'failed - no readings for station'],
    );
    assert.deepEqual(
      typeAndMessage(
        '/__w/tides/tides/Tests/TideTests/ParserTests.swift:40: error: ParserTests.testEmpty : XCTAssertNil failed: "Optional(0)"',
      ),
      ['XCTAssertNil', 'XCTAssertNil failed: "Optional(0)"'],
    );
    const pretty = `All tests
Test Suite TidesTests.xctest started
TideModelTests
    ✓ testParse (0.001 seconds)
    ✗ testHighWater, XCTAssertEqual failed: ("4.2") is not equal to ("4.8")


Executed 2 tests, with 1 failure (0 unexpected) in 0.013 (0.015) seconds`;
    assert.deepEqual(languageTypeMessage(pretty), [
      'swift',
      'XCTAssertEqual',
      'XCTAssertEqual failed: ("4.2") is not equal to ("4.8")',
    ]);
    // Another runner's failed test under the same mark is not XCTest's.
    const other = extractFailures("  ✗ testHighWater, expected: 4.8 (got 'low')");
    assert.ok(!other.some((x) => x.language === 'swift'), JSON.stringify(other));
  });

  test("D8 reports the exception it hit as that exception; its other errors stay the dexer's", () => {
    const log = `> Task :app:mergeExtDexRelease FAILED
ERROR: D8: java.lang.OutOfMemoryError: Java heap space
com.android.builder.dexing.DexArchiveMergerException: Error while merging dex archives:
        at com.android.builder.dexing.D8DexArchiveMerger.getMergingExceptionToRethrow(D8DexArchiveMerger.java:223)

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:mergeExtDexRelease'.
> A failure occurred while executing com.android.build.gradle.internal.tasks.DexMergingWorkAction
   > com.android.builder.dexing.DexArchiveMergerException: Error while merging dex archives:`;
    assert.deepEqual(languageTypeMessage(log), ['java', 'java.lang.OutOfMemoryError', 'Java heap space']);
    assert.deepEqual(
      typeAndMessage(
        'ERROR: R8: Missing class org.slf4j.impl.StaticLoggerBinder (referenced from: void org.slf4j.LoggerFactory.bind())',
      ),
      [
        'error',
        'Missing class org.slf4j.impl.StaticLoggerBinder (referenced from: void org.slf4j.LoggerFactory.bind())',
      ],
    );
  });

  test("the Dart analyzer's errors: dart analyze's dashes and older flutter analyze's bullets; infos and warnings are not failures", () => {
    const dart = `Analyzing tides...

   info - lib/src/chart.dart:1:8 - Unused import: 'dart:io'. Try removing the import directive. - unused_import
warning - lib/src/chart.dart:12:9 - The value of the local variable 'scale' isn't used. Try removing the variable or using it. - unused_local_variable
  error - lib/src/chart.dart:30:12 - The method 'drawTide' isn't defined for the type 'ChartPainter'. Try correcting the name to the name of an existing method, or defining a method named 'drawTide'. - undefined_method

3 issues found.`;
    const f = primary(dart);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file, f.frames[0]?.line],
      [
        'dart',
        'undefined_method',
        "The method 'drawTide' isn't defined for the type 'ChartPainter'.",
        'lib/src/chart.dart',
        30,
      ],
    );
    const flutter = `Analyzing tides...

warning • Unused import: 'package:tides/util.dart' • lib/main.dart:3:8 • unused_import
  error • The argument type 'String' can't be assigned to the parameter type 'int' • lib/main.dart:18:25 • argument_type_not_assignable

2 issues found. (ran in 4.2s)`;
    assert.deepEqual(languageTypeMessage(flutter), [
      'dart',
      'argument_type_not_assignable',
      "The argument type 'String' can't be assigned to the parameter type 'int'",
    ]);
    const infos = extractFailures(dart.split('\n').slice(0, 4).join('\n') + '\n\n2 issues found.');
    assert.ok(!infos.some((x) => x.language === 'dart'), JSON.stringify(infos));
  });
});

describe("test runners' other report formats", () => {
  test("node:test's TAP block that names only the code: ERR_ASSERTION is Node's AssertionError", () => {
    const tap = `TAP version 13
# Subtest: parses the header
not ok 1 - parses the header
  ---
  duration_ms: 1.84
  failureType: 'testCodeFailure'
  error: |-
    Expected values to be strictly equal:

    'gzip' !== 'br'

  code: 'ERR_ASSERTION'
  actual: 'gzip'
  expected: 'br'
  operator: 'strictEqual'
  stack: |-
    TestContext.<anonymous> (/home/runner/work/hdr/hdr/test/parse.test.js:9:10)
  ...
1..1`;
    assert.deepEqual(languageTypeMessage(tap), [
      'javascript',
      'AssertionError',
      'Expected values to be strictly equal:',
    ]);
    // Another code is no class.
    assert.equal(typeAndMessage(tap.replace("code: 'ERR_ASSERTION'", "code: 'ERR_TEST_FAILURE'"))[0], '');
  });

  test("deno test's ERRORS section: the test's place, then Deno's class (NotFound, not only …Error) and message", () => {
    const log = ` ERRORS 

reads the fixture => ./src/feed_test.ts:48:6
error: NotFound: No such file or directory (os error 2): readfile './testdata/feed.xml'
  const xml = await Deno.readTextFile("./testdata/feed.xml");
              ^
    at async Object.readTextFile (ext:deno_fs/30_fs.js:779:20)

 FAILURES 

reads the fixture => ./src/feed_test.ts:48:6

FAILED | 4 passed | 1 failed (61ms)

error: Test failed`;
    const f = primary(log);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file, f.frames[0]?.line],
      [
        'typescript',
        'NotFound',
        "No such file or directory (os error 2): readfile './testdata/feed.xml'",
        './src/feed_test.ts',
        48,
      ],
    );
  });

  test("JUnit XML pasted or printed: a failed case's type and message attributes; pytest's message carries the class", () => {
    const surefire = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite name="com.example.TideTest" tests="2" errors="0" skipped="0" failures="1">
  <testcase name="highWater" classname="com.example.TideTest" time="0.02">
    <failure message="expected: &lt;4.8&gt; but was: &lt;4.2&gt;" type="org.opentest4j.AssertionFailedError"><![CDATA[org.opentest4j.AssertionFailedError: expected: <4.8> but was: <4.2>
	at org.junit.jupiter.api.AssertionUtils.fail(AssertionUtils.java:151)
	at com.example.TideTest.highWater(TideTest.java:19)
]]></failure>
  </testcase>
  <testcase name="lowWater" classname="com.example.TideTest" time="0.01"/>
</testsuite>`;
    assert.deepEqual(languageTypeMessage(surefire), [
      'java',
      'org.opentest4j.AssertionFailedError',
      'expected: <4.8> but was: <4.2>',
    ]);
    const pytest = `<testsuites><testsuite name="pytest" errors="0" failures="1" skipped="0" tests="3">
<testcase classname="tests.test_tides" name="test_high_water" time="0.003">
<failure message="AssertionError: assert 4.2 == 4.8">def test_high_water():
&gt;       assert high_water("noon") == 4.8
E       AssertionError: assert 4.2 == 4.8</failure></testcase>`;
    assert.deepEqual(typeAndMessage(pytest), ['AssertionError', 'assert 4.2 == 4.8']);
    // An error (not a failed assertion) is an <error> element, which is no log level.
    assert.deepEqual(
      typeAndMessage(`<testcase name="load" classname="com.example.StationTest" time="0.004">
  <error message="Cannot invoke &quot;String.trim()&quot; because &quot;name&quot; is null" type="java.lang.NullPointerException">java.lang.NullPointerException: Cannot invoke "String.trim()" because "name" is null
	at com.example.Station.load(Station.java:31)
</error>
</testcase>`),
      ['java.lang.NullPointerException', 'Cannot invoke "String.trim()" because "name" is null'],
    );
    // The class in the type attribute alone (mocha-junit-reporter, a self-closed element).
    assert.deepEqual(
      typeAndMessage(`<testcase name="splits evenly" classname="bill" time="0.002">
  <failure type="AssertionError" message="expected 33.33 to equal 33.34"/>
</testcase>`),
      ['AssertionError', 'expected 33.33 to equal 33.34'],
    );
    // An <ERROR> level in a log is still one.
    assert.deepEqual(normalizeText('<ERROR> disk full').lines, ['disk full']);
    // A report with no failed case, and checkstyle's <error> elements, are not failures of a test.
    assert.deepEqual(
      extractFailures(`<testsuite name="tides" tests="2" failures="0" errors="0">
  <testcase name="a" classname="t" time="0.1"/>
  <system-err><![CDATA[retrying fetch]]></system-err>
</testsuite>`),
      [],
    );
    const checkstyle = extractFailures(`<checkstyle version="10.12">
<file name="src/Tide.java">
<error line="3" severity="warning" message="Missing a Javadoc comment." source="com.puppycrawl.tools.checkstyle.checks.javadoc.MissingJavadocMethodCheck"/>
</file>
</checkstyle>`);
    assert.ok(!checkstyle.some((x) => x.errorMessage === 'Missing a Javadoc comment.'), JSON.stringify(checkstyle));
  });
});

describe('languages beyond the mainstream', () => {
  test("Julia's Test: the exception a test threw, under its runner's LoadError; a script's LoadError names the inner class", () => {
    const log = `     Testing Running tests...
rolling: Error During Test at /home/runner/work/Tides.jl/Tides.jl/test/rolling.jl:31
  Test threw exception
  Expression: rolling_mean(x, 5) ≈ expected
  MethodError: no method matching rolling_mean(::Vector{Union{Missing, Float64}}, ::Int64)
  Stacktrace:
   [1] top-level scope
Test Summary: | Pass  Error  Total
rolling       |   12      1     13
ERROR: LoadError: Some tests did not pass: 12 passed, 0 failed, 1 errored, 0 broken.`;
    const f = primary(log);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.line],
      ['julia', 'MethodError', 'no method matching rolling_mean(::Vector{Union{Missing, Float64}}, ::Int64)', 31],
    );
    assert.deepEqual(languageTypeMessage('ERROR: LoadError: UndefVarError: `tide` not defined in `Main`'), [
      'julia',
      'UndefVarError',
      '`tide` not defined in `Main`',
    ]);
  });

  test("Clojure's clojure.main report: the class in parentheses (or the phase), the message on the next line", () => {
    const f = primary(`Execution error (NullPointerException) at tides.config/load (config.clj:14).
Cannot invoke "java.lang.CharSequence.length()" because "s" is null

Full report at:
/tmp/clojure-4242.edn`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames[0]?.file, f.frames[0]?.line],
      [
        'clojure',
        'NullPointerException',
        'Cannot invoke "java.lang.CharSequence.length()" because "s" is null',
        'config.clj',
        14,
      ],
    );
    assert.deepEqual(
      languageTypeMessage(
        'Syntax error compiling at (tides/core.clj:3:1).\nUnable to resolve symbol: high-water in this context',
      ),
      ['clojure', 'Syntax error', 'Unable to resolve symbol: high-water in this context'],
    );
  });

  test("rebar3's uncaught error: the Erlang term, its tuple's tag the type", () => {
    assert.deepEqual(
      languageTypeMessage(`===> Verifying dependencies...
===> Uncaught error in rebar_core. Run with DIAGNOSTIC=1 to see stacktrace or consult rebar3.crashdump
===> Uncaught error: {badmatch,error}`),
      ['erlang', 'badmatch', '{badmatch,error}'],
    );
  });

  test("R's errors as rlang and R 4.4 quote the call; library()'s missing package is a packageNotFoundError", () => {
    assert.deepEqual(
      languageTypeMessage(`══ Failed tests ════════
Error in \`library(tidesdata)\`: there is no package called 'tidesdata'
Error: Test failures
Execution halted`),
      ['r', 'packageNotFoundError', "there is no package called 'tidesdata'"],
    );
    assert.deepEqual(typeAndMessage('Error in `read.csv(path)`: cannot open the connection\nExecution halted'), [
      'Error',
      'cannot open the connection',
    ]);
  });

  test("Perl's missing module, and the languages of other sources' extensions", () => {
    assert.deepEqual(
      languageTypeMessage(
        "Can't locate Tide/Table.pm in @INC (you may need to install the Tide::Table module) (@INC contains: lib /etc/perl) at bin/tides line 4.",
      ),
      ['perl', '', "Can't locate Tide/Table.pm in @INC (you may need to install the Tide::Table module)"],
    );
    assert.equal(primary("src/tide.zig:54:8: error: expected type '*usize', found '*u16'").language, 'zig');
  });
});

describe('round 30: the BEAM, Haskell, OCaml, ScalaTest, Android, KSP, infrastructure tools, replies', () => {
  test('Elixir 1.15+ compiler diagnostics: `error:` with its `└─` location; the closing CompileError only wraps them', () => {
    const f = primary(`Compiling 2 files (.ex)
    warning: unused alias Repo
    │
  3 │   alias MyApp.Repo
    │   ~
    │
    └─ lib/my_app/orders.ex:3:3

    error: undefined function total/1 (expected MyApp.Orders to define such a function or for it to be imported, but none are available)
    │
 14 │     sum = total(items)
    │           ^^^^^
    │
    └─ lib/my_app/orders.ex:14:11: MyApp.Orders.checkout/1


== Compilation error in file lib/my_app/orders.ex ==
** (CompileError) lib/my_app/orders.ex: cannot compile module MyApp.Orders (errors have been logged)
`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      [
        'elixir',
        'error',
        'undefined function total/1 (expected MyApp.Orders to define such a function or for it to be imported, but none are available)',
        'lib/my_app/orders.ex',
        14,
      ],
    );
    // Where the diagnostic's location is not printed, the wrapper still does not lead.
    assert.deepEqual(
      typeAndMessage(
        '    error: undefined variable "socket"\n\n== Compilation error in file lib/x.ex ==\n** (CompileError) lib/x.ex: cannot compile module X (errors have been logged)\n',
      ),
      ['error', 'undefined variable "socket"'],
    );
    // The older compiler's CompileError carries the message itself.
    assert.deepEqual(typeAndMessage('** (CompileError) lib/foo.ex:12: undefined function bar/0\n'), [
      'CompileError',
      'lib/foo.ex:12: undefined function bar/0',
    ]);
  });

  test('ExUnit: an assertion failure is an ExUnit.AssertionError, a raised exception keeps its class; the first failure leads', () => {
    const run = (first: string, second: string) => `Running ExUnit with seed: 4242, max_cases: 16

..

  1) ${first}

  2) ${second}

.....
Finished in 0.3 seconds (0.1s async, 0.2s sync)
9 tests, 2 failures
`;
    const assertion = `test totals the cart (MyApp.CartTest)
     test/my_app/cart_test.exs:21
     Assertion with == failed
     code:  assert Cart.total(cart) == 300
     left:  250
     right: 300
     stacktrace:
       test/my_app/cart_test.exs:24: (test)`;
    const raised = `test loads the fixture (MyApp.ImportTest)
     test/my_app/import_test.exs:8
     ** (MatchError) no match of right hand side value: {:error, :enoent}
     code: {:ok, data} = File.read("missing.csv")
     stacktrace:
       test/my_app/import_test.exs:9: (test)`;
    const a = primary(run(assertion, raised));
    assert.deepEqual(
      [a.errorType, a.errorMessage, a.frames.at(-1)?.file],
      ['ExUnit.AssertionError', 'Assertion with == failed', 'test/my_app/cart_test.exs'],
    );
    assert.deepEqual(typeAndMessage(run(raised, assertion)), [
      'MatchError',
      'no match of right hand side value: {:error, :enoent}',
    ]);
  });

  test("Mix's error behind an unanswered prompt, and an Elixir release's exception under `ERROR! … failed with:`", () => {
    assert.deepEqual(
      typeAndMessage(
        'Shall I install Hex? (if running non-interactively, use "mix local.hex --force") [Yn] ** (Mix) Could not find an SCM for dependency :jason from MyApp.MixProject\n',
      ),
      ['Mix', 'Could not find an SCM for dependency :jason from MyApp.MixProject'],
    );
    assert.deepEqual(
      languageTypeMessage(`ERROR! Config provider Config.Reader failed with:
** (ArgumentError) could not fetch environment variable "DATABASE_URL" because it is not set
    (elixir 1.16.1) lib/system.ex:777: System.fetch_env!/1
    /app/releases/0.1.0/runtime.exs:12: (file)
`),
      ['elixir', 'ArgumentError', 'could not fetch environment variable "DATABASE_URL" because it is not set'],
    );
  });

  test("Erlang: a boot failure's reason and the shell's or escript's `exception error:` wording are the type", () => {
    const boot =
      primary(`{"init terminating in do_boot",{undef,[{bench,main,[],[]},{init,start_em,1,[]},{init,do_boot,3,[]}]}}
init terminating in do_boot ({undef,[{bench,main,[],[]},{init,start_em,1,[]},{init,do_boot,3,[]}]})

Crash dump is being written to: erl_crash.dump...done
`);
    assert.deepEqual([boot.language, boot.errorType], ['erlang', 'undef']);
    assert.equal(
      primary('{"init terminating in do_boot",{{badmatch,{error,enoent}},[{cfg,load,1,[]}]}}\n').errorType,
      'badmatch',
    );
    for (const [description, reason] of [
      ['no match of right hand side value {error,enoent}', 'badmatch'],
      ['undefined function foo:bar/0', 'undef'],
      ['no function clause matching lists:nth(0,[])', 'function_clause'],
      ['bad argument in an arithmetic expression', 'badarith'],
      ['bad argument', 'badarg'],
      ['no case clause matching {ok,3}', 'case_clause'],
    ] as const) {
      assert.deepEqual(typeAndMessage(`escript: exception error: ${description}\n  in function  tool:main/1\n`), [
        reason,
        description,
      ]);
      assert.deepEqual(typeAndMessage(`1> foo:run().\n** exception error: ${description}\n`), [reason, description]);
    }
    assert.deepEqual(typeAndMessage('** exception throw: {not_ready,db}\n'), ['throw', '{not_ready,db}']);
  });

  test("Haskell: an uncaught `error` (the program's name, or GHCi's `*** Exception:`) over its call stack is an ErrorCall", () => {
    assert.deepEqual(
      languageTypeMessage(`$ cabal run report -- data/empty.csv
report: Prelude.head: empty list
CallStack (from HasCallStack):
  error, called at libraries/base/GHC/List.hs:1646:3 in base:GHC.List
  errorEmptyList, called at libraries/base/GHC/List.hs:85:11 in base:GHC.List
  head, called at src/Report.hs:40:18 in report-0.1.0.0-inplace:Report
`),
      ['haskell', 'ErrorCall', 'Prelude.head: empty list'],
    );
    assert.deepEqual(
      typeAndMessage(`ghci> lookupPrice tbl "X-1"
*** Exception: Map.!: given key is not an element in the map
CallStack (from HasCallStack):
  error, called at libraries/containers/containers/src/Data/Map/Internal.hs:617:17 in containers-0.6.7:Data.Map.Internal
ghci> :q
`),
      ['ErrorCall', 'Map.!: given key is not an element in the map'],
    );
    // Without a call stack GHCi's exception names no class.
    assert.deepEqual(typeAndMessage('ghci> 1 `div` 0\n*** Exception: divide by zero\n'), [
      'exception',
      'divide by zero',
    ]);
  });

  test("hspec: a failure under `Failures:` with its `.hs` location is an HUnitFailure (RSpec's numbered failures are not)", () => {
    const f = primary(`Parser
  number
    parses an integer [✔]
    parses a float [✘]

Failures:

  test/ParserSpec.hs:18:7: 
  1) Parser.number parses a float
       expected: Right 1.5
        but got: Left "unexpected '.'"

  To rerun use: --match "/Parser/number/parses a float/"

Randomized with seed 1234

2 examples, 1 failure
`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage.replace(/\s+/g, ' '), f.frames.at(-1)?.file],
      ['haskell', 'HUnitFailure', `expected: Right 1.5 but got: Left "unexpected '.'"`, 'test/ParserSpec.hs'],
    );
    const rspec = primary(`Failures:

  1) Calculator adds two numbers
     Failure/Error: expect(calc.add(1, 1)).to eq(3)

       expected: 3
            got: 2

     # ./spec/calculator_spec.rb:6:in \`block (2 levels) in <top (required)>'

Finished in 0.01 seconds (files took 0.1 seconds to load)
1 example, 1 failure
`);
    assert.notEqual(rspec.errorType, 'HUnitFailure');
  });

  test("OCaml's uncaught exception: the constructor is the type, its one string argument the message", () => {
    assert.deepEqual(languageTypeMessage('Fatal error: exception Not_found\n'), ['ocaml', 'Not_found', 'Not_found']);
    assert.deepEqual(
      typeAndMessage(
        'Fatal error: exception Failure("int_of_string")\nRaised at Stdlib.failwith in file "stdlib.ml", line 29\n',
      ),
      ['Failure', 'int_of_string'],
    );
    assert.deepEqual(typeAndMessage('Fatal error: exception Sys_error("config.toml: No such file or directory")\n'), [
      'Sys_error',
      'config.toml: No such file or directory',
    ]);
    assert.deepEqual(typeAndMessage('Fatal error: exception Parser.Syntax_error(3, "unexpected token")\n'), [
      'Parser.Syntax_error',
      '3, "unexpected token"',
    ]);
  });

  test("ScalaTest's `*** FAILED ***` under sbt: the message below it is a TestFailedException; stars are not bold", () => {
    const log = `[info] CartSpec:
[info] java.net.ConnectException: Connection refused (logged by the client under test, which retries)
[info] 	at shop.http.Client.send(Client.scala:40)
[info] 	at shop.http.Client.retry(Client.scala:52)
[info] Cart
[info] - should add an item
[info] - should apply a discount *** FAILED *** (14 milliseconds)
[info]   90 did not equal 85 (CartSpec.scala:31)
[info] - should reject a negative quantity *** FAILED ***
[info]   java.lang.IllegalStateException: quantity < 0
[info] Run completed in 812 milliseconds.
[info] *** 2 TESTS FAILED ***
[error] Failed tests:
[error] 	shop.CartSpec
[error] (Test / test) sbt.TestsFailedException: Tests unsuccessful
`;
    const f = primary(log);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      ['scala', 'TestFailedException', '90 did not equal 85', 'CartSpec.scala', 31],
    );
    assert.deepEqual(
      extractFailures(log)
        .map((x) => x.errorType)
        .slice(0, 2),
      ['TestFailedException', 'java.lang.IllegalStateException'],
    );
    assert.deepEqual(normalizeText('- should work *** FAILED ***\n*** 1 TEST FAILED ***').lines, [
      '- should work *** FAILED ***',
      '*** 1 TEST FAILED ***',
    ]);
  });

  test("Android's crash report outranks a trace the app printed through System.err before it", () => {
    const f =
      primary(`05-21 09:14:02.101  9921  9921 W System.err: java.io.FileNotFoundException: /data/user/0/com.example/cache/a.json: open failed: ENOENT (No such file or directory)
05-21 09:14:02.101  9921  9921 W System.err: 	at libcore.io.IoBridge.open(IoBridge.java:574)
05-21 09:14:02.101  9921  9921 W System.err: 	at com.example.cache.DiskCache.read(DiskCache.kt:40)
05-21 09:14:03.303  9921  9921 E AndroidRuntime: FATAL EXCEPTION: main
05-21 09:14:03.303  9921  9921 E AndroidRuntime: Process: com.example, PID: 9921
05-21 09:14:03.303  9921  9921 E AndroidRuntime: java.lang.IllegalStateException: Fragment not attached to a context.
05-21 09:14:03.303  9921  9921 E AndroidRuntime: 	at androidx.fragment.app.Fragment.requireContext(Fragment.java:972)
05-21 09:14:03.303  9921  9921 E AndroidRuntime: 	at com.example.ui.HomeFragment.onLoaded(HomeFragment.kt:88)
`);
    assert.deepEqual(
      [f.errorType, f.errorMessage],
      ['java.lang.IllegalStateException', 'Fragment not attached to a context.'],
    );
  });

  test("KSP's processor errors behind kotlinc's `e: [ksp]`, located; KSP's closing line is a wrapper", () => {
    const f = primary(`> Task :app:kspDebugKotlin FAILED
e: [ksp] /home/runner/work/app/app/src/main/java/com/example/db/UserDao.kt:22: Query method parameters should either be a type that can be converted into a database column or a List / Array that contains such type.
e: Error occurred in KSP, check log for detail

FAILURE: Build failed with an exception.

* What went wrong:
Execution failed for task ':app:kspDebugKotlin'.
> A failure occurred while executing com.google.devtools.ksp.gradle.KspAAWorkerAction
`);
    assert.deepEqual(
      [f.language, f.errorType, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      ['kotlin', 'error', '/home/runner/work/app/app/src/main/java/com/example/db/UserDao.kt', 22],
    );
    assert.match(f.errorMessage, /^Query method parameters should either be/);
    // KSP's wrapper does not lead a processor's error, even one without a location.
    assert.equal(
      primary('e: [ksp] Error occurred in KSP, check log for detail\ne: [ksp] [Hilt] @HiltAndroidApp is missing\n')
        .errorMessage,
      '[Hilt] @HiltAndroidApp is missing',
    );
    assert.deepEqual(typeAndMessage('e: [ksp] Error occurred in KSP, check log for detail\nBUILD FAILED in 20s\n'), [
      'error',
      'Error occurred in KSP, check log for detail',
    ]);
  });

  test('.NET: an unhandled System.Exception (no prefix before `Exception`) is read like any other class', () => {
    assert.deepEqual(
      typeAndMessage(`Unhandled exception. System.Exception: Unknown currency code 'EURO'
   at Billing.Money.parse(String code) in C:\\src\\Billing\\Money.fs:line 31
`),
      ['System.Exception', "Unknown currency code 'EURO'"],
    );
  });

  test('kubectl\'s 422: `The Deployment "x" is invalid: …` is the API server\'s Invalid', () => {
    assert.deepEqual(
      languageTypeMessage(`$ kubectl apply -f deploy.yaml
service/api unchanged
The Deployment "api" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"api-v2"}: \`selector\` does not match template \`labels\`
`),
      [
        'kubernetes',
        'Invalid',
        'The Deployment "api" is invalid: spec.template.metadata.labels: Invalid value: map[string]string{"app":"api-v2"}: `selector` does not match template `labels`',
      ],
    );
  });

  test("BuildKit: the failed step's last lines in its summary lose their seconds; rustc's `error[E0433]:` behind a plain step prefix stays", () => {
    const tty = primary(`[+] Building 41.2s (8/10)
 => ERROR [api 5/6] RUN pip install -r requirements.txt                  40.1s
------
 > [api 5/6] RUN pip install -r requirements.txt:
12.61 Collecting fastapi==0.111.0
39.90 ERROR: Could not find a version that satisfies the requirement torch==1.13.1+cpu (from versions: 2.2.0, 2.3.1)
39.91 ERROR: No matching distribution found for torch==1.13.1+cpu
------
failed to solve: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1
`);
    assert.match(tty.errorMessage, /^Could not find a version that satisfies the requirement torch==1\.13\.1\+cpu/);
    assert.deepEqual(normalizeText(' > [api 5/6] RUN make:\n12.61 cc -c a.c\n------\n12.61 after the summary').lines, [
      '[api 5/6] RUN make:',
      'cc -c a.c',
      '------',
      '12.61 after the summary',
    ]);
    const plain = primary(`#13 [builder 4/4] RUN cargo build --release
#13 73.92 error[E0433]: failed to resolve: use of undeclared crate or module \`tokio_util\`
#13 73.92  --> src/stream.rs:7:5
#13 74.28 error: could not compile \`svc\` (bin "svc") due to 1 previous error
#13 ERROR: process "/bin/sh -c cargo build --release" did not complete successfully: exit code: 101
`);
    assert.deepEqual(
      [plain.errorType, plain.errorMessage],
      ['E0433', 'failed to resolve: use of undeclared crate or module `tokio_util`'],
    );
    // BuildKit's prefix times the program's own output: cargo's `error:` after it is no logger's level.
    assert.deepEqual(
      languageTypeMessage(`#12 [builder 3/4] RUN cargo build --release
#12 4.127     Updating crates.io index
#12 4.127 error: failed to select a version for \`zeroize\`.
#12 4.127     ... required by package \`rsa v0.9.6\`
#12 ERROR: process "/bin/sh -c cargo build --release" did not complete successfully: exit code: 101
`),
      ['rust', 'cargo', 'failed to select a version for `zeroize`.'],
    );
  });

  test("Packer's build name before each line goes where the build announced it with `==> `", () => {
    const f = primary(`==> amazon-ebs.base: Provisioning with shell script: scripts/setup.sh
    amazon-ebs.base: Reading package lists...
    amazon-ebs.base: Building dependency tree...
==> amazon-ebs.base: E: Unable to locate package docker-ce-cli
==> amazon-ebs.base: Provisioning step had errors: Running the cleanup provisioner, if present...
Build 'amazon-ebs.base' errored after 2 minutes 3 seconds: Script exited with non-zero exit status: 100.Allowed exit codes are: [0]
`);
    assert.deepEqual([f.errorType, f.errorMessage], ['apt', 'Unable to locate package docker-ce-cli']);
    // A name seen once is not Packer's.
    assert.deepEqual(normalizeText('==> web.1: hello').lines, ['==> web.1: hello']);
  });

  test('a flyctl log quoted two columns in keeps its exception, which Fly rates `info`', () => {
    assert.deepEqual(
      typeAndMessage(`Error release_command failed running on machine 3d8d with exit code 1.
  2024-03-12T09:14:17.617Z app[3d8d7e1ad12389] ams [info] ** (KeyError) key :mailer not found in: %{region: "eu"}
  2024-03-12T09:14:17.618Z app[3d8d7e1ad12389] ams [info]     (stdlib 5.1.1) :maps.get(:mailer, %{region: "eu"})
`),
      ['KeyError', 'key :mailer not found in: %{region: "eu"}'],
    );
  });

  test('a pytest run that passed reports nothing, whatever tracebacks its live log printed', () => {
    const session = (
      summary: string,
    ) => `============================= test session starts ==============================
collected 2 items

tests/test_retry.py::test_gives_up
-------------------------------- live log call ---------------------------------
ERROR    app.retry:retry.py:80 giving up after 3 attempts
Traceback (most recent call last):
  File "/src/app/retry.py", line 64, in call
    return fn()
TimeoutError: upstream timed out
PASSED                                                                   [ 50%]
tests/test_retry.py::test_ok PASSED                                      [100%]

${summary}
`;
    assert.deepEqual(
      extractFailures(session('============================== 2 passed in 0.41s ===============================')),
      [],
    );
    // Django's runner (unittest's summary) alike; with no success summary after it a traceback is a failure.
    const django = `Found 12 test(s).
System check identified no issues (0 silenced).
Internal Server Error: /orders/7/refund
Traceback (most recent call last):
  File "/app/orders/views.py", line 41, in refund
    gateway.refund(order)
payments.exceptions.GatewayTimeout: payment gateway did not respond within 5.0s
............
----------------------------------------------------------------------
Ran 12 tests in 0.412s

`;
    assert.deepEqual(extractFailures(`${django}OK (skipped=3)\n`), []);
    assert.equal(primary(django).errorType, 'payments.exceptions.GatewayTimeout');
    // A traceback after a passing summary (the next step's crash) is the failure; what the passing run
    // logged is not.
    assert.deepEqual(
      extractFailures(
        `${django}OK\n$ python manage.py migrate\nTraceback (most recent call last):\n  File "manage.py", line 22, in <module>\nKeyError: 'DATABASE_URL'\n`,
      ).map((f) => f.errorType),
      ['KeyError'],
    );
    // With only a wrapper after it (an exit code that says no more), what the run printed is all there is.
    assert.equal(
      primary(`${django}OK\nError: Process completed with exit code 1.\n`).errorType,
      'payments.exceptions.GatewayTimeout',
    );
    // A run that failed before the one that passed keeps its failure first.
    assert.equal(
      primary(
        `FAIL: test_total (shop.tests.CartTest.test_total)\n${'-'.repeat(70)}\nTraceback (most recent call last):\n  File "/app/shop/tests.py", line 12, in test_total\n    self.assertEqual(cart.total(), 300)\nAssertionError: 250 != 300\n\nRan 3 tests in 0.01s\n\nFAILED (failures=1)\n${django}OK\nTraceback (most recent call last):\n  File "deploy.py", line 3, in <module>\nKeyError: 'TOKEN'\n`,
      ).errorType,
      'AssertionError',
    );
    assert.equal(
      primary(
        'Traceback (most recent call last):\n  File "a.py", line 1, in <module>\nTimeoutError: upstream timed out\n',
      ).errorType,
      'TimeoutError',
    );
  });

  test("a reply that quotes someone's error and pastes its own is about its own; one that only quotes is about that", () => {
    const quotedOnly = `> I get this on 2.1:
> \`\`\`
> Traceback (most recent call last):
>   File "app.py", line 3, in <module>
> ModuleNotFoundError: No module named 'yaml'
> \`\`\`

Same here on Windows.`;
    assert.deepEqual(typeAndMessage(quotedOnly), ['ModuleNotFoundError', "No module named 'yaml'"]);
    // A wrapper in the reply's own text is no failure of its own.
    assert.equal(
      primary(`${quotedOnly}\n\nHere the job then ends with\nmake: *** [Makefile:12: test] Error 1\n`).errorType,
      'ModuleNotFoundError',
    );
    assert.deepEqual(
      typeAndMessage(`${quotedOnly} Installing pyyaml fixed that one, but then:

\`\`\`
Traceback (most recent call last):
  File "app.py", line 9, in <module>
    cfg = yaml.safe_load(open("cfg.yml"))
FileNotFoundError: [Errno 2] No such file or directory: 'cfg.yml'
\`\`\`
`),
      ['FileNotFoundError', "[Errno 2] No such file or directory: 'cfg.yml'"],
    );
  });

  test('a report that says "now I get" between two pastes is about the second', () => {
    const first = `\`\`\`
error[E0432]: unresolved import \`axum::Server\`
 --> src/main.rs:3:5
\`\`\``;
    const second = `\`\`\`
error[E0599]: no method named \`serve\` found for struct \`Router\` in the current scope
 --> src/main.rs:20:10
\`\`\``;
    assert.equal(
      primary(
        `After upgrading axum the build failed with\n\n${first}\n\nI switched to axum::serve and now I get this:\n\n${second}\n`,
      ).errorType,
      'E0599',
    );
    // Without such words the first paste is the failure (a log's first error is its cause).
    assert.equal(primary(`The build fails with\n\n${first}\n\nand also\n\n${second}\n`).errorType, 'E0432');
  });
});

describe('round 32: shells and scripts in CI', () => {
  test("PowerShell 7's error view: the message is the gutter's lines below the squiggle, its script and line the frame", () => {
    const f = primary(`Run .\\build\\sign.ps1
signtool.exe: D:\\a\\_temp\\4e2f9a1b.ps1:4
Line |
   4 |  signtool.exe sign /fd SHA256 /tr http://timestamp.digicert.com /td SHA256 …
     |  ~~~~~~~~~~~~
     | The term 'signtool.exe' is not recognized as a name of a cmdlet, function,
     | script file, or executable program. Check the spelling of the name, or if a
     | path was included, verify that the path is correct and try again.
Error: Process completed with exit code 1.
`);
    assert.deepEqual(
      [f.language, f.errorType, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      ['shell', 'command not found', 'D:\\a\\_temp\\4e2f9a1b.ps1', 4],
    );
    assert.match(
      f.errorMessage,
      /^The term 'signtool\.exe' is not recognized as a name of a cmdlet, function, script file, or executable program\./,
    );
    const other = primary(`Get-Content: C:\\build\\read.ps1:2
Line |
   2 |  Get-Content .\\missing.json | ConvertFrom-Json
     |  ~~~~~~~~~~~~~~~~~~~~~~~~~~~
     | Cannot find path 'C:\\build\\missing.json' because it does not exist.
`);
    assert.deepEqual(
      [other.errorType, other.errorMessage],
      ['', "Cannot find path 'C:\\build\\missing.json' because it does not exist."],
    );
  });

  test("GNU make's own fatal errors (`.  Stop.`), with the makefile's line where it names one; a recipe's failure stays a wrapper", () => {
    const f = primary(
      'make -C tools\nMakefile:44: *** missing separator (did you mean TAB instead of 8 spaces?).  Stop.\n',
    );
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      ['make', 'missing separator (did you mean TAB instead of 8 spaces?)', 'Makefile', 44],
    );
    assert.deepEqual(
      typeAndMessage("make: *** No rule to make target 'gen/version.go', needed by 'orbitd'.  Stop.\n"),
      ['make', "No rule to make target 'gen/version.go', needed by 'orbitd'"],
    );
    // A recipe that failed names its cause above the wrapper.
    assert.equal(
      primary("cc -c a.c\na.c:3:1: error: unknown type name 'uint'\nmake: *** [Makefile:12: a.o] Error 1\n")
        .errorMessage,
      "unknown type name 'uint'",
    );
  });

  test("OpenSSH's `Host key verification failed.` and GitHub Actions' invalid workflow are the failures, not the exit codes after them", () => {
    assert.deepEqual(
      typeAndMessage(`Run rsync -az dist/ deploy@203.0.113.7:/srv/app
Host key verification failed.
rsync: connection unexpectedly closed (0 bytes received so far) [sender]
Error: Process completed with exit code 255.
`),
      ['ssh', 'Host key verification failed'],
    );
    const f = primary(
      "The workflow is not valid. .github/workflows/release.yml (Line: 41, Col: 20): Unrecognized named-value: 'secret'. Located at position 1 within expression: secret.PYPI_API_TOKEN\n",
    );
    assert.deepEqual(
      [f.errorType, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      ['workflow', '.github/workflows/release.yml', 41],
    );
    assert.match(f.errorMessage, /^Unrecognized named-value: 'secret'\./);
  });
});

describe('round 32: cross-platform mobile', () => {
  test("MSBuild's canonical diagnostic with a subcategory (.NET MAUI's `XamlC error XFC0000`), in the XAML file's language", () => {
    const f = primary(`  Tasko -> D:\\a\\tasko\\src\\Tasko.Core\\bin\\Release\\net8.0\\Tasko.Core.dll
Views\\TaskDetailPage.xaml(31,14): XamlC error XFC0000: Cannot resolve type "clr-namespace:Tasko.Controls:SwipeHintView". [D:\\a\\tasko\\src\\Tasko\\Tasko.csproj::TargetFramework=net8.0-android]
    0 Warning(s)
    1 Error(s)
`);
    assert.deepEqual(
      [f.language, f.errorType, f.errorMessage, f.frames.at(-1)?.file, f.frames.at(-1)?.line],
      [
        'csharp',
        'XFC0000',
        'Cannot resolve type "clr-namespace:Tasko.Controls:SwipeHintView".',
        'Views\\TaskDetailPage.xaml',
        31,
      ],
    );
  });

  test("React Native's LogBox level in Metro's terminal (` ERROR  `) leads a JavaScript error line", () => {
    assert.deepEqual(
      languageTypeMessage(` LOG  Running "App" with {"rootTag":11}
 ERROR  Invariant Violation: requireNativeComponent: "RNSScreen" was not found in the UIManager.

This error is located at:
    in RNSScreen (at createAnimatedComponent.js:211)
`),
      ['javascript', 'Invariant Violation', 'requireNativeComponent: "RNSScreen" was not found in the UIManager.'],
    );
    assert.deepEqual(typeAndMessage(" ERROR  TypeError: Cannot read property 'map' of undefined\n"), [
      'TypeError',
      "Cannot read property 'map' of undefined",
    ]);
  });
});

describe('round 32: gates in CI', () => {
  test("Prettier's `--check`: its summary is the failure, the first file it lists where to look", () => {
    const f = primary(`> prettier --check .
Checking formatting...
[warn] src/app.ts
[warn] src/util/date.ts
[warn] Code style issues found in 2 files. Run Prettier with --write to fix.
Error: Process completed with exit code 1.
`);
    assert.deepEqual(
      [f.errorType, f.errorMessage, f.frames.at(-1)?.file],
      ['prettier', 'Code style issues found in 2 files. Run Prettier with --write to fix.', 'src/app.ts'],
    );
    assert.equal(
      primary('[warn] README.md\n[warn] Code style issues found in the above file. Forgot to run Prettier?\n')
        .errorType,
      'prettier',
    );
    assert.deepEqual(extractFailures('Checking formatting...\nAll matched files use Prettier code style!\n'), []);
  });
});
