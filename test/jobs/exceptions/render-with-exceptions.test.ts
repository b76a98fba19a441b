import { describe, expect, it } from 'vitest';
import { renderReports } from '../../../src/index.js';
import { buildViewModel } from '../../../src/render/build-view-model.js';
import { sampleExceptionsFile } from '../../support/sample-exceptions.js';
import { useTempDir } from '../../support/temp-dir.js';

const tempDir = useTempDir();

describe('renderReports with exceptions', () => {
  it('judges the exceptions on the whole analysis and gives each document its accepted risks', async () => {
    const exceptions = sampleExceptionsFile(tempDir(), -1);
    const { plan, exceptions: risks } = await renderReports('samples/azure-csbp.json', {
      formats: ['html'],
      exceptions: [exceptions],
    });
    expect(risks?.outcomes.map((outcome) => [outcome.exception.id, outcome.state])).toEqual([
      ['EXC-1', 'active'],
      ['EXC-2', 'expired'],
      ['EXC-3', 'unused'],
    ]);
    const document = plan.documents[0];
    if (document?.status !== 'ready' || risks === undefined) throw new Error('no document');
    const view = buildViewModel(document.analysis, { acceptedRisks: risks });
    expect(view.acceptedRisks?.counts).toEqual({
      acceptedPolicies: 1,
      active: 1,
      expiring: 0,
      expired: 1,
      unused: 1,
      unneeded: 0,
    });
    const [active, expired, unused] = view.acceptedRisks?.exceptions ?? [];
    expect(active?.accepted.map((policy) => [policy.policyId, policy.compliance, policy.severity])).toEqual([
      ['VMDiskEncryption', 'Red', 'Critical'],
    ]);
    expect(active?.stateText).toBe('active: 90 days left');
    expect(expired?.stateText).toBe('expired 1 day ago');
    expect(expired?.accepted).toEqual([]);
    expect(expired?.failingAgain.map((policy) => policy.policyId)).toEqual(['VMJustInTimeAccess']);
    expect(unused?.state).toBe('unused');
    expect(view.acceptedRisks?.nearestExpiries.map((risk) => risk.id)).toEqual(['EXC-1']);
    expect(view.acceptedRisks?.files[0]?.path).toBe('exceptions.yaml');
    const report = view.reports[0];
    const acceptedPointers = [...(report?.accepted?.keys() ?? [])];
    expect(acceptedPointers).toHaveLength(1);
    expect(report?.accepted?.get(acceptedPointers[0] ?? '')).toMatchObject({ id: 'EXC-1', state: 'active' });
  });

  it('fails the run on an exceptions file that does not check, before any document', async () => {
    await expect(
      renderReports('samples/azure-csbp.json', { formats: ['html'], exceptions: ['samples/README.md'] }),
    ).rejects.toMatchObject({ code: expect.stringMatching(/exceptions|usage|invalid/) });
  });

  it('renders no accepted risks without exceptions: the view is as before', async () => {
    const { plan, exceptions } = await renderReports('samples/azure-csbp.json', { formats: ['html'] });
    expect(exceptions).toBeUndefined();
    const document = plan.documents[0];
    if (document?.status !== 'ready') throw new Error('no document');
    const view = buildViewModel(document.analysis);
    expect(view.acceptedRisks).toBeUndefined();
    expect(view.reports[0]?.accepted).toBeUndefined();
  });
});
