import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { collectBounded, decodeBounded, readFileBounded } from '../../src/extract/bounded-bytes.js';
import { decodeInput, InputError, type DecodedInput } from '../../src/extract/decode-input.js';
import { extractFailures } from '../../src/extract/extract.js';

const text = 'Traceback (most recent call last):\r\nValueError: é\r\n';

test('UTF-8 with BOM and CRLF', () => {
  const r = decodeInput(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]));
  assert.equal(r.encoding, 'utf-8');
  assert.equal(r.text, 'Traceback (most recent call last):\nValueError: é\n');
});

test('UTF-16LE and UTF-16BE with BOM, and UTF-16LE without one', () => {
  const le = Buffer.from(text, 'utf16le');
  assert.equal(
    decodeInput(Buffer.concat([Buffer.from([0xff, 0xfe]), le])).text,
    'Traceback (most recent call last):\nValueError: é\n',
  );
  const be = Buffer.from(le).swap16();
  const r = decodeInput(Buffer.concat([Buffer.from([0xfe, 0xff]), be]));
  assert.equal(r.encoding, 'utf-16be');
  assert.equal(r.text, 'Traceback (most recent call last):\nValueError: é\n');
  assert.equal(decodeInput(le).encoding, 'utf-16le');
});

test('bytes that are not UTF-8 are read as Windows-1252', () => {
  const r = decodeInput(Buffer.from([0x45, 0x72, 0x72, 0x6f, 0x72, 0x3a, 0x20, 0xe9, 0x0a]));
  assert.equal(r.encoding, 'windows-1252');
  assert.equal(r.text, 'Error: é\n');
});

test('binary input is refused with a clear error', () => {
  assert.throws(() => decodeInput(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, 0x00])), InputError);
  // An ELF-like header followed by a zero-filled section table, and pseudo-random (compressed-looking) bytes.
  assert.throws(() => decodeInput(Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01'), Buffer.alloc(4096)])), InputError);
  const noise = Buffer.alloc(65536);
  let x = 12345;
  for (let i = 0; i < noise.length; i++) noise[i] = (x = (x * 1103515245 + 12345) >>> 0) >>> 24;
  assert.throws(() => decodeInput(noise), InputError);
});

test('a traceback with a few NUL bytes in it is a log, not binary; the NULs are dropped', () => {
  const log = Buffer.from(
    'Run pytest\n\0\0\0collected 3 items\nTraceback (most recent call last):\n  File "a.py", line 1, in <module>\n' +
      "    import torchvision\nModuleNotFoundError: No module named 'torchvision'\0\n",
  );
  const r = decodeInput(log);
  assert.equal(r.text.includes('\0'), false);
  assert.equal(extractFailures(r.text)[0]?.errorType, 'ModuleNotFoundError');
});

// ---- The bounded path production uses (CLI, App, Action): readFileBounded / collectBounded → decodeBounded.

const dir = mkdtempSync(join(tmpdir(), 'snippet-search-decode-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const FAILURE_LINES = [
  'Traceback (most recent call last):',
  '  File "C:\\work\\run.py", line 3, in <module>',
  '    from torchvision import datasets',
  "ModuleNotFoundError: No module named 'torchvision'",
];

/** A log of about `size` bytes in `encoding`: numbered lines with multi-byte characters (é, 😀, 中), then the traceback. */
function bigLog(encoding: 'utf-8' | 'utf-16le' | 'utf-16be', size: number, eol: string): { buf: Buffer; body: string } {
  const lines: string[] = [];
  const unit = encoding === 'utf-8' ? 1 : 2;
  let approx = 0;
  for (let i = 0; approx < size; i++) {
    const line = `line ${i} café 😀 中文 ${'x'.repeat(i % 37)}`;
    lines.push(line);
    approx += unit === 1 ? Buffer.byteLength(line) + eol.length : (line.length + eol.length) * unit;
  }
  const body = [...lines, ...FAILURE_LINES, ''].join(eol);
  if (encoding === 'utf-8') return { buf: Buffer.from(body, 'utf8'), body };
  const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(body, 'utf16le')]);
  return { buf: encoding === 'utf-16le' ? le : Buffer.from(le).swap16(), body }; // BOM FF FE swaps to FE FF
}

