/**
 * Messages whose wording belongs to one runtime, as its own documentation gives them, so that a
 * `Class: message` line (a class several runtimes share: `TypeError`, `ArgumentError`) or a message
 * quoted without its class can be given its language.
 *
 * JavaScript: the engines' wording (V8 in Chrome, Node.js and Deno; SpiderMonkey in Firefox;
 * JavaScriptCore in Safari and Bun) as MDN's JavaScript error reference lists it, Node.js's system
 * errors (`ENOENT: no such file or directory, open 'x'`, `connect ECONNREFUSED 127.0.0.1:5432`), and
 * React's own errors and warnings (react.dev's error decoder) and Chrome's network refusals.
 */
const ENGINE_MESSAGES: RegExp[] = [
  // TypeError
  /^Cannot (?:read|set) propert(?:ies of (?:undefined|null) \((?:reading|setting) |y '.{1,120}' of (?:undefined|null))/,
  /^undefined is not an object \(evaluating '/,
  /^can't access property ["'`]?.{1,120}["'`]?, .{1,120} is (?:undefined|null)$/,
  /^[\w$.[\]'"]{1,200}(?:\(\.{0,3}\))? is not a (?:function|constructor)\b/,
  /^[\w$.[\]]{1,200} is (?:undefined|null)$/,
  /^[\w$.[\]]{1,200} is not iterable\b/,
  /^Assignment to constant variable\.$|^invalid assignment to const\b/,
  /^Cannot convert undefined or null to object$/,
  /^Converting circular structure to JSON\b|^cyclic object value$/,
  /^Reduce of empty array with no initial value$/,
  /^Failed to fetch$|^NetworkError when attempting to fetch resource\.$|^Load failed$/,
  /^Cannot destructure property '/,
  // Error: Node.js's module loader and system errors (libuv's codes, after the syscall that failed)
  /^Cannot find module '[^'\n]{1,300}'/,
  /^(?:(?:connect|listen|getaddrinfo|read|write|spawn \S{1,200}|open|mkdir|rmdir|unlink|rename|scandir|stat|lstat|access|chmod|symlink|copyfile|watch) )?E(?:NOENT|ACCES|ADDRINUSE|ADDRNOTAVAIL|CONNREFUSED|CONNRESET|CONNABORTED|NOTFOUND|TIMEDOUT|PERM|EXIST|ISDIR|NOTDIR|NOTEMPTY|MFILE|NOSPC|PIPE|BUSY|ROFS|LOOP|AI_AGAIN|HOSTUNREACH|NETUNREACH)\b/,
  /^socket hang up$/,
  // React (react.dev's error decoder) and the browser's network refusals
  /^Minified React error #\d+|^Objects are not valid as a React child\b|^Invalid hook call\.|^Hydration failed because\b/,
  /^Too many re-renders\.|^Rendered (?:more|fewer) hooks than\b|^Maximum update depth exceeded\.|^Element type is invalid: /,
  /^Each child in a list should have a unique "key" prop\.|^A component is changing an? (?:un)?controlled input\b/,
  /^Can't perform a React state update on an unmounted component\.|^Cannot update a component \(/,
  /\bhas been blocked by CORS policy\b|^Refused to (?:execute|apply|load|connect|frame)\b.{1,300}\bbecause\b/,
  // ReferenceError
  /^Can't find variable: /,
  /^Cannot access '[\w$]{1,120}' before initialization$|^can't access lexical declaration '/,
  /^[\w$]{1,120} is not defined(?: in ES module scope\b.*)?$/,
  // RangeError
  /^Maximum call stack size exceeded$|^too much recursion$/,
  /^Invalid (?:array length|time value|count value|string length)\b/,
  // SyntaxError
  /^Unexpected token\b|^Unexpected end of (?:JSON )?input$|^Unexpected identifier\b|^Unexpected (?:string|number)$/,
  /^Invalid or unexpected token$|^missing \) after argument list$/,
  /^JSON\.parse: |^JSON Parse error: |^".{0,200}" is not valid JSON$|\bis not valid JSON$/,
  /^Cannot use import statement outside a module$/,
  /^await is only valid in async functions?\b/,
  /^Identifier '[\w$]{1,120}' has already been declared$/,
  /^Unexpected reserved word$|^Illegal return statement$/,
  /^Invalid regular expression: \//,
];

