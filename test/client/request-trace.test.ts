import { describe, expect, it } from 'vitest';
import { Redactor } from '../../src/client/redact.js';
import { traceLines, type TraceEvent } from '../../src/client/request-trace.js';

const redactor = new Redactor();
redactor.add('licenseToken', 'LIC-SECRET');
redactor.add('apiKey', 'KEY-SECRET');
redactor.add('clientSecret', 'AD SECRET');

const url = 'https://cspm.example/audit?token=LIC-SECRET&s=AD%20SECRET';
const shown = 'https://cspm.example/audit?token=<LICENSE_TOKEN>&s=<AD_APPLICATION_CLIENT_SECRET>';

describe('traceLines', () => {
  it.each<[string, TraceEvent, string[]]>([
    [
      'a first request, with no body',
      { kind: 'request', method: 'GET', url, headers: [], attempt: 0 },
      [`→ GET ${shown}`],
    ],
    [
      'a retried request',
      { kind: 'request', method: 'GET', url, headers: [], attempt: 2 },
      [`→ GET ${shown} (retry 2)`],
    ],
    [
      'a body, its secrets hidden',
      {
        kind: 'request',
        method: 'POST',
        url,
        headers: [],
        body: '{"Secret":"AD SECRET","key":"KEY-SECRET"}',
        attempt: 0,
      },
      [`→ POST ${shown}`, '  {"Secret":"<AD_APPLICATION_CLIENT_SECRET>","key":"<API_KEY>"}'],
    ],
    [
      'an empty body',
      { kind: 'request', method: 'POST', url, headers: [], body: '', attempt: 0 },
      [`→ POST ${shown}`, '  '],
    ],
    [
      'a response in under 10 ms',
      { kind: 'response', method: 'GET', url, status: 200, ms: 3.14159 },
      [`← 200 GET ${shown} in 3.1 ms`],
    ],
    [
      'a response in 10 ms',
      { kind: 'response', method: 'GET', url, status: 503, ms: 10 },
      [`← 503 GET ${shown} in 10 ms`],
    ],
    [
      'a response in more than 10 ms',
      { kind: 'response', method: 'GET', url, status: 503, ms: 10.6 },
      [`← 503 GET ${shown} in 11 ms`],
    ],
    [
      'a response in just under 10 ms',
      { kind: 'response', method: 'GET', url, status: 200, ms: 9.96 },
      [`← 200 GET ${shown} in 10.0 ms`],
    ],
    [
      'a failure, its reason redacted',
      { kind: 'failure', method: 'GET', url, reason: 'refused for KEY-SECRET', ms: 1200.4 },
      [`✖ GET ${shown}: refused for <API_KEY> after 1200 ms`],
    ],
    [
      'a retry',
      { kind: 'retry', method: 'GET', url, attempt: 1, reason: 'HTTP 503 for LIC-SECRET' },
      [`↻ GET ${shown}: retry 1 after HTTP 503 for <LICENSE_TOKEN>`],
    ],
  ])('%s', (_name, event, lines) => {
    expect(traceLines(event, redactor)).toEqual(lines);
  });

  const headerLines = (headers: [string, string][]) =>
    traceLines({ kind: 'request', method: 'GET', url: 'https://cspm.example/', headers, attempt: 0 }, redactor).slice(
      1,
    );

  it.each<[string, [string, string][], string[]]>([
    [
      'a known token in its placeholder',
      [['Authorization', 'Bearer LIC-SECRET']],
      ['  Authorization: Bearer <LICENSE_TOKEN>'],
    ],
    // Secrets the client does not know are hidden whole by the header they travel in.
    ['an unknown token, hidden whole', [['authorization', 'Bearer other-token']], ['  authorization: Bearer <TOKEN>']],
    [
      'an unknown token after a known one',
      [['Authorization', 'Bearer LIC-SECRET-2']],
      ['  Authorization: Bearer <TOKEN>'],
    ],
    [
      'an unknown token before a placeholder',
      [['Authorization', 'xBearer <LICENSE_TOKEN>']],
      ['  Authorization: Bearer <TOKEN>'],
    ],
    ['an unknown scheme', [['AUTHORIZATION', 'Basic dXNlcjpwYXNz']], ['  AUTHORIZATION: Bearer <TOKEN>']],
    [
      'a placeholder-like token of other characters',
      [['Authorization', 'Bearer <token1>']],
      ['  Authorization: Bearer <TOKEN>'],
    ],
    ['an empty placeholder-like token', [['Authorization', 'Bearer <>']], ['  Authorization: Bearer <TOKEN>']],
    [
      'a known API key in its placeholder',
      [['Ocp-Apim-Subscription-Key', 'KEY-SECRET']],
      ['  Ocp-Apim-Subscription-Key: <API_KEY>'],
    ],
    [
      'an unknown API key, hidden whole',
      [['ocp-apim-subscription-key', 'other-key']],
      ['  ocp-apim-subscription-key: <API_KEY>'],
    ],
    [
      'an unknown key holding a placeholder',
      [['Ocp-Apim-Subscription-Key', '<API_KEY>x']],
      ['  Ocp-Apim-Subscription-Key: <API_KEY>'],
    ],
    [
      'an unknown key before a placeholder',
      [['Ocp-Apim-Subscription-Key', 'x<API_KEY>']],
      ['  Ocp-Apim-Subscription-Key: <API_KEY>'],
    ],
    [
      'a key shaped like another placeholder stays',
      [['Ocp-Apim-Subscription-Key', '<LICENSE_TOKEN>']],
      ['  Ocp-Apim-Subscription-Key: <LICENSE_TOKEN>'],
    ],
    [
      'the content headers as they are',
      [
        ['Content-Type', 'application/json'],
        ['accept', 'application/json'],
      ],
      ['  Content-Type: application/json', '  accept: application/json'],
    ],
    [
      'no other header',
      [
        ['User-Agent', 'ky'],
        ['x-request-id', 'KEY-SECRET'],
        ['Cookie', 'a=b'],
      ],
      [],
    ],
  ])('shows %s', (_name, headers, lines) => {
    expect(headerLines(headers)).toEqual(lines);
  });
});
