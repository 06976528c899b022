import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { extractFailures } from '../../src/extract/extract.js';

function primary(text: string) {
  const f = extractFailures(text);
  assert.ok(f.length > 0, `no failure found in:\n${text}`);
  return f[0]!;
}

describe('python', () => {
  test('plain traceback: type, message, frames with source lines', () => {
    const f = primary(`Traceback (most recent call last):
  File "/app/main.py", line 10, in <module>
    main()
  File "/app/main.py", line 6, in main
    data = json.loads(raw)
  File "/usr/lib/python3.11/json/__init__.py", line 346, in loads
    return _default_decoder.decode(s)
json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)`);
    assert.equal(f.errorType, 'json.decoder.JSONDecodeError');
    assert.equal(f.errorMessage, 'Expecting value: line 1 column 1 (char 0)');
    assert.equal(f.frames.length, 3);
    assert.deepEqual(f.frames[1], {
      file: '/app/main.py',
      line: 6,
      function: 'main',
      source: 'data = json.loads(raw)',
    });
    assert.match(f.code, /json\.loads\(raw\)/);
  });

  test('chained exceptions: the one that propagated is primary, both error lines kept', () => {
    const f = primary(`Traceback (most recent call last):
  File "a.py", line 2, in <module>
    d["k"]
KeyError: 'k'

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "a.py", line 4, in <module>
    raise ValueError("bad key")
ValueError: bad key`);
    assert.equal(f.errorType, 'ValueError');
    assert.equal(f.errorMessage, 'bad key');
    assert.match(f.errorText, /KeyError: 'k'/);
  });

  test('3.11+ caret lines and SyntaxError without a Traceback header', () => {
    const f = primary(`  File "x.py", line 3
    print "hi"
    ^^^^^^^^^^
SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?`);
    assert.equal(f.errorType, 'SyntaxError');
    assert.match(f.errorMessage, /^Missing parentheses/);
    assert.equal(f.code, 'print "hi"');
  });

  test('pytest long style: E lines, the > marker line as code, location line type', () => {
    const f = primary(`________________________________ test_add ________________________________

    def test_add():
>       assert add(1, 2) == 4
E       assert 3 == 4
E        +  where 3 = add(1, 2)

tests/test_math.py:5: AssertionError
=========================== short test summary info ============================
FAILED tests/test_math.py::test_add - assert 3 == 4`);
    assert.equal(f.errorType, 'AssertionError');
    assert.equal(f.errorMessage, 'assert 3 == 4');
    assert.match(f.code, /def test_add\(\):\n {4}assert add\(1, 2\) == 4/);
  });

  test("pytest.raises failure: the location line's type is not repeated in the message", () => {
    const f = primary(`    def test_empty(self):
        with pytest.raises(InvalidInput):
>           run("")
E           Failed: DID NOT RAISE <class 'app.InvalidInput'>

tests/test_app.py:12: Failed`);
    assert.equal(f.errorType, 'Failed');
    assert.equal(f.errorMessage, "DID NOT RAISE <class 'app.InvalidInput'>");
  });

  test('pip build failure', () => {
    const f = primary(`  error: subprocess-exited-with-error

  × Getting requirements to build wheel did not run successfully.
  │ exit code: 1
  ╰─> [20 lines of output]`);
    assert.equal(f.errorType, 'subprocess-exited-with-error');
    assert.equal(f.errorMessage, 'Getting requirements to build wheel did not run successfully.');
  });

  test('unittest output', () => {
    const f = primary(`======================================================================
ERROR: test_parse (tests.test_parser.ParserTest)
----------------------------------------------------------------------
Traceback (most recent call last):
  File "/src/tests/test_parser.py", line 12, in test_parse
    self.assertEqual(parse("1"), 1)
  File "/src/parser.py", line 4, in parse
    return int(text, base=3)
ValueError: invalid literal for int() with base 3: '1x'

----------------------------------------------------------------------
Ran 3 tests in 0.001s

FAILED (errors=1)`);
    assert.equal(f.errorType, 'ValueError');
    assert.equal(f.frames[1]!.source, 'return int(text, base=3)');
  });
});

