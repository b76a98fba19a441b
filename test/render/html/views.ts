import { readFileSync } from 'node:fs';
import { analyseInputs } from '../../../src/jobs/analyse-inputs.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import type { ViewModel } from '../../../src/model/view-model.js';

/** The view model of the hostile fixture: markup, mustaches, formulas, many scripts. */
export async function hostileView(): Promise<ViewModel> {
  const analysis = await analyseInputs('test/fixtures/hostile-report.json');
  return buildViewModel(analysis);
}

/** The hostile fixture as parsed JSON, to edit copies of it. */
export function hostileDocument(): { result: Record<string, unknown>[] } {
  return JSON.parse(readFileSync('test/fixtures/hostile-report.json', 'utf8')) as { result: Record<string, unknown>[] };
}

/** The view model of an already parsed document. */
export async function viewOf(value: unknown, name = 'generated.json'): Promise<ViewModel> {
  return buildViewModel(await analyseInputs({ value, name }));
}

const colours = ['Green', 'Red', 'Amber', 'Gray'] as const;
const severities = ['Critical', 'High', 'Moderate', 'Low', 'VeryLow'] as const;
const services = ['VirtualMachines', 'StorageAccounts', 'KeyVaultService', 'SQLServers'] as const;

function policy(category: number, index: number) {
  const colour = colours[(category + index) % colours.length] ?? 'Gray';
  const total = colour === 'Gray' ? 0 : 4;
  const passed = colour === 'Green' ? 4 : colour === 'Amber' ? 2 : 0;
  return {
    PolicyId: `P${category}x${index}`,
    ShortTitle: `Policy ${index + 1} of category ${category + 1}`,
    ServiceName: services[index % services.length] ?? 'VirtualMachines',
    ComplianceNumber: `${category + 1}.${index + 1}`,
    PassedResourceCount: passed,
    TotalResourceCount: total,
    Compliance: colour,
    Severity: severities[index % severities.length] ?? 'Low',
    RiskProbability:
      colour === 'Gray' ? ' ' : colour === 'Green' ? 'NotLikely' : colour === 'Red' ? 'Certain' : 'Moderate',
    RiskLevel: colour === 'Gray' ? '' : colour === 'Green' ? 'Green' : 'Red',
  };
}

function category(index: number, policies: number) {
  const list = Array.from({ length: policies }, (_, policyIndex) => policy(index, policyIndex));
  const countOf = (colour: string) => list.filter((item) => item.Compliance === colour).length;
  const green = countOf('Green');
  const gray = countOf('Gray');
  return {
    CategoryName: `Category ${index + 1}`,
    ControlCategoryOrder: index + 1,
    CategoryId: `C${index + 1}`,
    Total: policies,
    Green: green,
    Red: countOf('Red'),
    Amber: countOf('Amber'),
    Gray: gray,
    CompliancePercent: policies - gray > 0 ? (green / (policies - gray)) * 100 : 0,
    Policies: list,
  };
}

/** A consistent array of `reports` benchmark reports of `categories` × `perCategory` policies. */
export function generatedReports(reports: number, categories: number, perCategory: number): unknown[] {
  return Array.from({ length: reports }, (_, index) => ({
    BenchmarkName: `Generated Benchmark ${index + 1}`,
    BenchmarkId: `GEN${index + 1}`,
    AccountId: '00000000-0000-4000-8000-000000000001',
    LicenseId: '00000000-0000-4000-8000-000000000002',
    LicenseName: 'Test',
    AccountName: 'Generated Azure',
    ConnectorType: 'Azure',
    SubscriptionId: '00000000-0000-4000-8000-000000000003',
    AWSAccountId: null,
    JobId: '00000000-0000-4000-8000-000000000004',
    ResourceCategories: Array.from({ length: categories }, (_, categoryIndex) => category(categoryIndex, perCategory)),
  }));
}
