/**
 * Colours, type sizes and page geometry of the PDF. Compliance colours are always
 * shown next to their name, never alone, and are dark enough to read on white.
 */

/** Hex colours for pdfkit's vector calls. */
export const colours = {
  ink: '#1f2933',
  muted: '#52606d',
  faint: '#9aa5b1',
  rule: '#d3d9e0',
  zebra: '#f4f6f9',
  headerFill: '#e4e9f0',
  accent: '#1d4e89',
  accentLight: '#e8f0fa',
  Green: '#2e7d32',
  Red: '#c62828',
  Amber: '#e69500',
  Gray: '#8a959f',
  other: '#6b4fa0',
} as const;

/** A colour of the theme by name. */
export type ColourName = keyof typeof colours;

/** The four compliance colours in the order every chart and table uses. */
export const complianceColours = ['Green', 'Red', 'Amber', 'Gray'] as const;

/** The fill colour of a Compliance or RiskLevel value; unknown values get a neutral purple. */
export function complianceFill(value: string): ColourName {
  return value === 'Green' || value === 'Red' || value === 'Amber' || value === 'Gray' ? value : 'other';
}

const operands = new Map<string, string>();

/** A hex colour as `r g b` operands of the content stream, computed once. */
export function rgb(name: ColourName): string {
  let text = operands.get(name);
  if (!text) {
    const hex = colours[name];
    const channel = (offset: number): number =>
      Math.round((parseInt(hex.slice(offset, offset + 2), 16) / 255) * 1000) / 1000;
    text = `${channel(1)} ${channel(3)} ${channel(5)}`;
    operands.set(name, text);
  }
  return text;
}

/** Type sizes in points. */
export const sizes = {
  coverTitle: 24,
  h1: 17,
  h2: 12.5,
  h3: 10,
  body: 9,
  small: 7.5,
  table: 7.5,
  kpi: 18,
} as const;

/** The page and its margins, in points. */
export interface PageGeometry {
  width: number;
  height: number;
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Width between the margins. */
  contentWidth: number;
  landscape: boolean;
}

/** A4 in portrait or landscape, with room for the running header and footer. */
export function pageGeometry(landscape: boolean): PageGeometry {
  const [short, long] = [595.28, 841.89];
  const width = landscape ? long : short;
  const height = landscape ? short : long;
  const margin = 40;
  return {
    width,
    height,
    left: margin,
    right: width - margin,
    top: 52,
    bottom: height - 44,
    contentWidth: width - 2 * margin,
    landscape,
  };
}
