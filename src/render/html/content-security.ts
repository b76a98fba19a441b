import { createHash } from 'node:crypto';

function sourceHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * The Content-Security-Policy of a page: nothing may load, and only the page's own
 * inline script and style may run, named by their hashes. Hashes rather than a nonce:
 * they follow from the content, so the same input still gives the same bytes, and
 * markup injected through a failure of escaping could not run even then.
 */
export function contentSecurityPolicy(inline: { script?: string; style: string }): string {
  return [
    "default-src 'none'",
    // A page without a script (the fleet tier's) allows none.
    `script-src ${inline.script === undefined ? "'none'" : sourceHash(inline.script)}`,
    `style-src ${sourceHash(inline.style)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
