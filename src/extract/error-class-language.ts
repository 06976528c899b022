import { isJavaScriptError } from './javascript-messages.js';

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

/** The language of `Class: message`: JavaScript's by its class or its engine's wording, else by the class's name. */
export function languageOfTyped(type: string, message: string): string {
  return isJavaScriptError(type, message.trim()) ? 'javascript' : languageOfName(type);
}
