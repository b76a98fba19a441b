import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Lines are at most 120 characters (eslint.config.js, `max-len`); Prettier lays code out
 * to that width. A string, template or regular expression may run past it, since
 * splitting one changes what it says. These cases prove the rule fires on code and on
 * comments, and stays quiet on what it lets pass.
 */
const eslint = new ESLint();

async function tooLong(filePath: string, code: string): Promise<number[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'max-len').map((message) => message.line);
}

const name = 'x'.repeat(110);

describe('line length', () => {
  it.each([
    ['code of 121 characters', 'src/analyse/probe.ts', `export const ${name.slice(0, 95)} = [1, 2, 3];\n`],
    ['a comment of 121 characters', 'test/probe.test.ts', `// ${'word '.repeat(23)}wor\nexport {};\n`],
    ['a script line of 121 characters', 'scripts/probe.js', `export const ${name.slice(0, 95)} = [1, 2, 3];\n`],
  ])('refuses %s', async (_case, file, code) => {
    expect(code.split('\n')[0]).toHaveLength(121);
    expect(await tooLong(file, code)).toEqual([1]);
  });

  it.each([
    ['code of 120 characters', 'src/analyse/probe.ts', `export const ${name.slice(0, 94)} = [1, 2, 3];\n`],
    ['a long message string', 'src/analyse/probe.ts', `export const message = '${'a word '.repeat(20)}';\n`],
    [
      'a long template',
      'src/analyse/probe.ts',
      `export const message = (n: number) => \`${'a word '.repeat(20)}\${n}\`;\n`,
    ],
    ['a long regular expression', 'src/analyse/probe.ts', `export const pattern = /${'(?:abc|def)'.repeat(12)}/;\n`],
  ])('lets %s pass', async (_case, file, code) => {
    expect(await tooLong(file, code)).toEqual([]);
  });
});
