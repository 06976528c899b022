/**
 * XCTest's failures, as xcodebuild prints them (`/…/TideTests.swift:23: error: -[TidesTests.TideTests
 * testHigh] : XCTAssertEqual failed: ("1") is not equal to ("2")`; on Linux, swift-corelibs-xctest names
 * the case `TideTests.testHigh : …`) and as xcpretty does (`    ✗ testHigh, XCTAssertEqual failed: …`).
 * The assertion that failed is the type (`XCTFail` prints `failed - message`); the message is what it
 * said, without the test case's name.
 */
const CASE = /^(?:-\[[\w.]{1,200} \w{1,200}\]|[A-Za-z_]\w{0,200}\.test\w{0,200}) : (\S.{0,1000})$/;
const ASSERTION = /^(XCT[A-Z]\w{1,40}) failed\b/;
const XCTFAIL = /^failed - \S/;
/** xcpretty's failed test: its mark, the test case, a comma, the reason. */
const XCPRETTY_FAILED = /^✗ (test\w{0,200}), (\S.{0,1000})$/;

/** The assertion and message of an XCTest failure's text after its location, or null when it is not one. */
export function xctestFailure(message: string): { type: string; message: string } | null {
  const m = CASE.exec(message);
  return m ? { type: assertionOf(m[1]!), message: m[1]! } : null;
}

/** xcpretty's line for a failed test (`✗ testHigh, XCTAssertEqual failed: …`), read as its reason. */
export function xcprettyFailedTest(line: string): { type: string; message: string } | null {
  const m = XCPRETTY_FAILED.exec(line);
  if (!m) return null;
  const reason = m[2]!.trim();
  // Only an assertion's reason says the line is XCTest's (other runners mark failed tests the same way).
  return ASSERTION.test(reason) || XCTFAIL.test(reason) ? { type: assertionOf(reason), message: reason } : null;
}

function assertionOf(reason: string): string {
  return ASSERTION.exec(reason)?.[1] ?? (XCTFAIL.test(reason) ? 'XCTFail' : 'error');
}
