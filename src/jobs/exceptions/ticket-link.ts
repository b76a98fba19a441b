import { CspmError } from '../../error/cspm-error.js';
import type { RiskException } from '../../model/exceptions.js';
import type { RunExceptions } from './read-exceptions.js';

/** What a ticket URL template holds in place of the ticket. */
const placeholder = '{ticket}';

/**
 * Why a ticket URL template (`--ticket-url`) cannot make links, or undefined when it can:
 * it must hold `{ticket}` after the host, and be an absolute `https:` or `http:` URL. A
 * ticket in the host would let an exception's file choose the site a reader is sent to.
 */
export function ticketUrlProblem(template: string): string | undefined {
  if (!template.includes(placeholder)) return `it holds no ${placeholder} for the ticket`;
  let url: URL;
  try {
    url = new URL(template.replaceAll(placeholder, 'TICKET'));
  } catch {
    return 'it is not an absolute URL';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `it is a ${url.protocol} URL, not https: or http:`;
  if (url.username !== '' || url.password !== '') return 'it holds a user name or password';
  const origin = new URL(template.replaceAll(placeholder, 'x'));
  if (origin.host !== url.host) return `its ${placeholder} is in the host: it belongs in the path, query or fragment`;
  return undefined;
}

/**
 * The template checked (`--ticket-url`), as given.
 *
 * @throws CspmError `usage` naming the option, when {@link ticketUrlProblem} finds one
 */
export function checkTicketUrl(template: string): string {
  const problem = ticketUrlProblem(template);
  if (problem !== undefined)
    throw new CspmError('usage', `--ticket-url ${template} cannot make links: ${problem}`, {
      data: { option: 'ticket-url', value: template },
    });
  return template;
}

/**
 * The link to a ticket: the template with the ticket percent-encoded in place of each
 * `{ticket}`. `!'()*` are encoded too (encodeURIComponent leaves them), so that no ticket
 * can close a Markdown link; the URL is then serialised, so that no quote or angle
 * bracket of the template reaches an output as it is.
 */
export function ticketLink(template: string, ticket: string): string {
  const encoded = encodeURIComponent(ticket).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return new URL(template.replaceAll(placeholder, encoded)).href;
}

/** The run's exceptions, each with a ticket given its link by the template (checked). */
export function withTicketLinks(run: RunExceptions, template: string): RunExceptions {
  checkTicketUrl(template);
  const linked = (exception: RiskException): RiskException =>
    exception.ticket === undefined ? exception : { ...exception, ticketUrl: ticketLink(template, exception.ticket) };
  return { files: run.files, exceptions: run.exceptions.map(linked) };
}
