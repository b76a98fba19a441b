import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { documentationPages } from '../support/documentation.js';

/**
 * Every ```ts snippet of the documentation (README.md, docs/*.md) compiles as shown: on its own, with its imports from
 * 'cspm-report' mapped to the package's published types (package.json `types`, which `npm run build`
 * writes and `npm test` builds first), under the project's strict options: what a reader's compiler
 * sees, and a third of the files to parse that the sources and every type they import were.
 * A snippet is a module of its own (top-level await, no name shared with another).
 */
const { types } = JSON.parse(readFileSync('package.json', 'utf8')) as { types: string };
const packageTypes = resolve(types);
const snippets = documentationPages().flatMap(({ path, text }) =>
  [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((match) => ({
    where: `${path}:${text.slice(0, match.index).split('\n').length}`,
    code: match[1]!,
  })),
);

function snippetDiagnostics(): Map<string, string[]> {
  const root = process.cwd();
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve(root, 'tsconfig.json'),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined },
  )!;
  const options: ts.CompilerOptions = { ...config.options, noEmit: true, paths: { 'cspm-report': [packageTypes] } };
  const files = new Map(
    snippets.map((snippet) => [resolve(root, `doc-snippet-${snippet.where.replace(/[/.:]/g, '-')}.mts`), snippet]),
  );
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  host.readFile = (name) => files.get(name)?.code ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const snippet = files.get(name);
    return snippet
      ? ts.createSourceFile(name, snippet.code, language)
      : getSourceFile.call(host, name, language, ...rest);
  };
  const program = ts.createProgram([...files.keys()], options, host);
  const found = new Map<string, string[]>();
  for (const [name, snippet] of files) {
    const source = program.getSourceFile(name)!;
    const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    found.set(
      snippet.where,
      diagnostics.map((diagnostic) => {
        const at =
          diagnostic.start === undefined ? '' : `${source.getLineAndCharacterOfPosition(diagnostic.start).line + 1}: `;
        return `${at}${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
      }),
    );
  }
  return found;
}

describe('documentation TypeScript snippets', () => {
  it('has snippets to compile', () => {
    expect(snippets.length).toBeGreaterThan(2);
  });

  it("compile as shown, against the package's own types", () => {
    expect(existsSync(packageTypes), `${types}: run npm run build`).toBe(true);
    const diagnostics = snippetDiagnostics();
    expect(Object.fromEntries(diagnostics)).toEqual(Object.fromEntries(snippets.map((snippet) => [snippet.where, []])));
  }, 60_000);
});
