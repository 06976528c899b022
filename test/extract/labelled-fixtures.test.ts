import assert from 'node:assert/strict';
import { test } from 'node:test';
import { scoreLabelledItems, scoreTable } from './labelled-fixtures.js';

test('extraction on the labelled real-world items: type ≥ 95%, message ≥ 90%, no false alarms', () => {
  const scores = scoreLabelledItems();
  const labelled = scores.filter((s) => s.label.kind !== 'negative');
  const negatives = scores.filter((s) => s.label.kind === 'negative');
  const typeRate = labelled.filter((s) => s.typeOk).length / labelled.length;
  const messageRate = labelled.filter((s) => s.messageOk).length / labelled.length;
  const misses = scores
    .filter((s) => !(s.typeOk && s.messageOk && s.negativeOk))
    .map((s) => `${s.label.id}: got ${JSON.stringify(s.got)}`);
  console.log(
    `${scoreTable(scores)}\nerror type ${(typeRate * 100).toFixed(1)}%, message ${(messageRate * 100).toFixed(1)}%, negatives clean ${negatives.filter((n) => n.negativeOk).length}/${negatives.length}`,
  );
  assert.ok(labelled.length >= 20, 'the labelled set is present');
  assert.ok(typeRate >= 0.95, `error type right on ${typeRate}: ${misses.join('; ')}`);
  assert.ok(messageRate >= 0.9, `message right on ${messageRate}: ${misses.join('; ')}`);
  assert.deepEqual(
    negatives.filter((n) => !n.negativeOk).map((n) => n.label.id),
    [],
  );
});

test('code is taken from frames or the test body where the label says there is code', () => {
  const withCode = scoreLabelledItems().filter((s) => s.label.has_code && s.label.code_first_line);
  const found = withCode.filter((s) => s.got?.code.includes(s.label.code_first_line!.trim()));
  assert.ok(found.length / withCode.length >= 0.8, `code found on ${found.length}/${withCode.length}`);
});
