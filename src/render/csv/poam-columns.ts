import type { PolicyAcceptance } from '../../model/exceptions.js';
import type { ActionView, ReportView, ViewModel } from '../../model/view-model.js';
import { acceptanceText, acceptancesByPolicy } from '../policy-acceptance.js';

/** One row of the POA&M: a failing policy of a report. */
export interface PoamRowSource {
  report: ReportView;
  action: ActionView;
}

/** A column of the POA&M export. */
export interface PoamColumn {
  header: string;
  value(row: PoamRowSource): string | number;
  /** Left empty for the team to fill in (milestones, dates, owner). */
  fillIn?: true;
}

/** The scan date as a day (`2024-03-18`), or the date as the report states it when it is none this tool reads. */
function dayOf(report: ReportView): string {
  if (!report.lastScanned) return '';
  return report.lastScanned.date ? report.lastScanned.date.toISOString().slice(0, 10) : report.lastScanned.stated;
}

/** The exception that accepts a row's policy, if one does. */
function acceptanceOf({ report, action }: PoamRowSource): PolicyAcceptance | undefined {
  return acceptancesByPolicy(report).get(action.policy);
}

/**
 * The columns of a plan of action and milestones, in the order such plans list them:
 * what the weakness is and where it was found, how bad and how likely, its status, and
 * the empty columns a team fills in (milestones, completion date, owner). An accepted
 * risk fills them from its exception: the milestone is its expiry, when the risk must be
 * remediated or accepted again, and the owner is the exception's.
 */
export const poamColumns: readonly PoamColumn[] = [
  {
    header: 'Finding ID',
    value: ({ report, action }) => `${report.benchmarkId}/${report.accountId}/${action.policy.ComplianceNumber}`,
  },
  { header: 'Date Identified', value: ({ report }) => dayOf(report) },
  { header: 'Weakness Name', value: ({ action }) => action.policy.ShortTitle },
  {
    header: 'Weakness Description',
    value: ({ report, action }) =>
      `${action.policy.ComplianceNumber} ${action.policy.ShortTitle} (${report.benchmarkName}, ${action.category.name}): ${action.failingResources} of ${action.policy.TotalResourceCount} resources failed`,
  },
  { header: 'Source Identifying Weakness', value: ({ report }) => `${report.benchmarkName}, scan job ${report.jobId}` },
  {
    header: 'Asset Identifier',
    value: ({ report }) => `${report.accountName} (${report.connectorType} account ${report.accountId})`,
  },
  { header: 'Service', value: ({ action }) => action.policy.ServiceName },
  { header: 'Compliance', value: ({ action }) => action.policy.Compliance },
  { header: 'Severity', value: ({ action }) => action.policy.Severity },
  { header: 'Likelihood', value: ({ action }) => action.policy.RiskProbability.trim() },
  { header: 'Resources Affected', value: ({ action }) => action.failingResources },
  { header: 'Status', value: () => 'Open' },
  {
    header: 'Milestones',
    value: (row) => {
      const acceptance = acceptanceOf(row);
      return acceptance === undefined
        ? ''
        : `Accepted risk ${acceptance.id} expires ${acceptance.expires}: remediate, or renew the exception, by then`;
    },
    fillIn: true,
  },
  { header: 'Scheduled Completion Date', value: (row) => acceptanceOf(row)?.expires ?? '', fillIn: true },
  { header: 'Owner', value: (row) => acceptanceOf(row)?.owner ?? '', fillIn: true },
];

/** The column a plan of a run with exceptions adds: each accepted risk's exception, approver and reason. */
export const poamCommentsColumn: PoamColumn = {
  header: 'Comments',
  value: (row) => {
    const acceptance = acceptanceOf(row);
    return acceptance === undefined ? '' : acceptanceText(acceptance);
  },
};

/**
 * The columns of a document's plan: a run with exceptions adds the comments column; a run
 * without keeps the columns it always had, so that its file does not change.
 */
export function poamColumnsOf(view: ViewModel): readonly PoamColumn[] {
  return view.acceptedRisks === undefined ? poamColumns : [...poamColumns, poamCommentsColumn];
}
