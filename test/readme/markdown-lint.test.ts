import { lint } from 'markdownlint/sync';
import type { Configuration, LintError, Rule } from 'markdownlint';
import { describe, expect, it } from 'vitest';
import { documentationPages, page } from '../support/documentation.js';

/**
 * The rules every page of the documentation (README.md, docs/*.md) is held to. Structure is checked (fences closed and
 * named,
 * headings in order and unique, link references defined, no bare URL); the house
 * style of the prose is left alone: long lines, a list right after its colon, tables
 * written compactly, code spans that show a leading space on purpose (` Critical`).
 */
export const readmeLintConfig: Configuration = {
  default: true,
  MD013: false, // line length: paragraphs are wrapped by hand, tables and commands are not
  MD024: { siblings_only: true }, // "Options" may repeat under different commands
  MD031: true, // a fence needs blank lines around it
  MD032: false, // a list may follow the line that introduces it
  MD033: false, // inline HTML: <br> in tables
  MD034: true, // bare URLs
  MD038: false, // ` Critical` shows the space that loading folds
  MD040: true, // every fence names its language: an unnamed one is where an unclosed fence hides
  MD046: { style: 'fenced' }, // no indented code blocks: text indented by mistake would become one
  MD052: true, // reference links point to a defined label
  MD060: false, // table pipes: compact and aligned styles both occur
};

type Token = Parameters<Rule['function']>[0]['parsers']['micromark']['tokens'][number];

/** Every token of the tree, nested ones (in lists, quotes, paragraphs) included. */
function allTokens(tokens: readonly Token[]): Token[] {
  return tokens.flatMap((token) => [token, ...allTokens(token.children)]);
}

/**
 * A fence left open is valid CommonMark, so no stock rule sees it: the block runs on to
 * the next bare fence (or the end), and what lies between, headings included, renders as
 * code. Two signs give it away: a block with no closing fence, and a line inside a block
 * that opens a fence of its own (```ts, ```console).
 */
const fencesClosed: Rule = {
  names: ['fences-closed'],
  description: 'Every fenced code block is closed where it is meant to be',
  tags: ['code'],
  parser: 'micromark',
  function(params, onError) {
    for (const token of allTokens(params.parsers.micromark.tokens)) {
      if (token.type !== 'codeFenced') continue;
      const fences = token.children.filter((child) => child.type === 'codeFencedFence');
      if (fences.length < 2) onError({ lineNumber: token.startLine, detail: 'this fence is never closed' });
      for (const child of token.children) {
        if (child.type === 'codeFlowValue' && /^(`{3,}|~{3,})\S/.test(child.text)) {
          onError({
            lineNumber: child.startLine,
            detail: `a fence opens inside the code block of line ${token.startLine}: that block is not closed before it`,
          });
        }
      }
    }
  },
};

/**
 * A code span of double backticks holding backticks with no space inside its delimiters
 * (``--format text` or `--format json``) renders as one span that has lost its outer
 * backticks: it was meant as two spans, or as a literal padded with spaces (`` `x` ``).
 */
const codeSpansWhole: Rule = {
  names: ['code-spans-whole'],
  description: 'A code span holding backticks is padded with spaces',
  tags: ['code'],
  parser: 'micromark',
  function(params, onError) {
    for (const token of allTokens(params.parsers.micromark.tokens)) {
      if (token.type !== 'codeText') continue;
      const delimiter = /^`+/.exec(token.text)![0].length;
      const inner = token.text.slice(delimiter, -delimiter);
      if (delimiter > 1 && inner.includes('`') && !/^ .* $/.test(inner))
        onError({ lineNumber: token.startLine, detail: token.text });
    }
  },
};

function problems(markdown: string, name = 'README.md'): string[] {
  const results = lint({
    strings: { [name]: markdown },
    config: { ...readmeLintConfig, 'fences-closed': true, 'code-spans-whole': true },
    customRules: [fencesClosed, codeSpansWhole],
  });
  return (results[name] ?? []).map(
    (error: LintError) =>
      `${name}:${error.lineNumber} ${error.ruleNames.join('/')} ${error.ruleDescription}${error.errorDetail ? `: ${error.errorDetail}` : ''}`,
  );
}

const pages = documentationPages();

describe('the documentation is well-formed Markdown (markdownlint)', () => {
  it.each(pages.map(({ path, text }) => [path, text]))('%s has no problem', (path, text) => {
    expect(problems(text, path)).toEqual([]);
  });

  it('catches a fence left open, which swallows the headings after it', () => {
    const lines = page('docs/gates.md').text.split('\n');
    const heading = lines.indexOf('### Rules file');
    const closing = lines.lastIndexOf('```', heading);
    const broken = [...lines.slice(0, closing), ...lines.slice(closing + 1)].join('\n');
    expect(problems(broken)).toContainEqual(expect.stringContaining('fences-closed'));
  });

  it('catches a fence never closed before the end', () => {
    expect(problems('# Title\n\n```sh\nnpm test\n')).toEqual([expect.stringContaining('this fence is never closed')]);
  });

  it('catches a code span that swallows the backticks of two', () => {
    expect(problems('# Title\n\nelse ``--format text` or `--format json``; `` `x` `` is fine.\n')).toEqual([
      expect.stringContaining('code-spans-whole'),
    ]);
  });

  it('catches a heading that skips a level and a link to an undefined reference', () => {
    expect(problems('# Title\n\n#### Deep\n\nSee [the spec][nowhere].\n')).toEqual([
      expect.stringContaining('MD001'),
      expect.stringContaining('MD052'),
    ]);
  });
});
