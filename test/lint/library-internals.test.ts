import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * A library's private parts are reached from one module per library (each pinned, with
 * a contract test); eslint.config.js refuses them anywhere else. These cases prove the
 * rule fires outside those modules and stays quiet inside them.
 */
const eslint = new ESLint();

async function fenced(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

describe('library internals', () => {
  const cases = [
    {
      name: 'a deep import of hyparquet-writer',
      file: 'src/render/parquet/probe.ts',
      code: "import { writeMetadata } from 'hyparquet-writer/src/metadata.js';\nexport const x = writeMetadata;\n",
      refused: /hyparquet-writer-internals\.ts only/,
    },
    {
      name: 'a deep import of hyparquet-writer from a job',
      file: 'src/jobs/probe.ts',
      code: "import { writeMetadata } from 'hyparquet-writer/src/metadata.js';\nexport const x = writeMetadata;\n",
      refused: /hyparquet-writer-internals\.ts only/,
    },
    {
      name: 'exceljs at run time',
      file: 'src/render/xlsx/probe.ts',
      code: "import ExcelJS from 'exceljs';\nexport const x = ExcelJS;\n",
      refused: /pinned-workbook-writer\.ts only/,
    },
    {
      name: 'the bundled exceljs module',
      file: 'src/render/xlsx/probe.ts',
      code: "import ExcelJS from './exceljs.js';\nexport const x = ExcelJS;\n",
      refused: /pinned-workbook-writer\.ts only/,
    },
    {
      name: 'a private member in a renderer',
      file: 'src/render/pdf/probe.ts',
      code: 'export const x = (doc: { _font: unknown }) => doc._font;\n',
      refused: /internals module only/,
    },
  ];
  for (const { name, file, code, refused } of cases) {
    it(`refuses ${name}`, async () => {
      const messages = await fenced(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(refused);
    });
  }

  it('allows exceljs types anywhere and the private parts in their modules', async () => {
    expect(
      await fenced('src/render/xlsx/probe.ts', "import type { Style } from 'exceljs';\nexport type S = Style;\n"),
    ).toEqual([]);
    expect(
      await fenced('src/render/pdf/pdfkit-internals.ts', 'export const x = (doc: { _font: unknown }) => doc._font;\n'),
    ).toEqual([]);
    expect(
      await fenced(
        'src/render/parquet/hyparquet-writer-internals.ts',
        "import { writeMetadata } from 'hyparquet-writer/src/metadata.js';\nexport const x = writeMetadata;\n",
      ),
    ).toEqual([]);
  });
});
