import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCompositeAction } from '../support/composite-action.js';
import { repositoryRoot } from '../support/clean-clone.js';
import { useTempDir } from '../support/temp-dir.js';
import { listTree, runRecorded, useRecordingAction } from './recording-action.js';

/**
 * Every input of the Action set to values an attacker would choose (a leading dash, a
 * space, a newline, command substitution, backquotes, a glob, a parent folder): the
 * scripts run no shell code of an input, touch no file but the outputs asked for, put
 * every path where the command cannot read it as an option, and refuse in one line an
 * input they cannot use as it is, before running the command.
 */

const tempDir = useTempDir();
const recordingAction = useRecordingAction();

const hostile = {
  dash: '-delete',
  space: 'has space/a b.json',
  newline: 'first\nsecond',
  substitution: '$(touch PWNED)',
  backquotes: '`touch PWNED`',
  glob: '*',
  parent: '../escaped',
} as const;
type Hostile = keyof typeof hostile;

/** A workspace with a folder named like an option, inside a folder that holds a file of its own. */
function workspace(): { root: string; dir: string } {
  const root = tempDir();
  const dir = join(root, 'workspace');
  mkdirSync(join(dir, '-delete'), { recursive: true });
  mkdirSync(join(dir, 'sub'));
  writeFileSync(join(dir, '-delete', 'inside.txt'), 'x');
  writeFileSync(join(dir, 'keep.txt'), 'x');
  writeFileSync(join(dir, 'sub', 'keep.txt'), 'x');
  writeFileSync(join(root, 'outside.txt'), 'x');
  return { root, dir };
}

/** What each input makes of each value: the arguments expected of the command (a function of them), or the refusal. */
type Expectation = { refused: true } | { argv: (argv: string[]) => void };
const refused: Expectation = { refused: true };
const has = (...expected: string[]): Expectation => ({
  argv: (argv) => expect(argv).toEqual(expect.arrayContaining(expected)),
});
/** The reports come right after the command, before the first option. */
const reports = (...expected: string[]): Expectation => ({
  argv: (argv) =>
    expect(
      argv.slice(
        1,
        argv.findIndex((arg) => arg.startsWith('-')),
      ),
    ).toEqual(expected),
});

/** The words the scripts themselves put before a value; any other argument starting with - came from the args input. */
const ownOption = /^(--(no-config|strict-config|format|output)|--(config|rules|fail-on|format|output|out-dir)=.+|-)$/;

const writePath = (option: string): Record<Hostile, Expectation> => ({
  dash: has(`${option}=./-delete`),
  space: has(`${option}=has space/a b.json`),
  newline: refused,
  substitution: has(`${option}=$(touch PWNED)`),
  backquotes: has(`${option}=\`touch PWNED\``),
  glob: has(`${option}=*`),
  parent: refused,
});
const enumerated: Record<Hostile, Expectation> = {
  dash: refused,
  space: refused,
  newline: refused,
  substitution: refused,
  backquotes: refused,
  glob: refused,
  parent: refused,
};

/** Each input with the inputs it is tried beside, and what each value makes of it. */
const cases: { input: string; base: Record<string, string>; expected: Record<Hostile, Expectation> }[] = [
  { input: 'command', base: { reports: 'keep.txt' }, expected: enumerated },
  {
    input: 'reports',
    base: {},
    expected: {
      dash: reports('./-delete'),
      space: reports('has space/a b.json'),
      newline: reports('first', 'second'),
      substitution: reports('$(touch PWNED)'),
      backquotes: reports('`touch PWNED`'),
      glob: reports('./-delete', 'keep.txt', 'sub'),
      parent: reports('../escaped'),
    },
  },
  {
    input: 'rules',
    base: { command: 'gate', reports: 'keep.txt' },
    expected: { ...writePath('--rules'), parent: has('--rules=../escaped') },
  },
  { input: 'config', base: { reports: 'keep.txt' }, expected: enumerated },
  { input: 'fail-on', base: { reports: 'keep.txt' }, expected: enumerated },
  { input: 'annotations', base: { reports: 'keep.txt' }, expected: enumerated },
  { input: 'upload-sarif', base: { reports: 'keep.txt' }, expected: enumerated },
  { input: 'sarif-file', base: { reports: 'keep.txt' }, expected: writePath('--output') },
  { input: 'markdown-file', base: { reports: 'keep.txt' }, expected: writePath('--output') },
  { input: 'junit-file', base: { reports: 'keep.txt' }, expected: writePath('--output') },
  { input: 'out-dir', base: { command: 'render', reports: 'keep.txt' }, expected: writePath('--out-dir') },
  {
    input: 'formats',
    base: { command: 'render', reports: 'keep.txt' },
    expected: { ...enumerated, newline: has('--format=first', '--format=second') },
  },
  {
    input: 'sarif-category',
    base: { reports: 'keep.txt' },
    expected: {
      dash: has(),
      space: has(),
      newline: refused,
      substitution: has(),
      backquotes: has(),
      glob: has(),
      parent: has(),
    },
  },
  {
    input: 'args',
    base: { reports: 'keep.txt' },
    expected: {
      dash: has('-delete'),
      space: has('has space/a b.json'),
      newline: has('first', 'second'),
      substitution: has('$(touch PWNED)'),
      backquotes: has('`touch PWNED`'),
      glob: has('*'),
      parent: has('../escaped'),
    },
  },
];

describe('the Action given hostile inputs', () => {
  for (const { input, base, expected } of cases) {
    it.each(Object.keys(hostile) as Hostile[])(`${input}: %s`, (kind) => {
      const { root, dir } = workspace();
      const before = listTree(root);
      const actionPath = recordingAction();
      const { argv, result, output } = runRecorded(actionPath, dir, { ...base, [input]: hostile[kind] });
      expect(listTree(root), 'no file created or deleted').toEqual(before);
      expect(existsSync(join(dir, 'PWNED')) || existsSync(join(actionPath, 'PWNED'))).toBe(false);
      const expectation = expected[kind];
      if ('refused' in expectation) {
        expect(argv, 'the command is not run').toBeUndefined();
        expect(result.failed).toBe(true);
        const errors = output.split('\n').filter((line) => line.startsWith('::error'));
        expect(errors).toHaveLength(1);
        expect(errors[0]).toMatch(new RegExp(`^::error title=cspm-report::the ${input} input `));
      } else {
        expect(argv, output).toBeDefined();
        expectation.argv(argv!);
        // No value of an input is read as an option.
        const options = argv!.filter((arg) => arg.startsWith('-'));
        expect(options.filter((arg) => !ownOption.test(arg) && !(input === 'args' && arg === hostile[kind]))).toEqual(
          [],
        );
      }
    });
  }
});

describe('the Action rendering into a folder named like an option', () => {
  it('writes the documents into it, lists them, and deletes nothing', () => {
    const { root, dir } = workspace();
    cpSync(join(repositoryRoot, 'samples', 'aws-cis.json'), join(dir, 'aws-cis.json'));
    const before = listTree(root);
    const result = runCompositeAction(repositoryRoot, {
      workspace: dir,
      inputs: { command: 'render', reports: 'aws-cis.json', 'out-dir': '-delete' },
    });
    expect(listTree(root)).toEqual([...before, 'workspace/-delete/aws-cis.html'].sort());
    expect(result.outputs['exit-code']).toBe('0');
    expect(result.summary).toBe('### cspm-report render\n\n- `-delete/aws-cis.html`\n- `-delete/inside.txt`\n');
  });
});
