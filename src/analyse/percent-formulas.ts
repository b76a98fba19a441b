import type { PercentFormula } from '../model/analysis.js';

/** The counts a percent formula reads. */
export interface PercentInputs {
  total: number;
  green: number;
  gray: number;
  passedResources: number;
  totalResources: number;
}

/** One way of computing CompliancePercent. */
export interface PercentFormulaInfo {
  id: PercentFormula;
  /** The formula in words, as printed in findings and reports. */
  description: string;
  /** What the percent is of (its denominator); 0 leaves it undefined, shown as n/a. */
  base(inputs: PercentInputs): number;
  /** The percent, 0 to 100; 0 when the base is 0, never NaN or Infinity. */
  compute(inputs: PercentInputs): number;
}

/**
 * part / whole × 100, and 0 when there is nothing to divide by. Never NaN or Infinity:
 * the schema keeps counts safe integers, but figures of data that skipped validation
 * (a library caller's own documents) can sum to Infinity, and Infinity / Infinity is
 * NaN, which every output would print as "NaN%".
 */
function ratio(part: number, whole: number): number {
  if (!(whole > 0) || !Number.isFinite(whole) || !Number.isFinite(part)) return 0;
  const percent = (part / whole) * 100;
  return Number.isFinite(percent) ? percent : 0;
}

/**
 * The formulas a service could use. The specification gives none; the published
 * sample fits green-of-assessed in every category (Compute: 2 Green of 23, 10 Gray →
 * 15.3846159), so that one is the default.
 */
export const percentFormulas = {
  'green-of-assessed': {
    id: 'green-of-assessed',
    description: 'Green / (Total − Gray) × 100',
    /** Total − Gray: the policies assessed. */
    base: (inputs) => inputs.total - inputs.gray,
    /** The percent of the assessed policies that are Green. */
    compute: (inputs) => ratio(inputs.green, inputs.total - inputs.gray),
  },
  'green-of-total': {
    id: 'green-of-total',
    description: 'Green / Total × 100',
    /** Total: every policy, Gray ones included. */
    base: (inputs) => inputs.total,
    /** The percent of all policies that are Green. */
    compute: (inputs) => ratio(inputs.green, inputs.total),
  },
  'passed-resources': {
    id: 'passed-resources',
    description: 'sum of PassedResourceCount / sum of TotalResourceCount × 100',
    /** The resources checked. */
    base: (inputs) => inputs.totalResources,
    /** The percent of the resources checked that passed. */
    compute: (inputs) => ratio(inputs.passedResources, inputs.totalResources),
  },
} as const satisfies Record<PercentFormula, PercentFormulaInfo>;

/** The formula used when the user pins none. */
export const defaultPercentFormula: PercentFormula = 'green-of-assessed';

/** Every formula id, in the order they are tried when telling which one a value fits. */
export const percentFormulaIds = Object.keys(percentFormulas) as PercentFormula[];

/**
 * True when `inputs` have a compliance percent: some policy was assessed (not Gray) and
 * the formula's denominator is above 0. Otherwise the percent is undefined: the
 * service states 0.0, which reads like a failing category, so documents show n/a.
 */
export function hasPercent(formula: PercentFormula, inputs: PercentInputs): boolean {
  return inputs.total - inputs.gray > 0 && percentFormulas[formula].base(inputs) > 0;
}

/**
 * The percent of `figures` where it is one, null where nothing was assessed (see
 * {@link hasPercent}): what every output states, so that n/a never reads or ranks as 0 %.
 */
export function definedPercent(formula: PercentFormula, figures: PercentInputs & { percent: number }): number | null {
  return hasPercent(formula, figures) ? figures.percent : null;
}

/** CompliancePercent of `inputs` by `formula`. */
export function computePercent(formula: PercentFormula, inputs: PercentInputs): number {
  return percentFormulas[formula].compute(inputs);
}

/**
 * True when a stated percent equals a computed one. The service prints single
 * precision (15.3846159 for 15.384615…), so equality is relative, about 1e-4.
 */
export function percentMatches(stated: number, computed: number): boolean {
  return Math.abs(stated - computed) <= 1e-4 * Math.max(1, Math.abs(computed));
}

/** The formulas whose result `stated` fits, in catalogue order. */
export function fittingFormulas(stated: number, inputs: PercentInputs): PercentFormula[] {
  return percentFormulaIds.filter((id) => percentMatches(stated, computePercent(id, inputs)));
}
