import type { FleetAccount, FleetCategorySummary, FleetPolicy } from '../../model/fleet.js';
import type { TableColumn, TableSheet } from '../xlsx/table-sheet.js';
import { colourHeaderStyle } from '../xlsx/xlsx-styles.js';
import type { FleetPlan } from './fleet-plan.js';

const text = <T>(header: string, max: number, value: (item: T) => string): TableColumn<T> => ({
  header,
  kind: 'text',
  width: { max },
  value,
});
const count = <T>(header: string, value: (item: T) => number): TableColumn<T> => ({
  header,
  kind: 'count',
  width: { max: 14 },
  value,
  ...(colourHeaderStyle.has(header) ? { headerStyle: colourHeaderStyle.get(header) } : {}),
});
// Nothing assessed: an empty cell, never 0 %.
const percent = <T>(header: string, value: (item: T) => number | null): TableColumn<T> => ({
  header,
  kind: 'percent',
  width: { max: 14 },
  value: (item) => (value(item) === null ? null : (value(item) as number) / 100),
});

/** With exceptions: each account's accepted policies and the exceptions that expired on it. */
function acceptedColumns(plan: FleetPlan): TableColumn<FleetAccount>[] {
  if (!plan.worst.some((row) => row.accepted !== undefined)) return [];
  return [
    count('Accepted policies', (row) => row.accepted?.policies ?? 0),
    text('Expired exceptions', 30, (row) => row.accepted?.expired.join(', ') ?? ''),
  ];
}

/** Every account row, the worst first, with its full names and figures (and accepted risks, with exceptions). */
export function accountsSheet(plan: FleetPlan): TableSheet<FleetAccount> {
  return {
    name: 'Accounts',
    keyColumns: 2,
    columns: [
      text('Account', 40, (row) => row.accountName),
      text('AccountId', 40, (row) => row.accountId),
      text('Connector', 12, (row) => row.connectorType),
      text('Benchmark', 44, (row) => row.benchmarkName),
      text('BenchmarkId', 14, (row) => row.benchmarkId),
      percent('Compliance %', (row) => row.percent),
      count('Total', (row) => row.figures.total),
      count('Green', (row) => row.figures.green),
      count('Red', (row) => row.figures.red),
      count('Amber', (row) => row.figures.amber),
      count('Gray', (row) => row.figures.gray),
      count('Red weighted', (row) => row.redWeight),
      ...acceptedColumns(plan),
      text('File', 40, (row) => row.source),
    ],
    rows: () => plan.worst,
  };
}

/** Every policy that fails somewhere, failing in the most accounts first. */
export function policiesSheet(plan: FleetPlan): TableSheet<FleetPolicy> {
  return {
    name: 'Policies',
    keyColumns: 2,
    columns: [
      text('PolicyId', 24, (row) => row.policyId),
      text('Policy', 70, (row) => row.title),
      text('BenchmarkId', 14, (row) => row.benchmarkId),
      text('Severity', 10, (row) => row.severity),
      count('Failing in', (row) => row.failing),
      count('Red in', (row) => row.red),
      count('Amber in', (row) => row.amber),
      count('Assessed in', (row) => row.accounts),
    ],
    rows: () => plan.failing,
  };
}

/** Each category of each benchmark across the accounts, lowest median first. */
export function categoriesSheet(plan: FleetPlan): TableSheet<FleetCategorySummary> {
  return {
    name: 'Categories',
    keyColumns: 2,
    columns: [
      text('Benchmark', 44, (row) => row.benchmarkName),
      text('Category', 50, (row) => row.name),
      count('Accounts', (row) => row.accounts),
      count('Assessed in', (row) => row.assessed),
      percent('Lowest %', (row) => row.min),
      percent('Median %', (row) => row.median),
      percent('Mean %', (row) => row.mean),
      count('Red', (row) => row.red),
    ],
    rows: () => plan.categories,
  };
}
