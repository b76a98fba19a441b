import { describe, expect, it } from 'vitest';
import { globToRegExp } from '../../src/text/glob.js';

describe('globToRegExp', () => {
  it.each<[string, string, boolean]>([
    ['CIS', 'CIS', true],
    // Anchored at both ends: a glob matches a whole value.
    ['CIS', 'CISAWS140', false],
    ['AWS', 'CISAWS140', false],
    ['140', 'CISAWS140', false],
    ['CIS*', 'CISAWS140', true],
    ['*140', 'CISAWS140', true],
    ['*AWS*', 'CISAWS140', true],
    ['*', '', true],
    ['', '', true],
    ['', 'x', false],
    ['AW?', 'AWS', true],
    ['AW?', 'AW', false],
    ['AW?', 'AWSS', false],
    ['?', '', false],
    // Case-sensitive, as the service's values.
    ['aws', 'AWS', false],
    // `*` takes any character, `/` and line breaks included.
    ['prod/*', 'prod/eu/west', true],
    ['a*b', 'a\nb', true],
    ['a?b', 'a\nb', true],
    // `?` is one character, not one UTF-16 unit.
    ['team ?', 'team 🚀', true],
    // Everything else is itself.
    ['a.b', 'a.b', true],
    ['a.b', 'axb', false],
    ['(prod)', '(prod)', true],
    ['(prod)', 'prod', false],
    ['a+', 'a+', true],
    ['a+', 'aa', false],
    ['[ab]', '[ab]', true],
    ['[ab]', 'a', false],
    ['a{2}', 'a{2}', true],
    ['a{2}', 'aa', false],
    ['a|b', 'a|b', true],
    ['a|b', 'a', false],
    ['^a$', '^a$', true],
    ['^a$', 'a', false],
    ['c:\\d', 'c:\\d', true],
    ['c:\\d', 'c:1', false],
  ])('%j against %j: %s', (glob, value, matches) => {
    expect(globToRegExp(glob).test(value)).toBe(matches);
  });
});
