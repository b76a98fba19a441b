import { describe, expect, it } from 'vitest';
import { Redactor, secretPlaceholders, type SecretKind } from '../../src/client/redact.js';

function redactorOf(...secrets: [SecretKind, string | undefined][]): Redactor {
  const redactor = new Redactor();
  for (const [kind, value] of secrets) redactor.add(kind, value);
  return redactor;
}

describe('Redactor', () => {
  it.each<[string, [SecretKind, string | undefined][], string, string]>([
    [
      'each kind by its placeholder',
      Object.keys(secretPlaceholders).map((kind, index) => [kind as SecretKind, `secret-${index}`]),
      'secret-0 secret-1 secret-2 secret-3 secret-4',
      '<LICENSE_TOKEN> <ACCOUNT_TOKEN> <API_KEY> <API_APPLICATION_SECRET> <AD_APPLICATION_CLIENT_SECRET>',
    ],
    [
      'every occurrence',
      [['apiKey', 'k3y-k3y-k3y']],
      'k3y-k3y-k3y, k3y-k3y-k3y and k3y-k3y-k3yk3y-k3y-k3y',
      '<API_KEY>, <API_KEY> and <API_KEY><API_KEY>',
    ],
    ['nothing when no secret is known', [], 'Bearer abc', 'Bearer abc'],
    [
      'a blank or missing secret is no secret: it would match everywhere',
      [
        ['apiKey', ''],
        ['licenseToken', undefined],
      ],
      'a text, undefined',
      'a text, undefined',
    ],
    // Longest first: a secret holding another is replaced whole, whichever was added first.
    [
      'a secret holding another, the shorter added first',
      [
        ['apiKey', 'abc'],
        ['licenseToken', 'xabcx'],
      ],
      'xabcx abc',
      '<LICENSE_TOKEN> <API_KEY>',
    ],
    [
      'a secret holding another, the longer added first',
      [
        ['licenseToken', 'xabcx'],
        ['apiKey', 'abc'],
      ],
      'xabcx abc',
      '<LICENSE_TOKEN> <API_KEY>',
    ],
    [
      'secrets of one length in the order added',
      [
        ['apiKey', 'aaaaaaaa'],
        ['accountToken', 'bbbbbbbb'],
      ],
      'aaaaaaaabbbbbbbb',
      '<API_KEY><ACCOUNT_TOKEN>',
    ],
    // A short secret (the emulator's demo token) is hidden only where it stands alone.
    [
      'a short secret standing alone, not inside words',
      [['accountToken', 'at']],
      'Bearer at; content-type: application/json; token at.',
      'Bearer <ACCOUNT_TOKEN>; content-type: application/json; token <ACCOUNT_TOKEN>.',
    ],
    [
      'a short secret in a path and a JSON string',
      [['licenseToken', 'lt']],
      '/token/lt/ {"token":"lt"} salt',
      '/token/<LICENSE_TOKEN>/ {"token":"<LICENSE_TOKEN>"} salt',
    ],
    [
      'a short secret beside letters of other scripts',
      [['apiKey', 'key']],
      'keyé ékey ключkey key',
      'keyé ékey ключkey <API_KEY>',
    ],
    ['a short secret of pattern characters, taken literally', [['apiKey', 'a.b*']], 'a.b* axb*', '<API_KEY> axb*'],
    ['a secret of eight characters wherever it is', [['apiKey', 'abcdefgh']], 'xabcdefghx', 'x<API_KEY>x'],
    // A secret can travel URL-encoded, in a query or a path.
    [
      'a URL-encoded secret',
      [['clientSecret', 'p@ss w/rd+~']],
      'q=p%40ss%20w%2Frd%2B~ and p@ss w/rd+~',
      'q=<AD_APPLICATION_CLIENT_SECRET> and <AD_APPLICATION_CLIENT_SECRET>',
    ],
    [
      'the encoded spelling of a secret holding another',
      [
        ['apiKey', 'a b'],
        ['licenseToken', 'xa bx'],
      ],
      'xa%20bx a%20b',
      '<LICENSE_TOKEN> <API_KEY>',
    ],
  ])('hides %s', (_name, secrets, text, redacted) => {
    expect(redactorOf(...secrets).redact(text)).toBe(redacted);
  });

  it('hides a token added later, as one obtained from the service', () => {
    const redactor = redactorOf(['apiKey', 'key']);
    expect(redactor.redact('key tok')).toBe('<API_KEY> tok');
    redactor.add('accountToken', 'tok');
    expect(redactor.redact('key tok')).toBe('<API_KEY> <ACCOUNT_TOKEN>');
  });
});

describe('Redactor: every spelling of a secret', () => {
  const secret = 'p"ss\\w+rd/\u0001é~';
  const redactor = redactorOf(['clientSecret', secret]);
  const placeholder = '<AD_APPLICATION_CLIENT_SECRET>';

  it.each<[string, string]>([
    ['JSON-escaped', JSON.stringify(secret)],
    [
      'JSON-escaped as .NET does, every other character as \\uXXXX',
      secret.replace(/[^A-Za-z0-9]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`),
    ],
    ['URL-encoded in lower-case hex', encodeURIComponent(secret).toLowerCase()],
    ['form-encoded', new URLSearchParams({ s: secret }).toString()],
    ['in base64', Buffer.from(secret).toString('base64')],
    ['in base64url', Buffer.from(secret).toString('base64url')],
  ])('hides it %s', (_name, text) => {
    const redacted = redactor.redact(text);
    expect(redacted).toContain(placeholder);
    expect(redacted.replace(placeholder, '').length).toBeLessThanOrEqual(5);
  });

  it.each(['', 'a', 'ab', 'app-id:'])(
    'hides it in base64 of a longer text, after %j (each of the three alignments)',
    (prefix) => {
      for (const encoding of ['base64', 'base64url'] as const) {
        const redacted = redactor.redact(Buffer.from(`${prefix}${secret}`).toString(encoding));
        expect(redacted).toMatch(
          new RegExp(
            `^[A-Za-z0-9+/_-]{0,${Math.ceil((prefix.length * 4) / 3) + 1}}${placeholder}[A-Za-z0-9+/_=-]{0,4}$`,
          ),
        );
      }
    },
  );

  it("replaces a JSON body's secret fields before it is serialised, whatever their value", () => {
    const body = JSON.stringify({
      APIApplicationId: 'app',
      Secret: 'not known\u0001"',
      nested: [{ ADApplicationClientSecret: secret, token: 't' }],
    });
    expect(redactor.redactBody(body)).toBe(
      `{"APIApplicationId":"app","Secret":"<API_APPLICATION_SECRET>","nested":[{"ADApplicationClientSecret":"${placeholder}","token":"<TOKEN>"}]}`,
    );
  });
});

describe('Redactor: what it leaves alone', () => {
  it('ignores a blank secret, which would match between every two characters', () => {
    const redactor = new Redactor();
    redactor.add('apiKey', '');
    redactor.add('apiKey', undefined);
    expect(redactor.redact('nothing secret here')).toBe('nothing secret here');
  });

  it("keeps a body's other fields as they are: strings, numbers, null and nested values", () => {
    const redactor = new Redactor();
    redactor.add('apiKey', 'k-123456');
    const body = {
      AccountName: 'Payments',
      Count: 3,
      Note: null,
      Nested: { Name: 'x', List: ['a', 1] },
      ADApplicationClientSecret: 'not-known',
    };
    expect(JSON.parse(redactor.redactBody(JSON.stringify(body)))).toEqual({
      ...body,
      ADApplicationClientSecret: expect.not.stringContaining('not-known') as unknown,
    });
  });
});
