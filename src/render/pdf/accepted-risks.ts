import type { AcceptedRiskView, AcceptedRisksView, FiguresView } from '../../model/view-model.js';
import { acceptedPoliciesText, acceptedRisksSummary, bothWaysText, expiryText } from '../accepted-marks.js';
import { displayCount } from '../display-values.js';
import { bookmark, heading } from './blocks.js';
import type { Canvas } from './canvas.js';
import { drawTable, type Column } from './table.js';
import { sizes, type ColourName } from './theme.js';

/** Width of a Compliance column whose policies may be accepted: `Red, accepted · EXC-2026-014, until 2027-03-31`. */
export const acceptedColourWidth = 100;

/** The state's square: expired fails again (Red), expiring needs renewing (Amber); none would read Green. */
const stateChips: Partial<Record<AcceptedRiskView['state'], ColourName>> = { expired: 'Red', expiring: 'Amber' };

function riskColumns(canvas: Canvas): Column<AcceptedRiskView>[] {
  // Portrait A4 leaves the reason about 150 points: a sentence wraps over a few lines.
  const fixed = 84 + 104 + 104 + 70;
  return [
    {
      header: 'Exception, state',
      width: 84,
      text: (risk) => `${risk.id}${risk.ticket === null ? '' : ` (${risk.ticket})`} · ${risk.stateText}`,
      chip: (risk) => stateChips[risk.state] ?? null,
      link: (risk) => risk.ticketUrl,
    },
    {
      header: 'Policies and accounts',
      width: 104,
      text: (risk) => `${acceptedPoliciesText(risk)}; accounts ${risk.accounts.join(', ')}`,
    },
    {
      header: 'Owner, approver',
      width: 104,
      text: (risk) => `${risk.owner}; approved by ${risk.approvedBy} on ${risk.approved}`,
    },
    { header: 'Reason', width: canvas.page.contentWidth - fixed, text: (risk) => risk.reason },
    { header: 'Expires', width: 70, text: expiryText },
  ];
}

/** Each expired exception in a sentence: its date, its owner, and the policies that fail again. */
function expiredLine(risk: AcceptedRiskView): string {
  const again =
    risk.failingAgain.length === 0
      ? ''
      : `, and ${risk.failingAgain.map((policy) => `${policy.policyId} (${policy.accountName})`).join(', ')} ${risk.failingAgain.length === 1 ? 'fails' : 'fail'} again`;
  return `${risk.id} expired on ${risk.expires} (owner ${risk.owner}): it no longer applies${again}.`;
}

/**
 * The compliance figure both ways under a cover's or a summary's tiles, with exceptions:
 * `Compliance 24.9% as scanned; 1 policy accepted`, the tiles being as scanned.
 */
export function drawAcceptedFigure(canvas: Canvas, figures: FiguresView, accepted: number): void {
  canvas.paragraph(
    `Compliance ${bothWaysText(figures.percentText, accepted)}: accepted policies keep their colour (see Accepted risks).`,
    { size: sizes.body, weight: 'bold' },
    8,
  );
}

/**
 * The Accepted risks section: the day the exceptions were judged and what they did, each
 * expired one named with its owner and the policies that fail again, then every exception
 * (who answers for it, who approved it, why and until when), and each exceptions file
 * with its SHA-256, so that a reader a year later can tell which file was in force.
 */
export function drawAcceptedRisks(canvas: Canvas, risks: AcceptedRisksView): void {
  bookmark(canvas, 'Accepted risks', undefined, heading(canvas, 'Accepted risks', 1));
  canvas.paragraph(
    `Exceptions judged on ${risks.judgedOn}: ${acceptedRisksSummary(risks)}. An accepted policy keeps the colour the scan gave it; the figures of this document are as scanned, with the accepted policies set apart.`,
    { size: sizes.body },
    8,
  );
  for (const risk of risks.exceptions)
    if (risk.state === 'expired') canvas.paragraph(expiredLine(risk), { size: sizes.body, weight: 'bold' }, 4);
  canvas.y += 4;
  if (risks.exceptions.length === 0)
    canvas.paragraph('No exception bears on the reports of this document.', { size: sizes.body }, 8);
  else drawTable(canvas, riskColumns(canvas), risks.exceptions, { continued: 'Accepted risks (continued)' });
  canvas.y += 10;
  heading(canvas, 'Exceptions files', 3, 30);
  for (const file of risks.files)
    canvas.paragraph(
      `${file.path} · SHA-256 ${file.sha256} · ${displayCount(file.ids.length)} ${file.ids.length === 1 ? 'exception' : 'exceptions'}`,
      { size: sizes.small },
      3,
    );
}

/**
 * The accepted risks in brief, for the executive tier: the count of accepted policies,
 * the nearest expiries, and every expired exception by name.
 */
export function drawAcceptedBrief(canvas: Canvas, risks: AcceptedRisksView): void {
  heading(canvas, 'Accepted risks', 3, 40);
  canvas.paragraph(`${acceptedRisksSummary(risks)} (exceptions judged on ${risks.judgedOn}).`, { size: sizes.body }, 4);
  for (const risk of risks.exceptions)
    if (risk.state === 'expired') canvas.paragraph(expiredLine(risk), { size: sizes.body, weight: 'bold' }, 3);
  if (risks.nearestExpiries.length > 0) {
    canvas.paragraph('Nearest expiries:', { size: sizes.body, colour: 'muted' }, 2);
    for (const risk of risks.nearestExpiries)
      canvas.paragraph(
        `${risk.id} · ${expiryText(risk)} · ${acceptedPoliciesText(risk)} · owner ${risk.owner}`,
        { size: sizes.body },
        2,
      );
  }
  canvas.y += 6;
}
