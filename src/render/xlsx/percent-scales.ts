import type { Worksheet } from 'exceljs';
import { columnLetter } from './column-letter.js';

// Red through yellow to green, Excel's own three-colour scale: the percents of many
// categories compare at a glance. One rule per column, not a style per cell.
const scaleColours = ['FFF8696B', 'FFFFEB84', 'FF63BE7B'].map((argb) => ({ argb }));

/** Adds a colour scale over the data rows of every percent column. */
export function addPercentScales(
  sheet: Worksheet,
  columns: readonly { kind: string }[],
  firstRow: number,
  lastRow: number,
): void {
  columns.forEach((column, index) => {
    if (column.kind !== 'percent') return;
    const letter = columnLetter(index + 1);
    sheet.addConditionalFormatting({
      ref: `${letter}${firstRow}:${letter}${lastRow}`,
      rules: [
        {
          type: 'colorScale',
          priority: 1,
          cfvo: [
            { type: 'num', value: 0 },
            { type: 'num', value: 0.5 },
            { type: 'num', value: 1 },
          ],
          color: scaleColours,
        },
      ],
    });
  });
}
