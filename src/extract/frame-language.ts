/**
 * Stack frames as each runtime prints them, by the language they name: the way to tell whose error a
 * bare `Class: message` line is when the class is one several runtimes could throw (`AssertionError`,
 * `PropertyNotFoundException`, `MissingReferenceException`).
 */
const FRAME_SHAPES: ReadonlyArray<readonly [RegExp, (ext: string) => string]> = [
  // CPython: `  File "app.py", line 3, in <module>`.
  [/^\s*File "[^"]{1,400}", line \d{1,7}/, () => 'python'],
  // V8 (Node, Deno, Chrome) and Bun: `    at fn (file:///x/app.ts:3:9)`, `    at file:///x/app_test.ts:23:3`.
  [/^\s*at (?:.{1,400} \()?\S{0,400}\.([cm]?[jt]sx?)(?:\?\S{0,100})?:\d{1,7}:\d{1,7}\)?\s*$/, jsOrTs],
  // SpiderMonkey and JavaScriptCore (Firefox, Safari): `get@http://localhost:4200/vendor.js:25605:36`.
  [/^\s*[\w$.<>/]{0,200}@\S{1,400}\.(m?[jt]sx?)(?:\?\S{0,100})?:\d{1,7}:\d{1,7}\s*$/, jsOrTs],
  // .NET (`   at A.B() in C:\src\B.cs:line 42`) and Unity (`A.B () (at Assets/Scripts/B.cs:42)`).
  [/(?: in \S.{0,400}\.cs:line \d{1,7}|\(at \S{1,400}\.cs:\d{1,7}\))\s*$/, () => 'csharp'],
  // PowerShell (the shell family's): `at Get-Config, D:\a\repo\src\Get-Config.ps1:27`, `at <ScriptBlock>, C:\x.Tests.ps1: line 12`.
  [/^\s*at .{1,200}, \S.{0,400}\.ps[md]?1:(?: line)? ?\d{1,7}\s*$/, () => 'shell'],
];

function jsOrTs(ext: string): string {
  return /^[cm]?tsx?$/.test(ext) ? 'typescript' : 'javascript';
}

/** Per text (its normalized lines), the language of each line that is a frame, null for the others. */
const framesOf = new WeakMap<string[], Array<string | null>>();

/**
 * The language of the first stack frame among the `span` lines below line `i`, or null when none of
 * them is a frame of a known shape. Each line is read once per text, however many lines ask.
 */
export function languageOfFramesBelow(lines: string[], i: number, span = 25): string | null {
  let frames = framesOf.get(lines);
  if (!frames) framesOf.set(lines, (frames = lines.map(frameLanguage)));
  for (let k = i + 1; k < Math.min(lines.length, i + 1 + span); k++) if (frames[k]) return frames[k]!;
  return null;
}

function frameLanguage(l: string): string | null {
  // Every shape holds one of these: most lines are done without a pattern.
  if (l.length > 1000 || !(l.includes('at ') || l.includes('@') || l.includes('File "') || l.includes('.cs:')))
    return null;
  for (const [shape, language] of FRAME_SHAPES) {
    const m = shape.exec(l);
    if (m) return language(m[1] ?? '');
  }
  return null;
}
