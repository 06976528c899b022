import { languageOfMessage } from './message-language.js';

/**
 * Exception classes a platform's base library defines and no other runtime's (by their unqualified
 * names, as people and runtimes print them): .NET's `System.*` (docs.microsoft.com's API reference) and
 * the JDK's `java.lang`, `java.util` and friends. Names both define (`IOException`,
 * `FileNotFoundException`, `TimeoutException`) are in neither; nor are Selenium's Python names
 * (`NoSuchElementException`, `WebDriverException`), which the JDK does not define.
 */
const DOTNET_CLASSES = new Set([
  'NullReferenceException',
  'InvalidOperationException',
  'ArgumentNullException',
  'ArgumentOutOfRangeException',
  'ArgumentException',
  'IndexOutOfRangeException',
  'InvalidCastException',
  'KeyNotFoundException',
  'ObjectDisposedException',
  'NotImplementedException',
  'NotSupportedException',
  'TaskCanceledException',
  'OperationCanceledException',
  'AggregateException',
  'DirectoryNotFoundException',
  'UnauthorizedAccessException',
  'HttpRequestException',
  'DbUpdateException',
  'SqlException',
  'TypeInitializationException',
  'TargetInvocationException',
  'BadImageFormatException',
  'DllNotFoundException',
  'EntryPointNotFoundException',
  'StackOverflowException',
  'OverflowException',
  'DivideByZeroException',
  'XamlParseException',
  'JsonReaderException',
  'JsonSerializationException',
]);
const JAVA_CLASSES = new Set([
  'NullPointerException',
  'IllegalArgumentException',
  'IllegalStateException',
  'ArrayIndexOutOfBoundsException',
  'StringIndexOutOfBoundsException',
  'IndexOutOfBoundsException',
  'NumberFormatException',
  'ClassCastException',
  'ClassNotFoundException',
  'ConcurrentModificationException',
  'UnsupportedOperationException',
  'InterruptedException',
  'CloneNotSupportedException',
  'ArithmeticException',
  'NoSuchMethodError',
  'NoSuchFieldError',
  'NoClassDefFoundError',
  'UnsatisfiedLinkError',
  'ExceptionInInitializerError',
  'OutOfMemoryError',
  'StackOverflowError',
  'UnsupportedClassVersionError',
  'IncompatibleClassChangeError',
  'AbstractMethodError',
  'InaccessibleObjectException',
  'InvocationTargetException',
  'SQLException',
  'MalformedURLException',
  'UnknownHostException',
  'SocketTimeoutException',
  'ActivityNotFoundException',
  'NetworkOnMainThreadException',
]);

/** The language of an error class's name: a Ruby `A::B`, a qualified .NET or JVM class, a base-library one; else Python's. */
export function languageOfName(name: string): string {
  if (name.includes('::')) return 'ruby';
  if (/^(?:System|Microsoft)\./.test(name)) return 'csharp';
  if (/^(?:java|javax|org|com|kotlin|android)\./.test(name)) return 'java';
  if (DOTNET_CLASSES.has(name)) return 'csharp';
  if (JAVA_CLASSES.has(name)) return 'java';
  return 'python';
}

/** Classes only JavaScript has among the runtimes whose errors read `Class: message`. */
const JS_CLASSES = new Set([
  'EvalError',
  'URIError',
  'AggregateError',
  'DOMException',
  'InternalError',
  'RangeError',
  'UnhandledPromiseRejection',
  'UnhandledPromiseRejectionWarning',
]);
/** Classes only Ruby's core defines among the runtimes whose errors read `Class: message`. */
const RUBY_CLASSES = new Set(['NoMethodError', 'SystemStackError', 'FrozenError', 'UncaughtThrowError']);

/**
 * The language of `Class: message`: JavaScript's or Ruby's by a class only it has (a `ReferenceError`
 * is JavaScript's unless it is CPython's weak-reference one); else by the class's name, where an
 * unqualified name several runtimes share (`TypeError`, `ArgumentError`, `LoadError`, `Error`) goes by
 * its message's wording (`message-language.ts`) before Python's.
 */
export function languageOfTyped(type: string, message: string): string {
  if (JS_CLASSES.has(type)) return 'javascript';
  if (type === 'ReferenceError' && !message.includes('weakly-referenced object')) return 'javascript';
  if (RUBY_CLASSES.has(type)) return 'ruby';
  const byName = languageOfName(type);
  if (byName !== 'python' || type.includes('.')) return byName;
  return languageOfMessage(message) ?? byName;
}
