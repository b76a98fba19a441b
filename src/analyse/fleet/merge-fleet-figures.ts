import { CspmError } from '../../error/cspm-error.js';
import type { FleetAccount, FleetFigures, FleetPolicy } from '../../model/fleet.js';

function copyAccount(account: FleetAccount): FleetAccount {
  return {
    ...account,
    figures: { ...account.figures },
    redBySeverity: account.redBySeverity.map((entry) => ({ ...entry })),
    categories: account.categories.map((category) => ({ ...category, figures: { ...category.figures } })),
  };
}

/**
 * The fleet of `a` and `b` together, as if every report of `a` had been added, then
 * every report of `b`: the rows of `a` then those of `b`; each policy's counts summed,
 * its title and severity those of `a` where `a` holds it, in the order first seen.
 * Pure: neither input is changed, and the result shares no object with them. Merging
 * the fleets of two shards gives what one run over both would have built.
 *
 * @throws CspmError `fleet-figures-invalid` when the two count percents by different formulas
 */
export function mergeFleetFigures(a: FleetFigures, b: FleetFigures): FleetFigures {
  if (a.percentFormula !== b.percentFormula) {
    throw new CspmError(
      'fleet-figures-invalid',
      `/percentFormula: ${b.percentFormula} cannot merge with ${a.percentFormula}; analyse every shard with one --percent-formula`,
      { data: { pointer: '/percentFormula' } },
    );
  }
  const policies = new Map<string, FleetPolicy>();
  for (const [key, policy] of a.policies) policies.set(key, { ...policy });
  for (const [key, policy] of b.policies) {
    const known = policies.get(key);
    if (known === undefined) policies.set(key, { ...policy });
    else {
      known.accounts += policy.accounts;
      known.red += policy.red;
      known.amber += policy.amber;
      known.failing += policy.failing;
    }
  }
  return { percentFormula: a.percentFormula, accounts: [...a.accounts, ...b.accounts].map(copyAccount), policies };
}

/**
 * Adds the fleet of `more` to `into`, in place: what {@link mergeFleetFigures} makes,
 * without copying `into` each time, for a run that joins a fleet file by file. `more`
 * is taken over (its rows become `into`'s): give it a fleet nothing else holds.
 *
 * @throws CspmError `fleet-figures-invalid` when the two count percents by different formulas
 */
export function addFleetFigures(into: FleetFigures, more: FleetFigures): FleetFigures {
  if (into.percentFormula !== more.percentFormula) {
    throw new CspmError(
      'fleet-figures-invalid',
      `/percentFormula: ${more.percentFormula} cannot merge with ${into.percentFormula}; analyse every shard with one --percent-formula`,
      { data: { pointer: '/percentFormula' } },
    );
  }
  for (const [key, policy] of more.policies) {
    const known = into.policies.get(key);
    if (known === undefined) into.policies.set(key, policy);
    else addPolicyCounts(known, policy);
  }
  for (const account of more.accounts) into.accounts.push(account);
  return into;
}

/** Adds the counts of `more` (the same policy in other reports) to `into`, in place. */
export function addPolicyCounts(into: FleetPolicy, more: FleetPolicy): void {
  into.accounts += more.accounts;
  into.red += more.red;
  into.amber += more.amber;
  into.failing += more.failing;
}
