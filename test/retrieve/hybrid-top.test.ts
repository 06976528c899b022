import assert from 'node:assert/strict';
import { test } from 'node:test';
import { topScored } from '../../src/retrieve/hybrid.js';

test("the fusion's top: what sorting every candidate (score, then lower id) and cutting gives, ties included", () => {
  let seed = 11;
  const rand = (n: number) => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) >>> 8) % n;
  for (let round = 0; round < 200; round++) {
    const n = rand(450);
    const ids = [...new Set(Array.from({ length: n }, () => rand(100_000)))];
    // Few distinct scores, so ties are common (the keyword bonus makes exact ties in real fusions).
    const scores = Float64Array.from(ids, () => rand(40) / 8 - 2);
    const sorted = ids.map((id, i) => ({ id, score: scores[i]! })).sort((a, b) => b.score - a.score || a.id - b.id);
    for (const top of [0, 1, 5, 10, 32, 33, 200, 1000]) {
      assert.deepEqual(
        topScored(ids, scores, top),
        sorted.slice(0, top),
        `round ${round}, top ${top}, ${ids.length} ids`,
      );
    }
  }
});