/**
 * Ruby's core errors as the interpreter words them (`error.c`, `vm_eval.c`, `load.c`): Ruby ≤ 3.3 quotes
 * with a backtick, 3.4 with a straight quote.
 */
const RUBY_MESSAGES: RegExp[] = [
  /^undefined (?:local variable or )?method [`'][^'`\n]{1,120}' for /,
  /^private method [`'][^'`\n]{1,120}' called for /,
  /^uninitialized constant [A-Z][\w:]{0,200}$/,
  /^wrong number of arguments \(given \d{1,4}, expected \d{1,4}(?:\.\.\d{1,4}|\+)?\)/,
  /^cannot load such file -- /,
  /^no implicit conversion (?:of \w{1,80} )?into \w{1,80}$/,
  /^\w{1,80} can't be coerced into \w{1,80}$/,
  /^comparison of \w{1,80} with .{1,80} failed$/,
  /^stack level too deep$/,
  /^divided by 0$/,
];

/** PHP's (the Zend engine's) fatal errors, warnings and notices as it words them. */
const PHP_MESSAGES: RegExp[] = [
  /^Allowed memory size of \d{1,20} bytes exhausted\b/,
  /^Maximum execution time of \d{1,6} seconds? exceeded\b/,
  /^Call to undefined (?:function|method) [\w\\:]{1,200}\(\)/,
  /^Call to a member function \w{1,120}\(\) on (?:null|array|string|bool|int|float)\b/,
  /^Class ["']?[\w\\]{1,200}["']? not found\b/,
  /^Cannot redeclare [\w\\:]{1,200}\(\)/,
  /^Undefined (?:variable|index|offset|array key|property)\b/,
  /^Trying to access array offset on (?:value of type )?\w{1,40}\b/,
  /^Array to string conversion$/,
  /^syntax error, unexpected /,
  // PHP ends an uncaught exception's message with where it was thrown.
  / in \S{1,300}\.php(?::\d{1,7}| on line \d{1,7})$/,
];

/** Swift's runtime traps as its standard library words them (after `Fatal error: `). */
const SWIFT_MESSAGES: RegExp[] = [
  /^Unexpectedly found nil while (?:implicitly )?unwrapping an Optional value/,
  /^Index out of range$|^Array index is out of range$/,
  /^Can't form Range with upperBound < lowerBound$|^Range requires lowerBound <= upperBound$/,
  /^'try!' expression unexpectedly raised an error: /,
  /^Double value cannot be converted to Int because it is either infinite or NaN$/,
  /^No ObservableObject of type \w{1,120} found\./,
];

/** Each table as one pattern: a typed line is tested once per language, not once per message. */
const joined = (table: RegExp[]) => new RegExp(table.map((re) => `(?:${re.source})`).join('|'));
type WordedLanguage = 'javascript' | 'ruby' | 'php' | 'swift';
const BY_LANGUAGE: [WordedLanguage, RegExp][] = [
  ['javascript', joined(ENGINE_MESSAGES)],
  ['ruby', joined(RUBY_MESSAGES)],
  ['php', joined(PHP_MESSAGES)],
  ['swift', joined(SWIFT_MESSAGES)],
];

/** The language whose runtime words its errors as `message` does (see the tables above), or null. */
export function languageOfMessage(message: string): WordedLanguage | null {
  const m = message.trim();
  // Python's messages quote a type as `'X' object …` and its names as `name 'x' …`.
  if (/^'[\w.]{1,80}' object\b|^name '/.test(m)) return null;
  for (const [language, re] of BY_LANGUAGE) if (re.test(m)) return language;
  return null;
}
