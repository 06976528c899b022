import { candidate, type Candidate } from './candidate.js';
import { languageOfName } from './error-class-language.js';

/** The tag and its attributes, quote by quote (a decoded value may hold `<` and `>`: `expected: <4.8>`). */
const TAG = /<(?:failure|error)(?![\w:-])((?:\s{1,20}[\w:-]{1,40}="[^"]{0,2000}"){0,20})\s*\/?>?/;
const TYPED_MESSAGE =
  /^((?:[A-Za-z_$][\w$]{0,80}\.){0,10}[A-Z][\w$]{0,80}(?:Error|Exception|Failure|Failed)\w{0,40}): (\S.{0,2000})$/;

/**
 * JUnit XML reports (the Ant schema that Surefire, pytest's `--junitxml`, jest-junit, go-junit-report
 * and others write), pasted into an issue or printed by a step: a failed case is a `<testcase>` holding
 * `<failure message="…" type="…">` (an error, `<error …>`), its text the stack trace. The `type`
 * attribute is the class; pytest writes none, and its `message` then leads with it (`AssertionError:
 * assert 1 == 2`). Only inside a report: a `<testcase` shortly before the tag (checkstyle's XML has
 * `<error …>` elements too).
 */
export function findJUnitXmlFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  let lastTestcase = -Infinity;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.includes('<testcase')) lastTestcase = i;
    if (!line.includes('<failure') && !line.includes('<error')) continue;
    const tag = i - lastTestcase <= 30 ? TAG.exec(line) : null;
    if (!tag) continue;
    const attrs = tag[1]!;
    // A class name holds no quote; a message may (normalization decodes `&quot;`, which can end the
    // attribute early): the element's text, which leads with `Class: message` where the writer puts the
    // trace (Surefire, JUnit 5), says it whole.
    let type = /\stype="([^"\s]{1,300})"/.exec(line)?.[1] ?? null;
    const close = line.lastIndexOf('">');
    const text = (close > tag.index ? line.slice(close + 2) : '').replace(/^<!\[CDATA\[/, '').trim();
    const fromText = TYPED_MESSAGE.exec(text);
    let message: string;
    if (fromText && (!type || fromText[1] === type)) {
      type = fromText[1]!;
      message = fromText[2]!;
    } else {
      message = attribute(attrs, 'message') ?? (text || (lines[i + 1] ?? '').trim().replace(/^<!\[CDATA\[/, ''));
      const typed = TYPED_MESSAGE.exec(message);
      if (typed && (!type || typed[1] === type)) {
        type = typed[1]!;
        message = typed[2]!;
      }
    }
    if (!type && !message) continue;
    out.push(candidate(type ? languageOfName(type) : 'unknown', type, message.trim(), line.trim(), i, 3));
  }
  return out;
}

/** An XML attribute's value (double-quoted, entities already decoded by normalization), or null. */
function attribute(attrs: string, name: string): string | null {
  const m = new RegExp(String.raw`(?:^|\s)${name}="([^"]{0,2000})"`).exec(attrs);
  return m ? m[1]! : null;
}
