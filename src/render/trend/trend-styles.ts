import { escapeHtml } from './escape-html.js';

/** The style sheet of the trend pages, of one account and of a fleet. */
export const styles = `body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans",sans-serif;color:#1f2933;margin:0 auto;max-width:1100px;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 8px}.meta{color:#52606d;margin:0 0 16px}
.chart{display:block;max-width:100%;height:auto}.chart text{font-size:11px;fill:#52606d}.chart .axis-title{font-size:12px}
.chart .grid{stroke:#e4e9f0}.chart .axis{stroke:#9aa5b1}
.legend{display:flex;flex-wrap:wrap;gap:4px 16px;list-style:none;padding:0;margin:8px 0 0;font-size:12.5px}
.legend li{display:flex;align-items:center;gap:6px}.swatch{display:inline-block;width:18px;height:3px;border-radius:2px}.legend .overall .swatch{height:5px}
table{border-collapse:collapse;width:100%;font-size:12.5px}th,td{padding:4px 8px;border-bottom:1px solid #e4e9f0;text-align:left;vertical-align:top}
th{background:#e4e9f0}td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}.wrap{overflow-x:auto}
.Green{color:#2e7d32}.Red{color:#c62828}.Amber{color:#a86d00}.Gray{color:#5f6b76}`;

/**
 * The opening of a trend page, of one account or of a fleet, to its `<h1>` and meta
 * line: no script and no request (the content-security policy allows none).
 */
export function trendPageHead(title: string, meta: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${styles}</style></head>
<body>
<h1>${escapeHtml(title)}</h1>
<p class="meta">${meta}</p>`;
}