describe('javascript', () => {
  test('Node stack with the source line above the error', () => {
    const f = primary(`/home/u/app/index.js:3
console.log(user.name.first);
                      ^

TypeError: Cannot read properties of undefined (reading 'first')
    at Object.<anonymous> (/home/u/app/index.js:3:23)
    at Module._compile (node:internal/modules/cjs/loader:1256:14)`);
    assert.equal(f.errorType, 'TypeError');
    assert.equal(f.errorMessage, "Cannot read properties of undefined (reading 'first')");
    assert.equal(f.code, 'console.log(user.name.first);');
    // Frames are innermost last in every language: V8's first `at` line is the last frame.
    assert.equal(f.frames.at(-1)!.file, '/home/u/app/index.js');
    assert.equal(f.frames[0]!.file, 'node:internal/modules/cjs/loader');
  });

  test('Jest failure with a code frame', () => {
    const f = primary(`  ● Calculator › adds numbers

    expect(received).toBe(expected) // Object.is equality

    Expected: 4
    Received: 3

      10 |   test('adds numbers', () => {
    > 11 |     expect(add(1, 2)).toBe(4);
         |                       ^
      12 |   });

      at Object.toBe (src/calc.test.js:11:23)`);
    assert.equal(f.errorType, 'JestAssertionError');
    assert.equal(f.errorMessage, 'expect(received).toBe(expected) // Object.is equality');
    assert.match(f.code, /expect\(add\(1, 2\)\)\.toBe\(4\);/);
  });
});

describe('typescript and node module errors', () => {
  test('tsc diagnostics in both formats', () => {
    const f = primary(`src/app.ts(12,7): error TS2322: Type 'string' is not assignable to type 'number'.`);
    assert.equal(f.errorType, 'TS2322');
    assert.equal(f.errorMessage, "Type 'string' is not assignable to type 'number'.");
    assert.equal(f.language, 'typescript');
    const g = primary(`src/app.ts:12:7 - error TS2339: Property 'foo' does not exist on type 'Bar'.

12   const x = bar.foo;
                   ~~~`);
    assert.equal(g.errorType, 'TS2339');
    assert.equal(g.code, 'const x = bar.foo;');
  });

  test("Node's Cannot find module with its Require stack", () => {
    const f = primary(`node:internal/modules/cjs/loader:1080
  throw err;
  ^

Error: Cannot find module 'express'
Require stack:
- /app/server.js
    at Module._resolveFilename (node:internal/modules/cjs/loader:1077:15)
    at Module._load (node:internal/modules/cjs/loader:922:27)
    at Object.<anonymous> (/app/server.js:1:17) {
  code: 'MODULE_NOT_FOUND',
  requireStack: [ '/app/server.js' ]
}`);
    assert.equal(f.errorType, 'Error');
    assert.equal(f.errorMessage, "Cannot find module 'express'");
    assert.equal(f.frames.length, 3);
  });

  test('Jest: a test suite that failed to run', () => {
    const f = primary(`FAIL src/app.test.js
  ● Test suite failed to run

    Cannot find module './config' from 'src/app.test.js'

      at Resolver._throwModNotFoundError (node_modules/jest-resolve/build/resolver.js:427:11)`);
    assert.equal(f.errorMessage, "Cannot find module './config' from 'src/app.test.js'");
  });
});

describe('java and kotlin', () => {
  test('exception with Caused by', () => {
    const f = primary(`Exception in thread "main" java.lang.IllegalStateException: Failed to start
\tat com.example.App.start(App.java:42)
\tat com.example.App.main(App.java:10)
Caused by: java.io.FileNotFoundException: config.yml (No such file or directory)
\tat java.base/java.io.FileInputStream.open0(Native Method)
\t... 2 more`);
    assert.equal(f.errorType, 'java.lang.IllegalStateException');
    assert.equal(f.errorMessage, 'Failed to start');
    assert.equal(f.frames.length, 3);
    assert.match(f.errorText, /Caused by: java\.io\.FileNotFoundException/);
  });

  test('an exception name inside prose is not a failure', () => {
    assert.deepEqual(
      extractFailures('You get [ Exception in thread "main" java.lang.NullPointerException ] when x is null.'),
      [],
    );
  });
});

