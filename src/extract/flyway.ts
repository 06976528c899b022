import { candidate, lineNumber, type Candidate } from './candidate.js';

/**
 * Flyway's report of a migration that failed (its `FlywaySqlScriptException`), whatever runs it (the CLI,
 * the Maven and Gradle plugins, Spring Boot's startup):
 *
 *     Migration V7__add_invoice_indexes.sql failed
 *     --------------------------------------------
 *     SQL State  : 42000
 *     Error Code : 955
 *     Message    : ORA-00955: name is already used by an existing object
 *     Location   : db/migration/V7__add_invoice_indexes.sql (/app/src/main/resources/db/migration/…)
 *     Line       : 4
 *     Statement  : CREATE INDEX ix_invoice_customer ON invoice (customer_id, issued_at)
 *
 * (`Script … failed` in older versions; the CLI logs it behind `ERROR: `; an exception that carries it
 * prints it after its class, `…FlywayMigrateException: Migration V7__… failed`, as Spring Boot's startup
 * failure does after `BeanCreationException: Error creating bean with name 'flywayInitializer' …: `.) The database's message is the failure: its own code when it
 * leads with one (Oracle's `ORA-00955`), else the SQL state (PostgreSQL's `42P07`); the script and its line
 * are where. The wrapper around it (`Failed to execute goal …`, `FlywayMigrateException`) says only that
 * Flyway failed.
 */
const HEAD = /(?:^ERROR: |^|: )(?:Migration|Script) (\S{1,300}) failed$/;
const RULE = /^-{8,}$/;
const FIELD = /^(SQL State|Error Code|Message|Location|Line)\s{0,12}: ?(.{0,2000})$/;
/** A vendor's code before the message: Oracle's `ORA-00955: `, DB2's `SQL0204N `. */
const VENDOR_CODE = /^((?:ORA|PLS|SQL)-?\d{4,5}[A-Z]?):? (\S.{0,2000})$/;

export function findFlywayFailures(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.includes(' failed')) continue;
    const head = HEAD.exec(lines[i]!.trim());
    if (!head || !RULE.test((lines[i + 1] ?? '').trim())) continue;
    const fields = new Map<string, string>();
    for (let k = i + 2; k < Math.min(lines.length, i + 12); k++) {
      const f = FIELD.exec(lines[k]!.trim());
      if (f && !fields.has(f[1]!)) fields.set(f[1]!, f[2]!.trim());
    }
    const raw = fields.get('Message') ?? '';
    if (!raw) continue;
    // PostgreSQL's server message keeps its severity (`ERROR: relation "users" already exists`).
    const message = raw.replace(/^(?:ERROR|FATAL): {1,2}/, '');
    const coded = VENDOR_CODE.exec(message);
    const type = coded ? coded[1]! : fields.get('SQL State') || null;
    const c = candidate('sql', type, coded ? coded[2]!.trim() : message, lines[i]!.trim(), i, 3);
    const where = /^(\S{1,300})/.exec(fields.get('Location') ?? '')?.[1] ?? head[1]!;
    c.frames = [{ file: where, line: lineNumber(fields.get('Line')), function: null, source: null }];
    out.push(c);
  }
  return out;
}