/** Every line of the decoded text is a whole line of the original, except the marker. */
function assertWholeLines(r: DecodedInput, original: string) {
  const originalLines = new Set(original.replace(/\r\n/g, '\n').split('\n'));
  const decodedLines = r.text.split('\n');
  const markers = decodedLines.filter((l) => /^\[… \d+ bytes skipped …\]$/.test(l));
  assert.equal(markers.length, 1, 'one marker line');
  for (const l of decodedLines) {
    if (markers.includes(l)) continue;
    assert.ok(originalLines.has(l), `not a line of the input: ${JSON.stringify(l.slice(0, 80))}`);
  }
  assert.equal(r.text.includes('\uFFFD'), false, 'no replacement characters');
  assert.equal(r.text.includes('\r'), false, 'CRLF normalized');
}

async function* chunked(buf: Buffer, size: number) {
  for (let i = 0; i < buf.length; i += size) {
    await Promise.resolve();
    yield buf.subarray(i, i + size);
  }
}

const MiB = 1024 * 1024;
const cases = [
  { encoding: 'utf-8', eol: '\n', bound: MiB },
  { encoding: 'utf-8', eol: '\r\n', bound: MiB + 1 },
  { encoding: 'utf-16le', eol: '\r\n', bound: MiB }, // even tail offset
  { encoding: 'utf-16le', eol: '\r\n', bound: MiB + 1 }, // odd tail offset: the cut falls inside a code unit
  { encoding: 'utf-16be', eol: '\n', bound: MiB + 3 },
  { encoding: 'utf-16be', eol: '\r\n', bound: MiB + 6 },
] as const;

for (const { encoding, eol, bound } of cases) {
  test(`a ${encoding} log (${eol === '\n' ? 'LF' : 'CRLF'}) of 2.2 MB read with a ${bound}-byte bound keeps its failure`, async () => {
    const { buf, body: originalText } = bigLog(encoding, 2.2e6, eol);
    assert.ok(buf.length > 2 * MiB);
    const file = join(dir, `${encoding}-${bound}.txt`);
    writeFileSync(file, buf);

    const fromFile = decodeBounded(await readFileBounded(file, bound));
    assert.equal(fromFile.encoding, encoding);
    assertWholeLines(fromFile, originalText);
    assert.ok(fromFile.text.startsWith('line 0 café 😀 中文 \n'), 'the head starts at the input start');
    assert.ok(fromFile.text.endsWith(`${FAILURE_LINES.join('\n')}\n`), 'the tail ends with the failure');
    assert.ok(fromFile.skippedBytes > 0 && fromFile.skippedBytes === buf.length - bound);
    const failures = extractFailures(fromFile.text);
    assert.equal(failures[0]?.errorType, 'ModuleNotFoundError');
    assert.equal(failures[0]?.errorMessage, "No module named 'torchvision'");

    // A stream in odd-sized chunks, and the in-memory decodeInput, cut at exactly the same place.
    for (const size of [1000, 4093, 65536]) {
      const fromStream = decodeBounded(await collectBounded(chunked(buf, size), bound));
      assert.deepEqual(fromStream, fromFile, `chunks of ${size}`);
    }
    assert.deepEqual(decodeInput(buf, bound), fromFile);
  });
}

test('bounded reads of an input within the bound return it whole, and an empty one as empty', async () => {
  const file = join(dir, 'small.txt');
  writeFileSync(file, text);
  const b = await readFileBounded(file, 1024);
  assert.equal(b.truncated, false);
  assert.equal(decodeBounded(b).text, 'Traceback (most recent call last):\nValueError: é\n');
  assert.deepEqual(decodeBounded(await collectBounded([Buffer.from(text)], 1024)), decodeBounded(b));
  assert.deepEqual(decodeBounded(await collectBounded([Buffer.from(text)], Buffer.byteLength(text))), decodeBounded(b));
  const empty = await collectBounded([], 1024);
  assert.equal(decodeBounded(empty).text, '');
});

test('a single line longer than the bound is kept (head and tail of it), not dropped', () => {
  const r = decodeInput(Buffer.from(`${'a'.repeat(100_000)} ValueError: at the end`), 8192);
  assert.match(r.text, /^a{1024}\n\[… \d+ bytes skipped …\]\na+ ValueError: at the end$/);
});