describe('go', () => {
  test('panic with goroutine frames', () => {
    const f = primary(`panic: runtime error: index out of range [5] with length 3

goroutine 1 [running]:
main.main()
\t/tmp/sandbox/prog.go:8 +0x1d
exit status 2`);
    assert.equal(f.errorType, 'panic');
    assert.equal(f.errorMessage, 'runtime error: index out of range [5] with length 3');
    assert.deepEqual(f.frames[0], { file: '/tmp/sandbox/prog.go', line: 8, function: 'main.main', source: null });
  });

  test('go test -v: the message is printed BEFORE the --- FAIL line (issue #9)', () => {
    const f = primary(`=== RUN   TestSum
    sum_test.go:12: Sum([1 2]) = 4; want 3
--- FAIL: TestSum (0.00s)
=== RUN   TestProduct
--- PASS: TestProduct (0.00s)
FAIL
exit status 1
FAIL\texample.com/calc\t0.002s`);
    assert.equal(f.errorType, 'test failure');
    assert.equal(f.errorMessage, 'Sum([1 2]) = 4; want 3');
    assert.deepEqual(f.frames, [{ file: 'sum_test.go', line: 12, function: 'TestSum', source: null }]);
  });

  test('go test without -v: the message follows the --- FAIL line', () => {
    const f = primary(`--- FAIL: TestSum (0.00s)
    sum_test.go:12: Sum([1 2]) = 4; want 3
FAIL
FAIL\texample.com/calc\t0.002s`);
    assert.equal(f.errorMessage, 'Sum([1 2]) = 4; want 3');
  });

  test('go test -v: a passing test before the failing one lends it no message', () => {
    const f = primary(`=== RUN   TestA
    a_test.go:5: just logging
--- PASS: TestA (0.00s)
=== RUN   TestB
    b_test.go:9: got 1, want 2
--- FAIL: TestB (0.00s)`);
    assert.equal(f.errorMessage, 'got 1, want 2');
  });
});

test('go: a testify failure takes the Error: line as the message', () => {
  const f = primary(`--- FAIL: TestAdd (0.00s)
    calc_test.go:12:
        	Error Trace:	calc_test.go:12
        	Error:      	Not equal:
        	            	expected: 4
        	            	actual  : 3
        	Test:       	TestAdd`);
  assert.equal(f.errorType, 'test failure');
  assert.equal(f.errorMessage, 'Not equal:');
});

describe('rust', () => {
  test('error[E0382] with the gutter source line', () => {
    const f = primary(`error[E0382]: borrow of moved value: \`v\`
 --> src/main.rs:4:20
  |
2 |     let v = vec![1];
  |         - move occurs because \`v\` has type \`Vec<i32>\`
3 |     let w = v;
4 |     println!("{:?}", v);
  |                    ^ value borrowed here after move`);
    assert.equal(f.errorType, 'E0382');
    assert.equal(f.errorMessage, 'borrow of moved value: `v`');
    assert.match(f.code, /println!\("\{:\?\}", v\);/);
  });

  test('both panic formats', () => {
    assert.equal(
      primary(`thread 'main' panicked at 'attempt to divide by zero', src/main.rs:3:5`).errorMessage,
      'attempt to divide by zero',
    );
    const f = primary(
      `thread 'main' panicked at src/main.rs:3:5:\nindex out of bounds: the len is 3 but the index is 7`,
    );
    assert.equal(f.errorType, 'panic');
    assert.equal(f.errorMessage, 'index out of bounds: the len is 3 but the index is 7');
  });
});

