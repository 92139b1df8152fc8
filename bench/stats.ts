// Small statistics for benchmark samples: medians and p95 (shared machines are noisy, so no means),
// and a least-squares line with R² to say whether a cost grows linearly.

export function quantile(xs: readonly number[], q: number): number {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos), hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

export const median = (xs: readonly number[]): number => quantile(xs, 0.5);
export const p95 = (xs: readonly number[]): number => quantile(xs, 0.95);

export interface LineFit {
  slope: number;
  intercept: number;
  r2: number;
}

/** Ordinary least squares y = slope·x + intercept, with the coefficient of determination. */
export function fitLine(xs: readonly number[], ys: readonly number[]): LineFit {
  const n = xs.length;
  const mx = xs.reduce((a, b) => a + b, 0) / n;
  const my = ys.reduce((a, b) => a + b, 0) / n;
  let sxy = 0, sxx = 0, syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (xs[i] - mx) * (ys[i] - my);
    sxx += (xs[i] - mx) ** 2;
    syy += (ys[i] - my) ** 2;
  }
  const slope = sxx ? sxy / sxx : 0;
  const intercept = my - slope * mx;
  const r2 = syy ? (sxy * sxy) / (sxx * syy) : 1;
  return { slope, intercept, r2 };
}

/** R² ≥ 0.95 over at least three sizes is what we call linear (noise on a shared machine costs a few points). */
export function isLinear(f: LineFit, points: number): boolean {
  return points >= 3 && f.r2 >= 0.95;
}

export async function timeAsync(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

export function timeSync(fn: () => unknown): number {
  const t0 = performance.now();
  fn();
  return performance.now() - t0;
}

/** Repeats a synchronous measurement, returning every sample in ms. */
export function samplesSync(runs: number, fn: () => unknown): number[] {
  return Array.from({ length: runs }, () => timeSync(fn));
}

export const round2 = (x: number): number => Math.round(x * 100) / 100;

/** Median, p95 and count of a sample of times. */
export interface Dist {
  medianMs: number;
  p95Ms: number;
  runs: number;
}

export const dist = (xs: readonly number[]): Dist => ({ medianMs: round2(median(xs)), p95Ms: round2(p95(xs)), runs: xs.length });
