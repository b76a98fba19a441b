// Lint configuration: typescript-eslint's recommended rules on src, test and scripts, and
// the pipeline's boundaries: data flows load → validate → analyse → gate → render, then client
// and serve (the service's API), query (SQL over a dataset), then jobs that compose them, cli on top; a stage imports
// model/, text/, error/ and earlier stages, never a later one.
import tseslint from 'typescript-eslint';

/** The folders of src/ in pipeline order; each may import only those before it. */
const stages = ['load', 'validate', 'analyse', 'gate', 'render', 'client', 'serve', 'query', 'jobs', 'cli'];
/**
 * Folders every stage may use; they import nothing of the stages themselves. model/ holds
 * the types and the vocabulary every stage reads, and may use text/ and error/.
 */
const foundations = ['model', 'text', 'error'];

/** An import pattern for a folder of src/, from any depth. */
const folder = (name) => [`**/${name}/*`, `**/${name}/**`];
/** The public entry, the internal one that only cli/ uses, and the renderers' one of the fuzzer and property tests. */
const entries = ['**/index.js', '**/internal.js', '**/render-entry.js'];

/**
 * The vocabulary every stage reads lives in model/ (STYLE.md): a module of its name is
 * imported from model/ only, so that it cannot drift back into a stage (validate/,
 * load/, analyse/ were its homes) where only the later stages could read it.
 */
const vocabularyHomes = {
  group: [
    '**/labels*',
    '**/observed-values*',
    '**/capped-findings*',
    '**/fail-closed*',
    '**/unusable-input*',
    '!**/model/*',
  ],
  message:
    'the vocabulary every stage reads (labels, observed values, capped findings, the fail-closed policy) lives in model/ and is imported from there only.',
};

/**
 * A renderer states the judgement a run was given (FindingsResult.judgement, made by
 * judgeFindingsResult in model/fail-closed.ts) and judges nothing: the fail-closed policy,
 * the silencing guard, and the tally of regressions are out of its reach,
 * so that no output can disagree with the exit code.
 */
const verdictLogic = {
  group: ['**/fail-closed*', '**/unusable-input*', '**/silencing-guard*', '**/count-regressions*'],
  message:
    'render/ judges nothing: it states the judgement the run was given (FindingsResult.judgement), never the fail-closed policy or a verdict rule.',
};

/** no-restricted-imports for the files of `name`, forbidding `forbidden` folders and the `more` patterns. */
function boundary(name, forbidden, why, more = []) {
  return {
    files: [`src/${name}/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: [...forbidden.flatMap(folder), ...entries], message: why }, ...more] },
      ],
    },
  };
}

/** cli/ is a caller of the library like any other: it imports the public entry only. */
const cliBoundary = {
  files: ['src/cli/**/*.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              ...[...stages.slice(0, -1), ...foundations].flatMap(folder),
              '**/tool-info.js',
              '**/package-root.js',
              '**/render-entry.js',
            ],
            message:
              'cli/ imports the library through its entries only: the public one (src/index.ts) and the internal one (src/internal.ts).',
          },
        ],
      },
    ],
  },
};

/**
 * Code on a library's private parts stays in one module per library, pinned to an exact
 * version, with a contract test (test/render/<format>/<library>-contract.test.ts): an
 * upgrade then has one file to re-check. Elsewhere in src/, no deep import of a library's
 * files, no run-time exceljs but through the pinned writer, and in render/ no member
 * named like a private one (`_font`).
 */
const internalsModules = [
  'src/render/pdf/pdfkit-internals.ts',
  'src/render/xlsx/pinned-workbook-writer.ts',
  'src/render/xlsx/exceljs.ts',
  'src/render/parquet/hyparquet-writer-internals.ts',
];
const importFences = [
  {
    selector: 'ImportDeclaration[source.value=/^hyparquet-writer\\u002Fsrc\\u002F/]',
    message: 'hyparquet-writer/src/* is reached through src/render/parquet/hyparquet-writer-internals.ts only.',
  },
  {
    selector: "ImportDeclaration[source.value='exceljs'][importKind!='type']",
    message: 'exceljs runs through src/render/xlsx/pinned-workbook-writer.ts only (types may be imported).',
  },
  {
    selector: 'ImportDeclaration[source.value=/\\u002Fexceljs\\.js$/]',
    message: 'exceljs runs through src/render/xlsx/pinned-workbook-writer.ts only.',
  },
];
/**
 * The renderers are where the libraries live; a later block for the same files replaces the rule's options, hence both
 * lists there.
 */
const privateMembers = {
  selector: 'MemberExpression[property.name=/^_/]',
  message:
    "a library's private member is reached through its internals module only (pdfkit-internals.ts, pinned-workbook-writer.ts, hyparquet-writer-internals.ts).",
};
const fencedInternals = [
  { files: ['src/**/*.ts'], ignores: internalsModules, rules: { 'no-restricted-syntax': ['error', ...importFences] } },
  {
    files: ['src/render/**/*.ts'],
    ignores: internalsModules,
    rules: { 'no-restricted-syntax': ['error', ...importFences, privateMembers] },
  },
];

/**
 * The internal entry gives cli/ terminal text, the names its options list and the jobs it
 * calls, never a loader or a renderer to call itself: cli/ parses and writes, and the jobs
 * read and render (STYLE.md).
 */
const internalEntryBoundary = {
  files: ['src/internal.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['**/load/*', '**/load/**'],
            message: 'cli/ reads no file through a loader: a job reads, and the internal entry exports the job.',
          },
          {
            group: ['**/render/**'],
            importNames: [
              'renderHtml',
              'renderPdf',
              'renderXlsx',
              'renderReport',
              'formatCheckText',
              'formatCheckJson',
              'getRenderer',
              'getTrendRenderer',
              'getQueryRenderer',
              'getExceptionsCheckRenderer',
              'getFindingsFormat',
              'resolveOutputFormat',
            ],
            message: 'cli/ renders nothing itself: a job renders, and the internal entry exports the job.',
          },
        ],
      },
    ],
  },
};

const boundaries = [
  cliBoundary,
  internalEntryBoundary,
  boundary(
    'model',
    stages,
    'model/ holds the types and the vocabulary every stage reads (labels, observed values, capped findings, the fail-closed policy); it may import text/ and error/, never a stage.',
  ),
  ...['text', 'error'].map((name) =>
    boundary(
      name,
      [...stages, ...foundations.filter((other) => other !== name && other !== 'model')],
      `${name}/ is a foundation of every stage and imports none of them.`,
    ),
  ),
  ...stages
    .slice(0, -1)
    .map((name, index) =>
      boundary(
        name,
        stages.slice(index + 1),
        `${name}/ must not import a later stage (${stages.slice(index + 1).join(', ')}): data flows one way.`,
        name === 'render' ? [vocabularyHomes, verdictLogic] : [vocabularyHomes],
      ),
    ),
];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'out/',
      'coverage/',
      'src/validate/generated/',
      'src/render/html/generated/',
      'src/load/generated/',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['scripts/**/*.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', performance: 'readonly' },
    },
  },
  ...boundaries,
  ...fencedInternals,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      // A registry names its keys into a model interface by extending it (declaration merging).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
      // Lines of at most 120 characters; Prettier lays code out to that width (npm run format), and
      // comments are wrapped by hand. A string, template or regular expression may run past it:
      // splitting one would change what a message or a pattern says, for the sake of a layout.
      'max-len': [
        'error',
        { code: 120, ignoreStrings: true, ignoreTemplateLiterals: true, ignoreRegExpLiterals: true, ignoreUrls: true },
      ],
    },
  },
);
