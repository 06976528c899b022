import { candidate, lineNumber, type Candidate } from './candidate.js';

/**
 * CodeIgniter's error pages (its `views/errors/html` and `views/errors/cli` templates), as users paste
 * them from the browser or the terminal: a heading, then one field a line (a `<p>` each in HTML, whose
 * tags normalization strips; padded to a column on the CLI):
 * - `An uncaught Exception was encountered`, `Type: ArgumentCountError`, `Message: …`, `Filename: …`,
 *   `Line Number: 12`, then an optional `Backtrace:`. The type is the exception's class.
 * - `A PHP Error was encountered`, `Severity: Notice` (`Warning`, `Core Warning`, `Parsing Error`…, or the
 *   level's number where CodeIgniter 3 has no word for it: `8192` for a deprecation), `Message: …`,
 *   `Filename:`, `Line Number:`. The severity is the type; one that is no error (a warning, a notice)
 *   yields to an exception on the same page.
 * - `A Database Error Occurred`, `Error Number: 1146`, the database's message on the next line, the
 *   query, `Filename:` and `Line Number:`. The driver's error number is the type (no number when it
 *   could not connect: `Unable to connect to your database server using the provided settings.`).
 */
const HEADING = /^(An uncaught Exception was encountered|A PHP Error was encountered|A Database Error Occurred)$/;
const FIELD = /^(Type|Severity|Message|Filename|Line Number|Error Number)\s{0,12}:\s{0,12}(.*)$/;

export function findCodeIgniterErrors(lines: string[]): Candidate[] {
  const out: Candidate[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i]!.includes(' was encountered') && !lines[i]!.includes('A Database Error Occurred')) continue;
    const heading = HEADING.exec(lines[i]!.trim());
    if (!heading) continue;
    const fields = new Map<string, string>();
    /** The database's message: the first line after `Error Number:` that is not a field. */
    let dbMessage = '';
    let afterNumber = false;
    for (let k = i + 1; k < Math.min(lines.length, i + 24); k++) {
      const t = lines[k]!.trim();
      if (!t) continue;
      if (HEADING.test(t) || t.startsWith('Backtrace:')) break;
      const f = FIELD.exec(t);
      if (f) {
        if (!fields.has(f[1]!)) fields.set(f[1]!, f[2]!.trim());
        afterNumber = f[1] === 'Error Number';
        if (f[1] === 'Line Number') break;
      } else if (heading[1] === 'A Database Error Occurred' && !dbMessage && (afterNumber || !fields.size)) {
        dbMessage = t;
      }
    }
    const type =
      heading[1] === 'An uncaught Exception was encountered'
        ? fields.get('Type')
        : heading[1] === 'A PHP Error was encountered'
          ? fields.get('Severity')
          : fields.get('Error Number');
    const message = heading[1] === 'A Database Error Occurred' ? dbMessage : (fields.get('Message') ?? '');
    if (!message) continue;
    const file = fields.get('Filename');
    // A warning, a notice or a deprecation shown on the page lets it go on; an exception after it is the failure.
    const strength = heading[1] === 'A PHP Error was encountered' && !/Error$/.test(type ?? '') ? 2 : 3;
    const c = candidate('php', type || null, message, type ? `${type}: ${message}` : message, i, strength);
    if (file) c.frames = [{ file, line: lineNumber(fields.get('Line Number')), function: null, source: null }];
    out.push(c);
  }
  return out;
}
