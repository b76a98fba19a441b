/** What HTML text and attribute values must not hold as is: what the template engine of the other pages escapes. */
const entities: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

/**
 * Text made safe for HTML, as escapeHtml makes it for the other pages, without loading
 * the template engine: the command line loads this module at start, and every command
 * would pay for it.
 */
function escapeText(text: string): string {
  return text.replace(/[&<>"'`=]/g, (character) => entities[character] ?? character);
}

/**
 * The site's Content-Security-Policy: its own files and nothing else. No inline script
 * or style at all (the page script sets styles through the CSSOM, which the policy
 * allows), no connection, no frame, no form: a report text that escaped its escaping
 * could still not run or send anything anywhere.
 */
export const siteContentSecurityPolicy = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "connect-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/**
 * The page's scripts, in the order they run: the shared parts, a script per view, then the
 * router that shows the view the URL names. Small files, each read by itself.
 */
export const siteScripts = [
  'site-base.js',
  'site-overview.js',
  'site-accounts.js',
  'site-account.js',
  'site-policies.js',
  'site-script.js',
] as const;

/**
 * The one HTML page of the site: a frame the page script fills from the data chunks, by
 * the view the URL's hash names.
 */
export function renderSitePage(title: string): string {
  const name = escapeText(title);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${siteContentSecurityPolicy}">
<meta name="referrer" content="no-referrer">
<title>${name}</title>
<link rel="stylesheet" href="site.css">
${siteScripts.map((script) => `<script src="${script}" defer></script>`).join('\n')}
</head>
<body>
<header class="site-header">
<p class="site-name">${name}</p>
<nav aria-label="Views"><a href="#/">Overview</a> <a href="#/accounts">Accounts</a> <a href="#/policies">Policies</a></nav>
</header>
<main id="view" tabindex="-1"><p>Loading…</p></main>
<noscript><p>This dashboard draws its pages with JavaScript; the data it shows is in the folder data/.</p></noscript>
</body>
</html>
`;
}
