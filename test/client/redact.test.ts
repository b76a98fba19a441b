import { describe, expect, it } from 'vitest';
import { Redactor, secretPlaceholders, type SecretKind } from '../../src/client/redact.js';

function redactorOf(...secrets: [SecretKind, string | undefined][]): Redactor {
  const redactor = new Redactor();
  for (const [kind, value] of secrets) redactor.add(kind, value);
  return redactor;
}

describe('Redactor', () => {
  it.each<[string, [SecretKind, string | undefined][], string, string]>([
    ['each kind by its placeholder', Object.keys(secretPlaceholders).map((kind, index) => [kind as SecretKind, `secret-${index}`]), 'secret-0 secret-1 secret-2 secret-3 secret-4', '<LICENSE_TOKEN> <ACCOUNT_TOKEN> <API_KEY> <API_APPLICATION_SECRET> <AD_APPLICATION_CLIENT_SECRET>'],
    ['every occurrence', [['apiKey', 'k3y']], 'k3y, k3y and k3yk3y', '<API_KEY>, <API_KEY> and <API_KEY><API_KEY>'],
    ['nothing when no secret is known', [], 'Bearer abc', 'Bearer abc'],
    ['a blank or missing secret is no secret: it would match everywhere', [['apiKey', ''], ['licenseToken', undefined]], 'a text, undefined', 'a text, undefined'],
    // Longest first: a secret holding another is replaced whole, whichever was added first.
    ['a secret holding another, the shorter added first', [['apiKey', 'abc'], ['licenseToken', 'xabcx']], 'xabcx abc', '<LICENSE_TOKEN> <API_KEY>'],
    ['a secret holding another, the longer added first', [['licenseToken', 'xabcx'], ['apiKey', 'abc']], 'xabcx abc', '<LICENSE_TOKEN> <API_KEY>'],
    ['secrets of one length in the order added', [['apiKey', 'aaa'], ['accountToken', 'bbb']], 'aaabbb', '<API_KEY><ACCOUNT_TOKEN>'],
    // A secret can travel URL-encoded, in a query or a path.
    ['a URL-encoded secret', [['clientSecret', 'p@ss w/rd+~']], 'q=p%40ss%20w%2Frd%2B~ and p@ss w/rd+~', 'q=<AD_APPLICATION_CLIENT_SECRET> and <AD_APPLICATION_CLIENT_SECRET>'],
    ['the encoded spelling of a secret holding another', [['apiKey', 'a b'], ['licenseToken', 'xa bx']], 'xa%20bx a%20b', '<LICENSE_TOKEN> <API_KEY>'],
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
