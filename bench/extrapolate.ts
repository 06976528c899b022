/**
 * How each cost grows with the corpus, from the scale benchmark's rows, and what the whole StackOverflow
 * dump would need: a power law per metric (value ∝ threads^slope), its slope from the two largest sizes
 * measured (log-log), extended to the target size. Pure: the benchmark measures, this only computes.
 */

export interface ScaleRow {
  threads: number;
  buildSeconds: number;
  buildThreadsPerSec: number;
  buildPeakRssMb: number;
  indexMb: number;
  serveRssMb: number;
  bm25P50Ms: number;
  fts5P50Ms: number;
  denseP50Ms: number;
  hybridP50Ms: number;
  hybridP99Ms: number;
  hnswRecallAt10: number;
}

/** What a laptop-class machine has, and what "interactive" means: where each resource breaks. */
export interface Limits {
  ramMb: number;
  diskMb: number;
  hybridP50Ms: number;
  buildHours: number;
}

export const LAPTOP: Limits = { ramMb: 16 * 1024, diskMb: 512 * 1024, hybridP50Ms: 100, buildHours: 12 };

export interface Growth {
  /** d log(value) / d log(threads), between the two largest sizes. */
  slope: number;
  /** The value extended to the target size. */
  atTarget: number;
}

export interface Extrapolation {
  targetThreads: number;
  fromThreads: [number, number];
  growth: Record<'buildSeconds' | 'buildPeakRssMb' | 'indexMb' | 'serveRssMb' | 'bm25P50Ms' | 'hybridP50Ms', Growth>;
  /** At the target: RAM to build and to serve, disk, build hours, hybrid p50 on one core. */
  atTarget: { buildRamMb: number; serveRamMb: number; diskMb: number; buildHours: number; hybridP50Ms: number };
  /** Per resource, the corpus size at which it passes its limit (Infinity: never, on this trend). */
  breaksAt: Record<'buildRam' | 'serveRam' | 'disk' | 'buildTime' | 'latency', number>;
  /** The resource that passes its limit at the smallest corpus. */
  breaksFirst: 'buildRam' | 'serveRam' | 'disk' | 'buildTime' | 'latency';
}

export function growth(n1: number, v1: number, n2: number, v2: number, target: number): Growth {
  const slope = v1 > 0 && v2 > 0 && n2 !== n1 ? Math.log(v2 / v1) / Math.log(n2 / n1) : 0;
  return { slope, atTarget: v2 * (target / n2) ** slope };
}

/** The size at which a value growing as `g` from (n, v) reaches `limit`. */
function crossing(n: number, v: number, slope: number, limit: number): number {
  if (v >= limit) return n;
  if (slope <= 0) return Infinity;
  return n * (limit / v) ** (1 / slope);
}

export function extrapolate(
  rows: readonly ScaleRow[],
  targetThreads = 10_000_000,
  limits: Limits = LAPTOP,
): Extrapolation {
  if (rows.length < 2) throw new Error('extrapolating needs at least two sizes');
  const sorted = [...rows].sort((a, b) => a.threads - b.threads);
  const a = sorted.at(-2)!;
  const b = sorted.at(-1)!;
  const keys = ['buildSeconds', 'buildPeakRssMb', 'indexMb', 'serveRssMb', 'bm25P50Ms', 'hybridP50Ms'] as const;
  const g = Object.fromEntries(
    keys.map((k) => [k, growth(a.threads, a[k], b.threads, b[k], targetThreads)]),
  ) as Extrapolation['growth'];
  const breaksAt = {
    buildRam: crossing(b.threads, b.buildPeakRssMb, g.buildPeakRssMb.slope, limits.ramMb),
    serveRam: crossing(b.threads, b.serveRssMb, g.serveRssMb.slope, limits.ramMb),
    disk: crossing(b.threads, b.indexMb, g.indexMb.slope, limits.diskMb),
    buildTime: crossing(b.threads, b.buildSeconds, g.buildSeconds.slope, limits.buildHours * 3600),
    latency: crossing(b.threads, b.hybridP50Ms, g.hybridP50Ms.slope, limits.hybridP50Ms),
  };
  const breaksFirst = (Object.keys(breaksAt) as Array<keyof typeof breaksAt>).reduce((x, y) =>
    breaksAt[y] < breaksAt[x] ? y : x,
  );
  return {
    targetThreads,
    fromThreads: [a.threads, b.threads],
    growth: g,
    atTarget: {
      buildRamMb: g.buildPeakRssMb.atTarget,
      serveRamMb: g.serveRssMb.atTarget,
      diskMb: g.indexMb.atTarget,
      buildHours: g.buildSeconds.atTarget / 3600,
      hybridP50Ms: g.hybridP50Ms.atTarget,
    },
    breaksAt,
    breaksFirst,
  };
}
