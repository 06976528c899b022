import { findAnsibleFailures } from './ansible.js';
import { findBatsFailures } from './bats.js';
import { findBiomeDiagnostics } from './biome.js';
import { findClojureFailures } from './clojure.js';
import { findCodeIgniterErrors } from './codeigniter.js';
import type { Candidate } from './candidate.js';
import { findCppTestFailures } from './cpp-test-runners.js';
import { findCrashReports } from './crash-reports.js';
import { findDartFailures } from './dart.js';
import { findDbtFailures } from './dbt.js';
import { findDotnetEventLogExceptions } from './dotnet-event-log.js';
import { findDotnetFailures } from './dotnet.js';
import { findFlywayFailures } from './flyway.js';
import { findGoFailures } from './go.js';
import { findJavaFailures } from './java.js';
import { findJavaScriptFailures } from './javascript.js';
import { findJsTestRunnerFailures } from './js-test-runners.js';
import { findJUnitXmlFailures } from './junit-xml.js';
import { findJuliaFailures } from './julia.js';
import { findElixirFailures } from './elixir.js';
import { findHaskellFailures } from './haskell.js';
import { findPowerShellErrors } from './powershell.js';
import { findLambdaErrors } from './lambda-error.js';
import { findMavenReportFailures } from './maven-report-plugins.js';
import { findMietteReports } from './miette-report.js';
import { findNativeCrashes } from './native-crash.js';
import { findPhpFailures } from './php.js';
import { findPulumiDiagnostics } from './pulumi.js';
import { findPythonFailures } from './python.js';
import { findPythonToolFailures } from './python-tools.js';
import { findRakeFailures } from './rake-aborted.js';
import { findRubyFailures } from './ruby.js';
import { findRustFailures } from './rust.js';
import { findScalaFailures } from './scala.js';
import { findSecurityReports } from './security-reports.js';
import { findValgrindErrors } from './valgrind.js';

/** One finder per language or runner; each reads normalized lines and returns what it recognizes. */
export type FailureFinder = (lines: string[]) => Candidate[];

export const LANGUAGE_MODULES: FailureFinder[] = [
  findPythonFailures,
  findPythonToolFailures,
  findJavaScriptFailures,
  findJsTestRunnerFailures,
  findBiomeDiagnostics,
  findJavaFailures,
  findMavenReportFailures,
  findFlywayFailures,
  findGoFailures,
  findRustFailures,
  findRubyFailures,
  findRakeFailures,
  findDotnetFailures,
  findDotnetEventLogExceptions,
  findDartFailures,
  findPhpFailures,
  findCodeIgniterErrors,
  findNativeCrashes,
  findCrashReports,
  findAnsibleFailures,
  findPulumiDiagnostics,
  findDbtFailures,
  findCppTestFailures,
  findValgrindErrors,
  findScalaFailures,
  findSecurityReports,
  findLambdaErrors,
  findMietteReports,
  findBatsFailures,
  findJUnitXmlFailures,
  findJuliaFailures,
  findClojureFailures,
  findElixirFailures,
  findHaskellFailures,
  findPowerShellErrors,
];
