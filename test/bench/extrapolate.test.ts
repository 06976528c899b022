import assert from 'node:assert/strict';
import { test } from 'node:test';
import { extrapolate, growth, type ScaleRow } from '../../bench/extrapolate.js';

const row = (threads: number, f: (n: number) => number, over: Partial<ScaleRow> = {}): ScaleRow => ({
  threads,
  buildSeconds: threads / 2000,
  buildThreadsPerSec: 2000,
  buildPeakRssMb: 500 + threads / 1000,
  indexMb: threads / 125,
  serveRssMb: 100 + f(threads),
  bm25P50Ms: 2,
  fts5P50Ms: threads / 1000,
  denseP50Ms: 4,
  hybridP50Ms: 5 * (threads / 44_000) ** 0.5,
  hybridP99Ms: 15,
  hnswRecallAt10: 0.99,
  ...over,
});

test('growth: a power law is recovered exactly and extended', () => {
  const g = growth(1000, 10, 4000, 40, 16_000);
  assert.ok(Math.abs(g.slope - 1) < 1e-12);
  assert.ok(Math.abs(g.atTarget - 160) < 1e-9);
  const sq = growth(100, 3, 400, 6, 1600);
  assert.ok(Math.abs(sq.slope - 0.5) < 1e-12);
  assert.ok(Math.abs(sq.atTarget - 12) < 1e-9);
  assert.equal(growth(100, 5, 400, 5, 1e6).slope, 0, 'flat stays flat');
});

test('extrapolate: the two largest sizes set the slopes; the first limit crossed is named', () => {
  const rows = [row(1_000_000, (n) => n / 500), row(44_000, (n) => n / 500), row(250_000, (n) => n / 500)];
  const e = extrapolate(rows, 10_000_000);
  assert.deepEqual(e.fromThreads, [250_000, 1_000_000]);
  // hybrid p50 ∝ √n: 5 ms at 44k → 5·√(10M/44k) at 10M
  assert.ok(Math.abs(e.growth.hybridP50Ms.slope - 0.5) < 1e-9);
  assert.ok(Math.abs(e.atTarget.hybridP50Ms - 5 * Math.sqrt(10_000_000 / 44_000)) < 1e-6);
  assert.ok(Math.abs(e.atTarget.buildHours - 10_000_000 / 2000 / 3600) < 1e-6);
  assert.ok(Math.abs(e.atTarget.diskMb - 80_000) < 1e-6);
  // latency crosses 100 ms at (100/5)² × 44k = 17.6M threads; serving RAM (100 + n/500 MB: 600 → 2,100 MB,
  // slope ln 3.5 / ln 4) passes 16 GB first, at 1M × (16384/2100)^(1/slope) ≈ 9.7M
  assert.equal(e.breaksFirst, 'serveRam');
  assert.ok(Math.abs(e.breaksAt.latency - 17_600_000) / 17_600_000 < 1e-9);
  const slope = Math.log(2100 / 600) / Math.log(4);
  const expected = 1_000_000 * (16384 / 2100) ** (1 / slope);
  assert.ok(Math.abs(e.breaksAt.serveRam - expected) / expected < 1e-9, String(e.breaksAt.serveRam));
  // with flat serving memory, latency is first
  assert.equal(extrapolate([row(250_000, () => 0), row(1_000_000, () => 0)]).breaksFirst, 'latency');
  assert.throws(() => extrapolate([row(1000, () => 0)]), /at least two sizes/);
});
