import { describe, expect, it } from 'vitest';
import { characterKind, syntaxErrorPlace, syntaxErrorText } from '../../src/load/syntax-error-text.js';

function refused(text: string): unknown {
  try {
    JSON.parse(text);
  } catch (error) {
    return error;
  }
  throw new Error(`${text} parsed`);
}

describe('characterKind', () => {
  it.each([
    ['A', 'a letter'],
    ['z', 'a letter'],
    ['0', 'a digit'],
    ['9', 'a digit'],
    ['\u0000', 'a control character'],
    ['\u001f', 'a control character'],
    ['\u007f', 'a control character'],
    ['é', 'a non-ASCII character'],
    ['\u0080', 'a non-ASCII character'],
    ['\ufeff', 'a byte order mark'],
    [' ', 'a space'],
    ['=', 'a symbol'],
    ["'", 'a symbol'],
    ['{', "'{'"],
    ['}', "'}'"],
    ['[', "'['"],
    [']', "']'"],
    [':', "':'"],
    [',', "','"],
    ['"', `'"'`],
  ])('%j is %s', (char, kind) => {
    expect(characterKind(`x${char}`, 1)).toBe(kind);
  });

  it('says where the input ends', () => {
    expect(characterKind('ab', 2)).toBe('the end of the input');
  });
});

describe('syntaxErrorText', () => {
  it.each([
    ['AWS_SECRET_ACCESS_KEY=abc123', 'not valid JSON at line 1, column 1: unexpected character: a letter'],
    [
      '"AWS_SECRET_ACCESS_KEY=abc123"x',
      'not valid JSON at line 1, column 31: Unexpected non-whitespace character after JSON',
    ],
    ['[\n  1,\n  abc123\n]', 'not valid JSON at line 3, column 3: unexpected character: a letter'],
    ['', 'not valid JSON at line 1, column 1: the file is empty'],
    [' \n ', 'not valid JSON at line 2, column 2: the file is empty'],
    ['{"a":1,}', 'not valid JSON at line 1, column 8: Expected double-quoted property name'],
  ])('%j: %s', (text, says) => {
    expect(syntaxErrorText(text, refused(text))).toBe(says);
  });

  it('takes the place from a message that names a line and column', () => {
    const place = syntaxErrorPlace(
      '[1,\n  x]',
      new SyntaxError('Unexpected token \'x\', "[1,\n  x]" is not valid JSON (line 2 column 3)'),
    );
    expect(place).toEqual({ line: 2, column: 3, offset: 6, reason: 'unexpected character: a letter' });
  });

  it('takes the place from a message that names a position, and keeps a reason of the grammar', () => {
    expect(
      syntaxErrorPlace('[1 2]', new SyntaxError("Expected ',' or ']' after array element in JSON at position 3")),
    ).toEqual({ line: 1, column: 4, offset: 3, reason: "Expected ',' or ']' after array element" });
  });

  it('never takes a reason it does not know, whatever it quotes', () => {
    const text = 'secret=abc123';
    for (const message of [
      '"secret=abc123" is not valid JSON',
      'Unexpected token \'s\', "secret=abc1"... is not valid JSON',
      'secret=abc123 in JSON at position 0',
      'something new',
    ]) {
      const place = syntaxErrorPlace(text, new SyntaxError(message));
      expect(place.reason).toBe('unexpected character: a letter');
    }
    expect(syntaxErrorPlace(text, 'not an Error: secret').reason).toBe('unexpected character: a letter');
  });

  it('puts a place past the text at its end', () => {
    expect(syntaxErrorPlace('[1,', new SyntaxError('mystery'))).toMatchObject({
      offset: 3,
      reason: 'unexpected character: the end of the input',
    });
  });
});
