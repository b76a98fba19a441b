import { join, relative } from 'node:path';
import { Application, ConsoleLogger, LogLevel, TSConfigReader, TypeDocReader } from 'typedoc';
import { describe, expect, it } from 'vitest';

/** Keeps TypeDoc's warnings and errors, with the file and line it gives them, instead of printing them. */
class CollectingLogger extends ConsoleLogger {
  readonly messages: string[] = [];

  override log(message: string, level: Exclude<LogLevel, LogLevel.None>): void {
    // NO_COLOR is not TypeDoc's concern: strip the colour codes its context adds.
    if (level >= LogLevel.Warn) this.messages.push(message.replace(/\u001b\[[0-9;]*m/g, ''));
  }
}

/**
 * `npm run docs` builds the API reference from the TSDoc of what src/index.ts exports, with
 * typedoc.json. Here TypeDoc converts the project with that same configuration (its
 * validation of undocumented exports, names used but not exported and broken `{@link}`s,
 * warnings counted as errors) and every message it gives fails the test, listed. The HTML
 * is not written: its pages come from the same conversion and cost time, not checks.
 * What must carry a comment is typedoc.json's `requiredToBeDocumented`: every exported
 * declaration, method, constructor and accessor; the properties of interfaces not yet.
 */
describe('API reference (TypeDoc)', () => {
  it('documents every export of the public entry, with no broken link and no unexported type', async () => {
    const app = await Application.bootstrapWithPlugins({ emit: 'none' }, [new TypeDocReader(), new TSConfigReader()]);
    // Messages of the options' reading are printed by TypeDoc's own logger: none is allowed either.
    expect(app.logger.errorCount + app.logger.warningCount).toBe(0);
    const logger = new CollectingLogger();
    app.logger = logger;
    expect(app.options.getValue('entryPoints').map((entry) => relative(process.cwd(), entry))).toEqual([
      join('src', 'index.ts'),
    ]);
    expect(app.options.getValue('treatWarningsAsErrors')).toBe(true);
    expect(app.options.getValue('validation')).toMatchObject({
      notExported: true,
      invalidLink: true,
      notDocumented: true,
    });

    const project = await app.convert();
    expect(project, logger.messages.join('\n')).toBeDefined();
    if (project) app.validate(project);

    expect(logger.messages).toEqual([]);
    expect(project?.children?.length).toBeGreaterThan(100);
  });
});
