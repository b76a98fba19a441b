import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The pipeline's boundaries live in eslint.config.js; these cases prove the rule fires
 * where a stage reaches forward, and stays quiet where it reaches back.
 */
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import boundaries', () => {
  const cases = [
    {
      name: 'load importing render',
      file: 'src/load/probe.ts',
      code: "import { renderers } from '../render/renderers.js';\nexport const x = renderers;\n",
      refused: /load\/ must not import a later stage/,
    },
    {
      name: 'analyse importing cli',
      file: 'src/analyse/rules/probe.ts',
      code: "import { runCli } from '../../cli/main.js';\nexport const x = runCli;\n",
      refused: /analyse\/ must not import a later stage/,
    },
    {
      name: 'render importing the public entry',
      file: 'src/render/html/probe.ts',
      code: "import { checkReports } from '../../index.js';\nexport const x = checkReports;\n",
      refused: /render\/ must not import a later stage/,
    },
    {
      name: 'model importing a stage',
      file: 'src/model/probe.ts',
      code: "import { ruleCatalogue } from '../analyse/rule-catalogue.js';\nexport const x = ruleCatalogue;\n",
      refused: /model\/ holds the types and the vocabulary every stage reads/,
    },
    {
      name: 'text importing analyse',
      file: 'src/text/probe.ts',
      code: "import { ruleCatalogue } from '../analyse/rule-catalogue.js';\nexport const x = ruleCatalogue;\n",
      refused: /text\/ is a foundation/,
    },
    {
      name: 'cli importing a stage directly',
      file: 'src/cli/commands/probe.ts',
      code: "import { ruleCatalogue } from '../../analyse/rule-catalogue.js';\nexport const x = ruleCatalogue;\n",
      refused: /cli\/ imports the library through its entries only/,
    },
    {
      name: 'analyse importing a job',
      file: 'src/analyse/probe.ts',
      code: "import { checkReports } from '../jobs/check-reports.js';\nexport const x = checkReports;\n",
      refused: /analyse\/ must not import a later stage/,
    },
    {
      name: 'a job importing cli',
      file: 'src/jobs/probe.ts',
      code: "import { runCli } from '../cli/main.js';\nexport const x = runCli;\n",
      refused: /jobs\/ must not import a later stage/,
    },
  ];
  for (const { name, file, code, refused } of cases) {
    it(`refuses ${name}`, async () => {
      const messages = await restrictedImports(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(refused);
    });
  }

  it('allows a stage to import model, text and an earlier stage', async () => {
    const code =
      "import type { Analysis } from '../../model/analysis.js';\nimport { plural } from '../../text/plural.js';\nimport { ruleCatalogue } from '../../analyse/rule-catalogue.js';\nexport const x = (a: Analysis) => [a, plural, ruleCatalogue];\n";
    expect(await restrictedImports('src/render/html/probe.ts', code)).toEqual([]);
  });

  it('allows model to import text and error, as the vocabulary every stage reads needs', async () => {
    const code =
      "import { plural } from '../text/plural.js';\nimport { CspmError } from '../error/cspm-error.js';\nexport const x = [plural, CspmError];\n";
    expect(await restrictedImports('src/model/probe.ts', code)).toEqual([]);
  });

  it('allows cli to import the public entry and its own modules', async () => {
    const code =
      "import { checkReports } from '../../index.js';\nimport { exitCodes } from '../cli-io.js';\nexport const x = [checkReports, exitCodes];\n";
    expect(await restrictedImports('src/cli/commands/probe.ts', code)).toEqual([]);
  });
});
