/**
 * Names of reports, categories and policies in words a person understands, shared by
 * schema messages and rule messages so that both speak alike. They accept unknown
 * values because schema findings describe data that may be malformed.
 */

import { showControlCharacters } from '../text/show-control-characters.js';

function field(value: unknown, key: string): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const item = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
  return typeof item === 'string' && item.trim() !== '' ? item : undefined;
}

/** Clips long text and shows control characters as escapes, so one finding stays one line. */
function clip(text: string, max = 60): string {
  const visible = showControlCharacters(text);
  return visible.length > max ? `${visible.slice(0, max - 3)}...` : visible;
}

/** `policy 1100.2 "Ensure that…" (AntiVirusInstalledId)`; `index` names a policy that has no fields. */
export function policyLabel(policy: unknown, index?: number): string {
  const number = field(policy, 'ComplianceNumber');
  const title = field(policy, 'ShortTitle');
  const id = field(policy, 'PolicyId');
  if (number === undefined && title === undefined && id === undefined) {
    return index === undefined ? 'policy' : `policy #${index + 1}`;
  }
  const parts = [
    'policy',
    number === undefined ? undefined : clip(number, 30),
    title === undefined ? undefined : `"${clip(title)}"`,
    id === undefined ? undefined : `(${clip(id, 40)})`,
  ];
  return parts.filter((part) => part !== undefined).join(' ');
}

/** `category "Azure - Compute (IaaS)"`; `index` names a category that has no name. */
export function categoryLabel(category: unknown, index?: number): string {
  const name = field(category, 'CategoryName') ?? field(category, 'CategoryId');
  if (name !== undefined) return `category "${clip(name)}"`;
  return index === undefined ? 'category' : `category #${index + 1}`;
}

/** `benchmark CSBP of account "Azure"`. */
export function reportLabel(report: unknown): string {
  const benchmark = field(report, 'BenchmarkId') ?? field(report, 'BenchmarkName');
  const account = field(report, 'AccountName');
  return [
    benchmark === undefined ? 'benchmark report' : `benchmark ${clip(benchmark, 40)}`,
    account === undefined ? undefined : `of account "${clip(account, 40)}"`,
  ]
    .filter((part) => part !== undefined)
    .join(' ');
}
