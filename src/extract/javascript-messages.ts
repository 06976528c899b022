/**
 * JavaScript engines' own wording of their errors (V8 in Chrome, Node.js and Deno; SpiderMonkey in
 * Firefox; JavaScriptCore in Safari and Bun), as MDN's JavaScript error reference lists them. A
 * `TypeError` or `SyntaxError` line is Python's as well as JavaScript's; its message tells which.
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
  // Error (Node.js's module loader)
  /^Cannot find module '[^'\n]{1,300}'/,
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

/** Whether `message` is worded as a JavaScript engine words its errors (see above). */
export function isJavaScriptEngineMessage(message: string): boolean {
  const m = message.trim();
  // Python's messages quote a type as `'X' object …` and its names as `name 'x' …`.
  if (/^'[\w.]{1,80}' object\b|^name '/.test(m)) return false;
  return ENGINE_MESSAGES.some((re) => re.test(m));
}

/** Classes only JavaScript has among the runtimes whose errors read `Class: message`. */
const JS_ONLY_CLASSES = new Set([
  'EvalError',
  'URIError',
  'AggregateError',
  'DOMException',
  'InternalError',
  'RangeError',
  'UnhandledPromiseRejection',
  'UnhandledPromiseRejectionWarning',
]);

/**
 * Whether a typed error line is JavaScript's: its class is JavaScript's alone, or it is a
 * `ReferenceError` that is not CPython's weak-reference one, or its message is an engine's wording.
 */
export function isJavaScriptError(type: string, message: string): boolean {
  if (JS_ONLY_CLASSES.has(type)) return true;
  if (type === 'ReferenceError') return !/weakly-referenced object/.test(message);
  if (type !== 'TypeError' && type !== 'SyntaxError' && type !== 'Error') return false;
  return isJavaScriptEngineMessage(message);
}
