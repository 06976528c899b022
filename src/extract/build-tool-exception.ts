/**
 * The build tool's own exceptions (Maven, Gradle): consequences of the failure they report, never its
 * cause. Surefire's `SurefireBooterForkException` (`The forked VM terminated without properly saying
 * goodbye`) is the failure itself: the test JVM died (killed for memory, `System.exit`), and no test
 * reports anything.
 */
export const BUILD_TOOL_EXCEPTION =
  /^(?!org\.apache\.maven\.surefire\.booter\.SurefireBooterForkException$)(?:org\.apache\.maven|org\.codehaus\.plexus|org\.gradle)\./;
