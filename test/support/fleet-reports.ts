import { type AnalysedReport, type Analysis } from '../../src/index.js';
import { analyseInputs } from '../../src/jobs/analyse-inputs.js';
import { addFleetReport, createFleetFigures } from '../../src/analyse/fleet/add-fleet-report.js';
import type { FleetFigures } from '../../src/model/fleet.js';

/** The samples every fleet test is made of: AWS, Azure (two benchmarks in one file) and Office 365. */
export const fleetSamples = [
  'samples/aws-cis.json',
  'samples/azure-csbp.json',
  'samples/azure-multi-benchmark.json',
  'samples/office365.json',
];

/** The analysed reports of the samples, with their sources. */
export async function sampleReports(): Promise<{
  analysis: Analysis;
  reports: { source: string; report: AnalysedReport }[];
}> {
  const analysis = await analyseInputs(fleetSamples);
  return {
    analysis,
    reports: analysis.sources.flatMap((source) => source.reports.map((report) => ({ source: source.source, report }))),
  };
}

/**
 * The `index`-th account of a generated fleet: a sample report under another AccountId
 * and a long AccountName, its figures and policies the sample's (shared, not copied).
 */
export function fleetMember(
  sample: { source: string; report: AnalysedReport },
  index: number,
): { source: string; report: AnalysedReport } {
  const number = String(index + 1).padStart(5, '0');
  const report = {
    ...sample.report.report,
    AccountId: `acct-${number}-${sample.report.report.AccountId}`,
    AccountName: `Platform team ${number} · production workloads of the payments business unit`,
  };
  return { source: `fleet/${number}-${sample.source.replace(/^samples\//, '')}`, report: { ...sample.report, report } };
}

/** A fleet of `size` account rows built from the samples in turn. */
export async function generatedFleet(size: number): Promise<FleetFigures> {
  const { analysis, reports } = await sampleReports();
  const fleet = createFleetFigures(analysis.percentFormula);
  for (let index = 0; index < size; index++) {
    const member = fleetMember(reports[index % reports.length] as { source: string; report: AnalysedReport }, index);
    addFleetReport(fleet, member.source, member.report);
  }
  return fleet;
}
