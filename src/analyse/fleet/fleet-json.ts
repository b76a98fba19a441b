import { CspmError } from '../../error/cspm-error.js';
import type { Figures, SeverityCount } from '../../model/analysis.js';
import {
  fleetFiguresVersion,
  type FleetAccount,
  type FleetCategoryFigures,
  type FleetFigures,
  type FleetFiguresJson,
  type FleetPolicy,
} from '../../model/fleet.js';
import { escapePointerToken } from '../../text/pointer-token.js';
import { percentFormulaIds } from '../percent-formulas.js';
import { fleetPolicyKey } from './add-fleet-report.js';
import { mergeFleetFigures } from './merge-fleet-figures.js';

/**
 * The fleet as JSON (`JSON.stringify` writes it as is), with the version of its shape.
 * Pure: the result shares no object with `figures`.
 */
export function fleetFiguresToJson(figures: FleetFigures): FleetFiguresJson {
  // A merge with an empty fleet is a deep copy, made by the code that already knows every field.
  const copy = mergeFleetFigures(figures, {
    percentFormula: figures.percentFormula,
    accounts: [],
    policies: new Map(),
  });
  return {
    version: fleetFiguresVersion,
    percentFormula: copy.percentFormula,
    accounts: copy.accounts,
    policies: [...copy.policies.values()],
  };
}

function invalid(pointer: string, what: string): CspmError<'fleet-figures-invalid'> {
  return new CspmError('fleet-figures-invalid', `${pointer === '' ? '(the whole value)' : pointer}: ${what}`, {
    data: { pointer },
  });
}

type Json = Record<string, unknown>;

function objectAt(value: unknown, pointer: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(pointer, 'expected an object');
  return value as Json;
}

function arrayAt(value: unknown, pointer: string): unknown[] {
  if (!Array.isArray(value)) throw invalid(pointer, 'expected an array');
  return value;
}

function field(object: Json, key: string, pointer: string): [unknown, string] {
  const at = `${pointer}/${escapePointerToken(key)}`;
  if (!Object.hasOwn(object, key)) throw invalid(at, 'missing');
  return [object[key], at];
}

function text(object: Json, key: string, pointer: string): string {
  const [value, at] = field(object, key, pointer);
  if (typeof value !== 'string') throw invalid(at, 'expected a string');
  return value;
}

function count(object: Json, key: string, pointer: string): number {
  const [value, at] = field(object, key, pointer);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
    throw invalid(at, 'expected a whole number ≥ 0');
  return value;
}

function finite(object: Json, key: string, pointer: string): number {
  const [value, at] = field(object, key, pointer);
  if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(at, 'expected a number');
  return value;
}

function percentOrNull(object: Json, key: string, pointer: string): number | null {
  return field(object, key, pointer)[0] === null ? null : finite(object, key, pointer);
}

const countNames = ['total', 'green', 'red', 'amber', 'gray', 'other', 'passedResources', 'totalResources'] as const;

function readFigures(value: unknown, pointer: string): Figures {
  const object = objectAt(value, pointer);
  const counts = Object.fromEntries(countNames.map((name) => [name, count(object, name, pointer)])) as Record<
    (typeof countNames)[number],
    number
  >;
  return { ...counts, percent: finite(object, 'percent', pointer) };
}

function readSeverities(value: unknown, pointer: string): SeverityCount[] {
  return arrayAt(value, pointer).map((entry, index) => {
    const object = objectAt(entry, `${pointer}/${index}`);
    return {
      severity: text(object, 'severity', `${pointer}/${index}`),
      count: count(object, 'count', `${pointer}/${index}`),
    };
  });
}

function readCategory(value: unknown, pointer: string): FleetCategoryFigures {
  const object = objectAt(value, pointer);
  return {
    name: text(object, 'name', pointer),
    figures: readFigures(field(object, 'figures', pointer)[0], `${pointer}/figures`),
    percent: percentOrNull(object, 'percent', pointer),
  };
}

function readAccount(value: unknown, pointer: string): FleetAccount {
  const object = objectAt(value, pointer);
  const names = ['accountName', 'accountId', 'connectorType', 'benchmarkId', 'benchmarkName', 'source'] as const;
  const texts = Object.fromEntries(names.map((name) => [name, text(object, name, pointer)])) as Record<
    (typeof names)[number],
    string
  >;
  const categories = arrayAt(field(object, 'categories', pointer)[0], `${pointer}/categories`);
  return {
    ...texts,
    figures: readFigures(field(object, 'figures', pointer)[0], `${pointer}/figures`),
    percent: percentOrNull(object, 'percent', pointer),
    redBySeverity: readSeverities(field(object, 'redBySeverity', pointer)[0], `${pointer}/redBySeverity`),
    redWeight: count(object, 'redWeight', pointer),
    categories: categories.map((category, index) => readCategory(category, `${pointer}/categories/${index}`)),
  };
}

function readPolicy(value: unknown, pointer: string): FleetPolicy {
  const object = objectAt(value, pointer);
  const policy = {
    policyId: text(object, 'policyId', pointer),
    benchmarkId: text(object, 'benchmarkId', pointer),
    title: text(object, 'title', pointer),
    severity: text(object, 'severity', pointer),
    accounts: count(object, 'accounts', pointer),
    red: count(object, 'red', pointer),
    amber: count(object, 'amber', pointer),
    failing: count(object, 'failing', pointer),
  };
  // A report counts once per policy, so no count can pass the reports that hold it.
  for (const key of ['red', 'amber', 'failing'] as const)
    if (policy[key] > policy.accounts)
      throw invalid(
        `${pointer}/${key}`,
        `${policy[key]}, more than the reports that hold the policy (${policy.accounts})`,
      );
  return policy;
}

/**
 * The fleet that `value` (parsed JSON, as {@link fleetFiguresToJson} wrote it) holds,
 * checked field by field. Pure: `value` is not changed.
 *
 * @throws CspmError `fleet-figures-invalid` naming the RFC 6901 pointer of the first
 *   value at fault (`/accounts/12/figures/red: expected a whole number ≥ 0`), a
 *   version other than this one's, or a policy listed twice
 */
export function fleetFiguresFromJson(value: unknown): FleetFigures {
  const root = objectAt(value, '');
  const [version] = field(root, 'version', '');
  if (version !== fleetFiguresVersion)
    throw invalid(
      '/version',
      `${JSON.stringify(version)}; this version of cspm-report reads version ${fleetFiguresVersion}`,
    );
  const formula = text(root, 'percentFormula', '');
  if (!(percentFormulaIds as readonly string[]).includes(formula))
    throw invalid('/percentFormula', `"${formula}"; the formulas are ${percentFormulaIds.join(', ')}`);
  const accounts = arrayAt(field(root, 'accounts', '')[0], '/accounts').map((account, index) =>
    readAccount(account, `/accounts/${index}`),
  );
  const policies = new Map<string, FleetPolicy>();
  arrayAt(field(root, 'policies', '')[0], '/policies').forEach((entry, index) => {
    const policy = readPolicy(entry, `/policies/${index}`);
    const key = fleetPolicyKey(policy.benchmarkId, policy.policyId);
    if (policies.has(key))
      throw invalid(
        `/policies/${index}`,
        `policy ${policy.policyId} of benchmark ${policy.benchmarkId} is listed twice`,
      );
    policies.set(key, policy);
  });
  return { percentFormula: formula as FleetFigures['percentFormula'], accounts, policies };
}
