import { escapeRegExp } from '../text/escape-regexp.js';
import type { Candidate } from './candidate.js';

/**
 * Messages a runtime prints with one class only, seen without the class (retyped, or Unity's log), each
 * behind a substring it must hold (the table is tried on every line). CPython's are its own wording of
 * the everyday errors (`Objects/object.c`, `Python/ceval.c`, `Python/import.c`…), as people quote them
 * in an issue without the class: "I get 'str' object has no attribute 'decode'". Their class is not
 * guessed: as a keyword it ranked threads of that class with other messages ('bytes' object has no
 * attribute 'read') above the threads of the quoted message itself.
 */
const CANONICAL: [hint: string, re: RegExp, type: string | null, language: string, message?: string][] = [
  ['Object reference', /\bObject reference not set to an instance of an object\b/, 'NullReferenceException', 'csharp'],
  // Perl's require of a module not installed: `Can't locate Foo/Bar.pm in @INC (you may need to install …`.
  [
    "Can't locate",
    /\bCan't locate [\w/.-]{1,200}\.pm in @INC\b(?: \(you may need to install the [\w:]{1,200} module\))?/,
    null,
    'perl',
  ],
  ['concurrent map', /\bconcurrent map (?:writes|read and map write|iteration and map write)\b/, 'fatal error', 'go'],
  [
    'yntax',
    /\b(invalid syntax)\b.{1,40}\berror\b|\bsyntax ?error\b.{1,40}\b(invalid syntax)\b/i,
    'SyntaxError',
    'python',
  ],
  ["' object ", /'[\w.]{1,80}' object has no attribute '\w{1,80}'/, null, 'python'],
  ["' object ", /'[\w.]{1,80}' object is not (?:subscriptable|callable|iterable)\b/, null, 'python'],
  ['No module named', /\bNo module named '[\w.]{1,100}'/, null, 'python'],
  ['cannot import name', /\bcannot import name '\w{1,100}' from '[\w.]{1,100}'(?: \([^)\n]{1,300}\))?/, null, 'python'],
  ['is not defined', /\bname '\w{1,80}' is not defined\b/, null, 'python'],
  [
    'invalid literal for',
    /\binvalid literal for (?:int\(\) with base \d{1,2}|float\(\)): '[^'\n]{0,200}'/,
    null,
    'python',
  ],
  ['unsupported operand', /\bunsupported operand type\(s\) for \S{1,3}: '\w{1,80}' and '\w{1,80}'/, null, 'python'],
  [
    'can only concatenate',
    /\bcan only concatenate (?:str|list|tuple) \(not "\w{1,80}"\) to (?:str|list|tuple)\b/,
    null,
    'python',
  ],
  [
    'local variable',
    /\b(?:local variable '\w{1,80}' referenced before assignment|cannot access local variable '\w{1,80}' where it is not associated with a value)/,
    null,
    'python',
  ],
  [
    'values to unpack',
    /\b(?:not enough values to unpack \(expected \d+, got \d+\)|too many values to unpack \(expected \d+\))/,
    null,
    'python',
  ],
  // JavaScript engines' (MDN's error reference), quoted without the class: "I get Cannot read properties
  // of undefined (reading 'map')". A name said to be undefined or not a function must look like code
  // (dotted, `$`/`_`, camelCase), or be a global one environment lacks (`require` in a browser, `window`
  // in Node), where prose says "this is not a function".
  [
    'Cannot read propert',
    /\bCannot read propert(?:ies of (?:undefined|null) \(reading '[^'\n]{1,120}'\)|y '[^'\n]{1,120}' of (?:undefined|null))/,
    null,
    'javascript',
  ],
  [
    'Cannot set propert',
    /\bCannot set propert(?:ies of (?:undefined|null) \(setting '[^'\n]{1,120}'\)|y '[^'\n]{1,120}' of (?:undefined|null))/,
    null,
    'javascript',
  ],
  ['(evaluating ', /\bundefined is not an object \(evaluating '[^'\n]{1,200}'\)/, null, 'javascript'],
  // Dotted or with `$`/`_`, then camelCase: two entries, because eslint-plugin-regexp's
  // confusing-quantifier rule took 15 s over the one alternation of the two (the lint's whole budget).
  [
    ' is not a function',
    /(?<=^|[\s'"`(])(?:(?:[\w$]{1,80}\.)+[\w$]{1,80}|[\w$]{0,80}[$_][\w$]{0,80})(?:\(\))? is not a function\b/,
    null,
    'javascript',
  ],
  [' is not a function', /(?<=^|[\s'"`(])[a-z]\w{0,80}[A-Z]\w{0,80}(?:\(\))? is not a function\b/, null, 'javascript'],
  [
    ' is not defined',
    /(?<=^|[\s'"`(])(?:require|module|exports|process|Buffer|__dirname|__filename|global|window|document|navigator|localStorage|regeneratorRuntime|jQuery|\$) is not defined\b/,
    null,
    'javascript',
  ],
  ['Maximum call stack', /\bMaximum call stack size exceeded\b/, null, 'javascript'],
  [
    'JSON',
    /\bUnexpected end of JSON input\b|\bUnexpected token .{1,12} in JSON at position \d+|\bUnexpected token '.{1,4}', ".{0,80}"(?:\.\.\.)? is not valid JSON/,
    null,
    'javascript',
  ],
  ['Cannot use import statement', /\bCannot use import statement outside a module\b/, null, 'javascript'],
  ['before initialization', /\bCannot access '[\w$]{1,120}' before initialization\b/, null, 'javascript'],
  ['Converting circular', /\bConverting circular structure to JSON\b/, null, 'javascript'],
  [
    'blocked by CORS policy',
    /\bAccess to (?:fetch|XMLHttpRequest|script|font) at '[^'\n]{1,500}' from origin '[^'\n]{1,200}' has been blocked by CORS policy\b.{0,500}/,
    null,
    'javascript',
  ],
  [
    'React',
    /\bMinified React error #\d{1,4}\b|\bObjects are not valid as a React child\b(?: \(found: [^)\n]{1,200}\))?/,
    null,
    'javascript',
  ],
  // Ruby's and PHP's (the Zend engine's) most quoted errors, without their class.
  [
    'undefined method ',
    /\bundefined method [`'][\w?!=]{1,120}' for (?:nil(?::NilClass)?|an instance of [\w:]{1,120}|#<[^>\n]{1,200}>|[\w:]{1,120})/,
    null,
    'ruby',
  ],
  [
    'Call to a member function',
    /\bCall to a member function \w{1,120}\(\) on (?:null|array|string|bool|int|float)\b/,
    null,
    'php',
  ],
  // Zeitwerk (Rails' autoloader) says so when a file does not define the constant its name promises;
  // `bin/rails zeitwerk:check` prints the message alone.
  [
    'to define constant',
    /\bexpected file \S{1,300} to define constant [\w:]{1,200}, but didn't\b/,
    'Zeitwerk::NameError',
    'ruby',
  ],
  // Tools' own words where no class is printed; venv hard-wraps its sentence, so it is given whole.
  [
    'ensurepip',
    /^The virtual environment was not created successfully because ensurepip is not(?: available\.?)?$/,
    null,
    'python',
    'The virtual environment was not created successfully because ensurepip is not available.',
  ],
  // Rails' pending migrations, as the test helper's `maintain_test_schema!` aborts with the message alone.
  [
    'Migrations are pending',
    /\bMigrations are pending\. To resolve this issue, run:/,
    'ActiveRecord::PendingMigrationError',
    'ruby',
  ],
  [
    'kernel appears to have died',
    /\bThe kernel appears to have died\. It will restart automatically\./,
    null,
    'python',
  ],
];

/** Any of the table's substrings: one scan rules most lines out. */
const CANONICAL_HINT = new RegExp(CANONICAL.map(([hint]) => escapeRegExp(hint)).join('|'));

export function canonicalMessage(line: string, i: number): Candidate | null {
  if (!CANONICAL_HINT.test(line)) return null;
  for (const [hint, re, type, language, message] of CANONICAL) {
    if (!line.includes(hint)) continue;
    const m = re.exec(line);
    if (m) {
      const errorMessage = message ?? m[1] ?? m[2] ?? m[0];
      return {
        language,
        errorType: type,
        errorMessage,
        frames: [],
        codeLines: [],
        errorText: line,
        line: i,
        strength: 0.8,
      };
    }
  }
  return null;
}
