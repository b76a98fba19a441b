import type { FindingView, ViewModel } from '../../model/view-model.js';
import { displayCount } from '../display-values.js';
import { heading } from './blocks.js';
import type { Canvas } from './canvas.js';
import { drawTable, type Column } from './table.js';
import { sizes } from './theme.js';

function location(finding: FindingView): string {
  return finding.pointer === '' ? finding.source : `${finding.source} at ${finding.pointer}`;
}

/**
 * The check's findings: what in the input contradicts itself or the specification,
 * so a reader knows how far to trust the figures. Each finding names its rule and
 * where it is (file and JSON Pointer).
 */
export function drawDataQuality(canvas: Canvas, view: ViewModel): void {
  heading(canvas, 'Data quality', 1);
  const { errors, warnings } = view.findingCounts;
  if (view.findings.length === 0) {
    canvas.paragraph('The check found no problems: every stated total, count and percent agrees with the policies.', {
      size: sizes.body,
    });
    return;
  }
  canvas.paragraph(
    `The check found ${displayCount(errors)} error${errors === 1 ? '' : 's'} and ${displayCount(warnings)} warning${warnings === 1 ? '' : 's'}. ` +
      'The figures in this document are recomputed from the policies, so they can differ from the totals the report states.',
    { size: sizes.body },
    8,
  );
  const fixed = 52 + 92 + 130;
  const columns: Column<FindingView>[] = [
    {
      header: 'Severity',
      width: 52,
      text: (finding) => finding.severity,
      chip: (finding) => (finding.severity === 'error' ? 'Red' : 'Amber'),
    },
    { header: 'Rule', width: 92, text: (finding) => finding.rule },
    { header: 'Finding', width: canvas.page.contentWidth - fixed, text: (finding) => finding.message },
    { header: 'Where', width: 130, text: location },
  ];
  drawTable(canvas, columns, view.findings, { continued: 'Data quality (continued)' });
}
