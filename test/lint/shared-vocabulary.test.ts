import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The vocabulary every stage reads lives in model/, and a renderer states the judgement a
 * run was given without judging: eslint.config.js holds both. These cases prove that a
 * renderer reaching for the verdict logic is refused, that the vocabulary cannot move
 * back into a stage, and that what a renderer needs stays allowed.
 */
const eslint = new ESLint();

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const judgesNothing = /render\/ judges nothing/;
const inModel = /lives in model\/ and is imported from there only/;

describe('no verdict logic in a renderer', () => {
  const cases = [
    {
      name: 'the fail-closed policy',
      file: 'src/render/findings/probe.ts',
      code: "import { untrustedSources } from '../../model/fail-closed.js';\nexport const x = untrustedSources;\n",
    },
    {
      name: 'its type, too',
      file: 'src/render/findings/probe.ts',
      code: "import type { FailOn } from '../../model/fail-closed.js';\nexport type X = FailOn;\n",
    },
    {
      name: 'the unusable-input table',
      file: 'src/render/findings/sarif/probe.ts',
      code: "import { marksUnusableInput } from '../../../model/unusable-input.js';\nexport const x = marksUnusableInput;\n",
    },
    {
      name: 'the silencing guard',
      file: 'src/render/html/probe.ts',
      code: "import { settingInForce } from '../../analyse/silencing-guard.js';\nexport const x = settingInForce;\n",
    },
    {
      name: 'the tally of regressions',
      file: 'src/render/findings/diff/probe.ts',
      code: "import { tallyRegressions } from '../../../analyse/diff/count-regressions.js';\nexport const x = tallyRegressions;\n",
    },
  ];
  for (const { name, file, code } of cases) {
    it(`refuses ${name}`, async () => {
      const messages = await restrictedImports(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(judgesNothing);
    });
  }

  it('allows a renderer the judgement it states and the vocabulary it reads', async () => {
    const code = [
      "import type { FindingsResult } from '../../model/findings-format.js';",
      "import { findingLimit } from '../../model/capped-findings.js';",
      "import { observedValues } from '../../model/observed-values.js';",
      "import { statedVerdict } from './stated-verdict.js';",
      'export const x = (result: FindingsResult) => [statedVerdict(result), findingLimit, observedValues];',
      '',
    ].join('\n');
    expect(await restrictedImports('src/render/findings/probe.ts', code)).toEqual([]);
  });
});

describe('the vocabulary stays in model/', () => {
  const cases = [
    {
      name: 'labels back in validate/',
      file: 'src/validate/probe.ts',
      code: "import { policyLabel } from './labels.js';\nexport const x = policyLabel;\n",
    },
    {
      name: 'observed values from validate/',
      file: 'src/analyse/rules/probe.ts',
      code: "import { observedValues } from '../../validate/observed-values.js';\nexport const x = observedValues;\n",
    },
    {
      name: 'capped findings back in load/',
      file: 'src/load/probe.ts',
      code: "import { CappedFindings } from './capped-findings.js';\nexport const x = CappedFindings;\n",
    },
    {
      name: 'the fail-closed policy back in analyse/',
      file: 'src/jobs/probe.ts',
      code: "import { canBeCompared } from '../analyse/fail-closed.js';\nexport const x = canBeCompared;\n",
    },
  ];
  for (const { name, file, code } of cases) {
    it(`refuses ${name}`, async () => {
      const messages = await restrictedImports(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(inModel);
    });
  }

  it('allows every stage the vocabulary from model/, and the policy to the stages that judge', async () => {
    const code =
      "import { policyLabel } from '../model/labels.js';\nimport { canBeCompared } from '../model/fail-closed.js';\nexport const x = [policyLabel, canBeCompared];\n";
    expect(await restrictedImports('src/jobs/probe.ts', code)).toEqual([]);
    expect(await restrictedImports('src/gate/probe.ts', code)).toEqual([]);
  });
});
