// Logistic regression for grouped binomial data (k successes of n trials per row), fitted
// by iteratively reweighted least squares — Newton's method on the log-likelihood — with
// standard errors from the inverse Fisher information. Small on purpose: a handful of
// terms and a few hundred rows (the mixes of a sweep), so plain dense linear algebra.

import { err, ok, type Result } from '../engine/index.js';

export interface BinomialRow {
  /** Covariates, without the intercept (added by the fit). */
  readonly x: readonly number[];
  readonly successes: number;
  readonly trials: number;
}

export interface LogisticFit {
  /** Intercept first, then one per covariate. */
  readonly coef: readonly number[];
  /** Covariance matrix of coef (inverse Fisher information at the optimum). */
  readonly cov: readonly (readonly number[])[];
  readonly se: readonly number[];
  /** Residual deviance (2 × log-likelihood ratio against the saturated model). */
  readonly deviance: number;
  /** Rows minus parameters. */
  readonly df: number;
  readonly iterations: number;
}

export interface FitOptions {
  readonly maxIterations?: number;
  /** Stop when no coefficient moves by more than this. */
  readonly tolerance?: number;
  /**
   * A Gaussian prior on the coefficients: maximise log L − ½ βᵀPβ (P symmetric, p × p,
   * intercept first; zeros leave a coefficient free). The estimate is then the posterior
   * mode, and `cov` the inverse of (information + P): it exists even for data that
   * separate perfectly, where the plain maximum-likelihood estimate does not.
   */
  readonly penalty?: readonly (readonly number[])[];
}

const logistic = (eta: number) => (eta >= 0 ? 1 / (1 + Math.exp(-eta)) : Math.exp(eta) / (1 + Math.exp(eta)));

/**
 * Columns of X (intercept included as column 0) that are linear combinations of earlier
 * ones: modified Gram–Schmidt with a relative tolerance. Their coefficients cannot be
 * estimated from these data.
 */
export function dependentColumns(rows: readonly (readonly number[])[], tolerance = 1e-9): number[] {
  if (rows.length === 0) return [];
  const p = rows[0]!.length;
  const basis: number[][] = [];
  const out: number[] = [];
  for (let j = 0; j < p; j++) {
    const v = rows.map((r) => r[j]!);
    const norm0 = Math.sqrt(v.reduce((s, a) => s + a * a, 0));
    for (const q of basis) {
      let dot = 0;
      for (let i = 0; i < v.length; i++) dot += q[i]! * v[i]!;
      for (let i = 0; i < v.length; i++) v[i]! -= dot * q[i]!;
    }
    const norm = Math.sqrt(v.reduce((s, a) => s + a * a, 0));
    if (norm0 === 0 || norm <= tolerance * norm0) out.push(j);
    else basis.push(v.map((a) => a / norm));
  }
  return out;
}

/** Solves A·x = b for a symmetric positive definite A (Cholesky); null if A is not. */
function choleskySolve(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const l = a.map((r) => r.map(() => 0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let s = a[i]![j]!;
      for (let k = 0; k < j; k++) s -= l[i]![k]! * l[j]![k]!;
      if (i === j) {
        if (!(s > 1e-300)) return null;
        l[i]![i] = Math.sqrt(s);
      } else l[i]![j] = s / l[j]![j]!;
    }
  }
  const y = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let s = b[i]!;
    for (let k = 0; k < i; k++) s -= l[i]![k]! * y[k]!;
    y[i] = s / l[i]![i]!;
  }
  const x = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    let s = y[i]!;
    for (let k = i + 1; k < n; k++) s -= l[k]![i]! * x[k]!;
    x[i] = s / l[i]![i]!;
  }
  return x;
}

function inverse(a: number[][]): number[][] | null {
  const n = a.length;
  const cols: number[][] = [];
  for (let j = 0; j < n; j++) {
    const e = new Array<number>(n).fill(0);
    e[j] = 1;
    const c = choleskySolve(a, e);
    if (c === null) return null;
    cols.push(c);
  }
  return a.map((_, i) => cols.map((c) => c[i]!));
}

function deviance(rows: readonly BinomialRow[], mu: readonly number[]): number {
  let d = 0;
  rows.forEach((r, i) => {
    const k = r.successes;
    const f = r.trials - k;
    const m = mu[i]!;
    if (k > 0) d += k * Math.log(k / (r.trials * m));
    if (f > 0) d += f * Math.log(f / (r.trials * (1 - m)));
  });
  return 2 * d;
}

/**
 * Fits logit P(success) = b0 + Σ b_j·x_j. Errors (returned, not thrown) say why a fit is
 * impossible: no data, collinear covariates, or data that separate perfectly (a
 * coefficient that runs off to infinity).
 */
