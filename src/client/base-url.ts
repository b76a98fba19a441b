import { CspmError } from '../error/cspm-error.js';

const loopbackHosts = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Whether `url` names this machine (127.0.0.1, ::1 or localhost), where nothing crosses a network. */
export function isLoopback(url: URL): boolean {
  return loopbackHosts.has(url.hostname);
}

/**
 * The service's base URL, parsed and without a trailing slash. It must be https: the
 * requests carry bearer tokens and the API key. Plain http is allowed for loopback hosts
 * only, where a local emulator listens and nothing crosses a network.
 */
export function parseBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CspmError('usage', `base URL is not a URL: ${JSON.stringify(baseUrl)}`, { data: { option: 'baseUrl' } });
  }
  if (url.username !== '' || url.password !== '')
    throw new CspmError('usage', 'base URL must not carry a user name or password', { data: { option: 'baseUrl' } });
  const loopback = isLoopback(url);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw new CspmError('usage', `base URL must be https (http only for 127.0.0.1, ::1 or localhost): ${url.origin}`, {
      data: { option: 'baseUrl' },
    });
  }
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}
