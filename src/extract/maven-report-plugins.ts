import { candidate, type Candidate } from './candidate.js';

/**
 * The findings of Maven's code-analysis plugins whose `check` goal fails the build, as each logs them
 * (the goal's `Failed to execute goal … You have 2 PMD violations` is only the wrapper):
 * - maven-pmd-plugin: `PMD Failure: com.acme.Foo:141 Rule:EmptyCatchBlock Priority:3 Avoid empty catch
 *   blocks.`, logged at INFO (at WARNING by newer versions): the rule is the type.
 * - spotbugs-maven-plugin: `Medium: com.acme.Foo.bar() may expose internal representation by returning
 *   Foo.items [com.acme.Foo] At Foo.java:[line 57] EI_EXPOSE_REP`, logged at ERROR, its rank first (`High`,
 *   `Medium`, `Low`), the bug pattern last: the pattern is the type.
 * The first finding is the failure.
 */
const PMD = /^PMD Failure: (\S{1,300}?):(\d{1,7}) Rule:(\w{1,100}) Priority:\d (\S.{0,1000})$/;
const SPOTBUGS =
  /^(?:High|Medium|Low): (\S.{0,1000}?) \[[\w.$, ]{1,500}\](?: .{0,300}?)? (\S{1,300}\.(?:java|kt|groovy|scala)):\[lines? (\d{1,7})(?:-\d{1,7})?\] ([A-Z][A-Z\d]{1,20}(?:_[A-Z\d]{1,30}){0,8})$/;

export function findMavenReportFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const pmd = line.startsWith('PMD Failure: ') ? PMD.exec(line) : null;
    if (pmd) {
      const c = candidate('java', pmd[3]!, pmd[4]!, line, i, 3);
      // The class's file is not printed; its name and line are where to look.
      c.frames = [{ file: pmd[1]!, line: Number(pmd[2]), function: null, source: null }];
      out.push(c);
      continue;
    }
    const bug = /^(?:High|Medium|Low): /.test(line) ? SPOTBUGS.exec(line) : null;
    if (bug) {
      const c = candidate('java', bug[4]!, bug[1]!, line, i, 3);
      c.frames = [{ file: bug[2]!, line: Number(bug[3]), function: null, source: null }];
      out.push(c);
    }
  }
  return out;
}
