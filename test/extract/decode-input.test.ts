import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeInput, InputError } from '../../src/extract/decode-input.js';

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
  assert.match(r.text, /ValueError: é/);
  assert.equal(decodeInput(le).encoding, 'utf-16le');
});

test('bytes that are not UTF-8 are read as Windows-1252', () => {
  const r = decodeInput(Buffer.from([0x45, 0x72, 0x72, 0x6f, 0x72, 0x3a, 0x20, 0xe9, 0x0a]));
  assert.equal(r.encoding, 'windows-1252');
  assert.equal(r.text, 'Error: é\n');
});

test('binary input is refused with a clear error', () => {
  assert.throws(() => decodeInput(Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, 0x00])), InputError);
});

test('a large input keeps head and tail and says how much was skipped', () => {
  const big = Buffer.from(`${'noise line\n'.repeat(200_000)}ValueError: at the end\n`);
  const r = decodeInput(big, 64 * 1024);
  assert.ok(r.skippedBytes > big.length - 64 * 1024 - 10);
  assert.match(r.text, /ValueError: at the end\n$/);
  assert.match(r.text, /bytes skipped/);
  assert.ok(r.text.length < 70 * 1024);
});