export function fitLogistic(rows: readonly BinomialRow[], opts: FitOptions = {}): Result<LogisticFit, string> {
  const used = rows.filter((r) => r.trials > 0);
  if (used.length === 0) return err('no games to fit');
  const p = used[0]!.x.length + 1;
  if (used.some((r) => r.x.length !== p - 1)) throw new Error('fitLogistic: rows have different numbers of covariates');
  const design = used.map((r) => [1, ...r.x]);
  // Under a prior that holds every coefficient (no zero on P's diagonal) any design can be fitted.
  const held = opts.penalty !== undefined && opts.penalty.every((row, i) => (row[i] ?? 0) > 0);
  const dependent = held ? [] : dependentColumns(design);
  if (dependent.length > 0) return err(`the covariates ${dependent.map((j) => (j === 0 ? 'intercept' : `x${j}`)).join(', ')} are linear combinations of the others`);
  const penalty = opts.penalty;
  if (penalty !== undefined && (penalty.length !== p || penalty.some((r) => r.length !== p))) throw new Error(`fitLogistic: the penalty must be ${p} × ${p}`);
  if (used.length < p && penalty === undefined) return err(`${used.length} rows cannot determine ${p} coefficients`);
  const maxIterations = opts.maxIterations ?? 100;
  const tolerance = opts.tolerance ?? 1e-10;

  // The log-likelihood's gradient (score) and negative Hessian (information) at beta:
  // score = Xᵀ(k − n·μ), information = XᵀWX with W = n·μ·(1 − μ).
  const at = (beta: readonly number[]) => {
    const mu = design.map((x) => logistic(x.reduce((s, v, j) => s + v * beta[j]!, 0)));
    const info = Array.from({ length: p }, () => new Array<number>(p).fill(0));
    const score = new Array<number>(p).fill(0);
    design.forEach((x, i) => {
      const r = used[i]!;
      const w = r.trials * mu[i]! * (1 - mu[i]!);
      const resid = r.successes - r.trials * mu[i]!;
      for (let a = 0; a < p; a++) {
        score[a]! += x[a]! * resid;
        for (let b = 0; b <= a; b++) info[a]![b]! += w * x[a]! * x[b]!;
      }
    });
    for (let a = 0; a < p; a++) for (let b = a + 1; b < p; b++) info[a]![b] = info[b]![a]!;
    if (penalty !== undefined)
      for (let a = 0; a < p; a++)
        for (let b = 0; b < p; b++) {
          info[a]![b]! += penalty[a]![b]!;
          score[a]! -= penalty[a]![b]! * beta[b]!;
        }
    return { mu, info, score };
  };

  let beta = new Array<number>(p).fill(0);
  for (let it = 1; it <= maxIterations; it++) {
    const { info, score } = at(beta);
    const step = choleskySolve(info, score);
    if (step === null)
      return err('the fit broke down: the data separate perfectly (some mixes always or never win), so a coefficient runs off to infinity');
    beta = beta.map((b, j) => b + step[j]!);
    if (beta.some((b) => !Number.isFinite(b) || Math.abs(b) > 50))
      return err('the fit diverges: the data separate (almost) perfectly, so a role count decides every game; add mixes whose outcome is in doubt');
    if (step.every((s, j) => Math.abs(s) <= tolerance * (1 + Math.abs(beta[j]!)))) {
      const final = at(beta);
      const cov = inverse(final.info);
      if (cov === null) return err('the information matrix is singular: the covariates do not vary enough');
      return ok({
        coef: beta,
        cov,
        se: cov.map((row, j) => Math.sqrt(row[j]!)),
        deviance: deviance(used, final.mu),
        df: used.length - p,
        iterations: it,
      });
    }
  }
  return err(`the fit did not converge in ${maxIterations} iterations`);
}

/** One cluster's games in one row of a fit: `successes` of `trials` (a deal's games of one pairing, say). */
export interface ClusterCell {
  readonly row: number;
  readonly successes: number;
  readonly trials: number;
}

/**
 * The cluster-robust ("sandwich") covariance of a fit's coefficients, for games that are
 * not independent within a cluster (the games of one deal across the pairings of a
 * tournament share its cards): cov · B · cov, where B sums over clusters the outer
 * product of each cluster's score Σ x_r (successes − trials·μ_r), times G / (G − 1) for
 * G clusters. The fit's own covariance assumes every game independent; this one assumes
 * only the clusters are (Liang & Zeger 1986). Every game of `rows` must be in exactly one
 * cluster cell. A fit under a Gaussian prior (`FitOptions.penalty`: its `cov` is the inverse
 * of information + P) gives P as `prior`: it joins the meat, cov · (B + P) · cov, which is
 * the fit's own covariance when the clusters are independent games, and keeps the prior's
 * width in a direction no game informs (the sandwich alone would make it 0 there).
 */
export function clusterCovariance(
  fit: Pick<LogisticFit, 'coef' | 'cov'>,
  rows: readonly BinomialRow[],
  clusters: readonly (readonly ClusterCell[])[],
  prior?: readonly (readonly number[])[],
): { readonly cov: number[][]; readonly se: number[] } {
  const p = fit.coef.length;
  const design = rows.map((r) => [1, ...r.x]);
  const mu = design.map((x) => logistic(x.reduce((s, v, j) => s + v * fit.coef[j]!, 0)));
  const meat = Array.from({ length: p }, () => new Array<number>(p).fill(0));
  for (const cluster of clusters) {
    const s = new Array<number>(p).fill(0);
    for (const c of cluster) {
      const x = design[c.row]!;
      const resid = c.successes - c.trials * mu[c.row]!;
      for (let a = 0; a < p; a++) s[a]! += x[a]! * resid;
    }
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) meat[a]![b]! += s[a]! * s[b]!;
  }
  const g = clusters.length;
  let scale = g > 1 ? g / (g - 1) : 1;
  // The prior's information joins the meat after the clusters' correction (it is no sample).
  if (prior !== undefined) {
    for (let a = 0; a < p; a++) for (let b = 0; b < p; b++) meat[a]![b] = scale * meat[a]![b]! + prior[a]![b]!;
    scale = 1;
  }
  const bread = fit.cov;
  const half = bread.map((row) => meat[0]!.map((_, b) => row.reduce((sum, v, k) => sum + v * meat[k]![b]!, 0)));
  const cov = half.map((row) => bread[0]!.map((_, b) => scale * row.reduce((sum, v, k) => sum + v * bread[k]![b]!, 0)));
  return { cov, se: cov.map((row, j) => Math.sqrt(Math.max(0, row[j]!))) };
}
