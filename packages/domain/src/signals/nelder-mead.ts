/**
 * Nelder–Mead downhill simplex (Nelder & Mead 1965) with the standard coefficients: reflection 1,
 * expansion 2, contraction ½, shrink ½. No npm optimiser loads
 * under Node's ESM loader without dragging build tools in as runtime dependencies
 * (docs/signals.md 'Libraries'), so this one is written here; it uses no special function.
 */
export interface NelderMeadResult {
  x: number[];
  fx: number;
  iterations: number;
  converged: boolean;
}

export function nelderMead(
  f: (x: number[]) => number,
  start: number[],
  options: { maxIterations?: number; tolerance?: number; step?: number } = {},
): NelderMeadResult {
  const n = start.length;
  const maxIterations = options.maxIterations ?? 400 * n;
  const tolerance = options.tolerance ?? 1e-9;
  const step = options.step ?? 0.5;
  const value = (x: number[]) => {
    const v = f(x);
    return Number.isFinite(v) ? v : Number.POSITIVE_INFINITY;
  };
  let simplex = [start.slice()];
  for (let i = 0; i < n; i += 1) {
    const point = start.slice();
    point[i] = (point[i] ?? 0) + step;
    simplex.push(point);
  }
  let values = simplex.map(value);
  const combine = (p: number[], q: number[], t: number) => p.map((pi, i) => pi + t * ((q[i] ?? 0) - pi));

  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    iterations += 1;
    const order = values.map((_, i) => i).sort((i, j) => (values[i] ?? 0) - (values[j] ?? 0));
    simplex = order.map((i) => simplex[i] ?? []);
    values = order.map((i) => values[i] ?? Number.POSITIVE_INFINITY);
    const best = values[0] ?? 0;
    const worst = values[n] ?? 0;
    if (Math.abs(worst - best) <= tolerance * (Math.abs(best) + tolerance)) {
      converged = true;
      break;
    }
    const centroid = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i += 1) for (let j = 0; j < n; j += 1) centroid[j] = (centroid[j] ?? 0) + (simplex[i]?.[j] ?? 0) / n;
    const worstPoint = simplex[n] ?? [];
    const reflected = combine(centroid, worstPoint, -1);
    const fr = value(reflected);
    if (fr < best) {
      const expanded = combine(centroid, worstPoint, -2);
      const fe = value(expanded);
      if (fe < fr) {
        simplex[n] = expanded;
        values[n] = fe;
      } else {
        simplex[n] = reflected;
        values[n] = fr;
      }
      continue;
    }
    if (fr < (values[n - 1] ?? 0)) {
      simplex[n] = reflected;
      values[n] = fr;
      continue;
    }
    const outside = fr < worst;
    const contracted = outside ? combine(centroid, reflected, 0.5) : combine(centroid, worstPoint, 0.5);
    const fc = value(contracted);
    if (fc < (outside ? fr : worst)) {
      simplex[n] = contracted;
      values[n] = fc;
      continue;
    }
    const bestPoint = simplex[0] ?? [];
    for (let i = 1; i <= n; i += 1) {
      simplex[i] = combine(bestPoint, simplex[i] ?? [], 0.5);
      values[i] = value(simplex[i] ?? []);
    }
  }
  const bestIndex = values.indexOf(Math.min(...values));
  return { x: simplex[bestIndex] ?? start, fx: values[bestIndex] ?? Number.POSITIVE_INFINITY, iterations, converged };
}