describe('ruby', () => {
  test('RSpec failure with an exception class', () => {
    const f = primary(`  1) User#name returns the full name
     Failure/Error: expect(user.full_name).to eq("A B")

     NoMethodError:
       undefined method \`full_name' for #<User id: nil>
     # ./spec/models/user_spec.rb:5:in \`block (3 levels) in <top (required)>'`);
    assert.equal(f.errorType, 'NoMethodError');
    assert.equal(f.errorMessage, "undefined method `full_name' for #<User id: nil>");
    assert.equal(f.code, 'expect(user.full_name).to eq("A B")');
  });

  test('a raise with the class in parentheses', () => {
    const f = primary(`app.rb:3:in \`divide': divided by 0 (ZeroDivisionError)\n\tfrom app.rb:7:in \`<main>'`);
    assert.equal(f.errorType, 'ZeroDivisionError');
    assert.equal(f.errorMessage, 'divided by 0');
  });

  test('Minitest error', () => {
    const f = primary(`  1) Error:
UserTest#test_name:
NameError: undefined local variable or method \`usr' for #<UserTest>
    test/user_test.rb:5:in \`test_name'`);
    assert.equal(f.errorType, 'NameError');
  });
});

test('pytest collection error with a traceback inside E lines: the last exception line', () => {
  const f = primary(`_________________ ERROR collecting tests/test_parse.py _________________
/usr/lib/python3.11/ast.py:50: in parse
    return compile(source, filename, mode, flags,
E     File "/src/tests/test_parse.py", line 3
E       print 'hello'
E       ^^^^^^^^^^^^^
E   SyntaxError: Missing parentheses in call to 'print'. Did you mean print(...)?`);
  assert.equal(f.errorType, 'SyntaxError');
  assert.equal(f.errorMessage, "Missing parentheses in call to 'print'. Did you mean print(...)?");
});

describe('.NET', () => {
  test('compiler errors with the project in brackets', () => {
    const f = primary(
      `/src/App/Program.cs(12,13): error CS0103: The name 'conifg' does not exist in the current context [/src/App/App.csproj]`,
    );
    assert.equal(f.errorType, 'CS0103');
    assert.equal(f.errorMessage, "The name 'conifg' does not exist in the current context");
  });

  test('unhandled exception with frames', () => {
    const f = primary(`Unhandled exception. System.ArgumentNullException: Value cannot be null. (Parameter 'source')
   at System.Linq.ThrowHelper.ThrowArgumentNullException(ExceptionArgument argument)
   at Program.Main() in /src/Program.cs:line 9`);
    assert.equal(f.errorType, 'System.ArgumentNullException');
    assert.equal(f.errorMessage, "Value cannot be null. (Parameter 'source')");
    // Innermost last: .NET prints the throwing frame first, the extractor reverses the stack.
    assert.deepEqual(f.frames[0], { file: '/src/Program.cs', line: 9, function: 'Program.Main()', source: null });
    assert.equal(
      f.frames.at(-1)!.function,
      'System.Linq.ThrowHelper.ThrowArgumentNullException(ExceptionArgument argument)',
    );
  });
});

describe('several failures', () => {
  test('the same failure twice with other values is reported once; distinct ones are kept', () => {
    const one = (n: number) =>
      `Traceback (most recent call last):\n  File "t.py", line ${n}, in f\n    g()\nKeyError: 'user_${n}'\n`;
    const other = `Traceback (most recent call last):\n  File "t.py", line 9, in h\n    int(x)\nValueError: invalid literal for int() with base 10: 'a'\n`;
    const failures = extractFailures(`${one(1)}\n${one(2)}\n${other}`);
    assert.deepEqual(
      failures.map((f) => f.errorType),
      ['KeyError', 'ValueError'],
    );
    assert.equal(failures[0]!.template, "'<*>'");
  });

  test('a passing run with error-looking log lines reports nothing', () => {
    assert.deepEqual(
      extractFailures(`INFO starting\nERROR: retrying connection (ConnectionError)\n==== 12 passed in 0.5s ====`),
      [],
    );
  });
});
