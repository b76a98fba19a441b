import type { Style } from 'exceljs';

/**
 * The workbook's cell styles. Each is one frozen object shared by every cell that
 * uses it: the writer registers a style once per object, so a new object per cell
 * would cost a registration per cell (see pinned-workbook-writer.ts).
 */

/** A cell style as exceljs takes it. */
export type CellStyle = Readonly<Partial<Style>>;

function style(value: Partial<Style>): CellStyle {
  return Object.freeze(value);
}

function solid(argb: string): Style['fill'] {
  return { type: 'pattern', pattern: 'solid', fgColor: { argb } };
}

const thin = { style: 'thin', color: { argb: 'FF8EA9C1' } } as const;

// Every font names its face and size: a font that leaves them out is shown differently
// from one spreadsheet program to the next.
const baseFont = { name: 'Calibri', family: 2, size: 11 } as const;

/** Number formats: percents are stored as fractions (0.154) and shown as `15.4%`, like every format prints them. */
export const numberFormats = {
  percent: '0.0%',
  count: '#,##0',
  date: 'yyyy-mm-dd hh:mm "UTC"',
  dateNoZone: 'yyyy-mm-dd hh:mm',
  day: 'yyyy-mm-dd',
} as const;

/** A change of compliance percent in points: `+9.1`, `-2.0`, `0.0`; signed, so a fall is never read as a level. */
export const pointsStyle = style({ numFmt: '+0.0;-0.0;0.0' });

/** A change of a count: `+3`, `-6`, `0`. */
export const signedCountStyle = style({ numFmt: '+#,##0;-#,##0;0' });

/** Column headers: white bold text on dark blue. */
export const headerStyle = style({
  font: { ...baseFont, bold: true, color: { argb: 'FFFFFFFF' } },
  fill: solid('FF1F4E78'),
  border: { bottom: thin },
  alignment: { vertical: 'middle' },
});

/** Headers of count and percent columns: right-aligned over their numbers. */
export const numberHeaderStyle = style({ ...headerStyle, alignment: { vertical: 'middle', horizontal: 'right' } });

/** The workbook title on the Summary sheet. */
export const titleStyle = style({ font: { ...baseFont, bold: true, size: 14, color: { argb: 'FF1F4E78' } } });

/** Labels of the Summary's key–value lines. */
export const labelStyle = style({ font: { ...baseFont, bold: true } });

/** Counts with thousands separators. */
export const countStyle = style({ numFmt: numberFormats.count });

/** A count as the value of a key–value line, aligned with the text values beside it. */
export const countValueStyle = style({ numFmt: numberFormats.count, alignment: { horizontal: 'left' } });

/** A percent as the value of a key–value line. */
export const percentValueStyle = style({ numFmt: numberFormats.percent, alignment: { horizontal: 'left' } });

/** Small numbers that read better centred (a category's order beside its name). */
export const centredStyle = style({ alignment: { horizontal: 'center' } });

/** Dates and times in UTC, as every format prints them: `2019-12-31 09:55 UTC`. */
export const dateStyle = style({ numFmt: numberFormats.date, alignment: { horizontal: 'left' } });

/** A day without a time (an exception's approval and expiry). */
export const dayStyle = style({ numFmt: numberFormats.day, alignment: { horizontal: 'left' } });

/** A date and time stated without a zone. */
export const dateNoZoneStyle = style({ numFmt: numberFormats.dateNoZone, alignment: { horizontal: 'left' } });

/** Compliance percents. */
export const percentStyle = style({ numFmt: numberFormats.percent });

/** Long text that wraps within its (capped) column width. */
export const wrapStyle = style({ alignment: { wrapText: true, vertical: 'top' } });

const wrappedStyles = new WeakMap<CellStyle, CellStyle>();

/** The same style with its text wrapped within the column; one object per style, as the writer needs (see above). */
export function wrapped(base: CellStyle | undefined): CellStyle {
  if (!base) return wrapStyle;
  let found = wrappedStyles.get(base);
  if (!found) {
    found = style({ ...base, alignment: { vertical: 'top', ...base.alignment, wrapText: true } });
    wrappedStyles.set(base, found);
  }
  return found;
}

const totalFont = { ...baseFont, bold: true };
const totalBorder = { top: thin };

/** The roll-up row: bold, with a rule above it. */
export const totalStyles = {
  text: style({ font: totalFont, border: totalBorder }),
  count: style({ font: totalFont, border: totalBorder, numFmt: numberFormats.count }),
  percent: style({ font: totalFont, border: totalBorder, numFmt: numberFormats.percent }),
  date: style({ font: totalFont, border: totalBorder, numFmt: numberFormats.date }),
} as const;

// Excel's own "Good", "Bad" and "Neutral" cell styles, and a gray to match: the
// colour's name is always the cell's text, so the fill is never the only signal.
const colourPalette: Readonly<Record<string, { fill: string; font: string }>> = {
  Green: { fill: 'FFC6EFCE', font: 'FF006100' },
  Red: { fill: 'FFFFC7CE', font: 'FF9C0006' },
  Amber: { fill: 'FFFFEB9C', font: 'FF9C5700' },
  Gray: { fill: 'FFE7E6E6', font: 'FF3A3838' },
};

function colourStyles(extra: Partial<Style>): ReadonlyMap<string, CellStyle> {
  return new Map(
    Object.entries(colourPalette).map(([name, { fill, font }]) => [
      name,
      style({ ...extra, fill: solid(fill), font: { ...baseFont, ...extra.font, color: { argb: font } } }),
    ]),
  );
}

/** Cells whose text is a compliance colour (Green, Red, Amber, Gray), filled in that colour. */
export const colourStyle: ReadonlyMap<string, CellStyle> = colourStyles({});

/** Labels named after a colour (the Summary's colour counts): bold, filled in that colour. */
export const colourLabelStyle: ReadonlyMap<string, CellStyle> = colourStyles({ font: { bold: true } });

/** Column headers named after a colour (the colour count columns), right-aligned over their counts. */
export const colourHeaderStyle: ReadonlyMap<string, CellStyle> = colourStyles({
  font: { bold: true },
  border: { bottom: thin },
  alignment: { vertical: 'middle', horizontal: 'right' },
});

/** Finding severities, coloured like the compliance colours they resemble. */
export const severityStyle: ReadonlyMap<string, CellStyle> = new Map([
  ['error', colourStyle.get('Red') as CellStyle],
  ['warning', colourStyle.get('Amber') as CellStyle],
]);
