import { readdirSync, readFileSync } from 'node:fs';
import type Handlebars from 'handlebars';
import { CspmError, isCspmError } from '../../error/cspm-error.js';
import { packageRoot } from '../../package-root.js';
import { precompiledTemplates } from './generated/precompiled-templates.js';
import { handlebarsCompiler, handlebarsRuntime } from './handlebars-module.js';
import { registerHelpers } from './helpers.js';

/** The package's own templates folder. */
const templatesFolder = new URL('templates/', packageRoot);

/** The page template; every other `.hbs` file is a partial named after its file. */
export const mainTemplate = 'report.hbs';
/** The stylesheet, inlined in the page's `<style>`. */
export const styleFile = 'styles.css';
/** The stylesheet of the Changes sections, added to the page's only when it has one (see renderHtmlView). */
export const changesStyleFile = 'changes.css';
/** The page script, inlined in its only `<script>`. */
export const scriptFile = 'page-script.js';
/** The stylesheet and script of the Accepted risks, added to the page's only when it is rendered with exceptions. */
export const acceptedFiles = { style: 'accepted-risks.css', script: 'accepted-script.js' } as const;

type Template = Handlebars.TemplateDelegate;

/** The templates of one render: the built-ins with the caller's overrides applied. */
export interface TemplateSet {
  env: typeof Handlebars;
  main: Template;
  /** Partials that replace built-in ones for this render only. */
  partials: Record<string, Template>;
  /** Every partial in force, built-in or the caller's, by name: the pages that are a partial. */
  pages: Readonly<Record<string, Template>>;
  /** The report-section partial in force, for sections the script inserts. */
  section: Template;
  style: string;
  changesStyle: string;
  script: string;
  /** The Accepted risks' stylesheet and the script that marks the accepted policies the page script draws. */
  accepted: { style: string; script: string };
  /** Every stylesheet (`.css`) and script (`.js`) by file name, the caller's overrides applied. */
  texts: Readonly<Record<string, string>>;
}

/** The built-in templates of one handlebars environment. */
interface BuiltIns {
  env: typeof Handlebars;
  main: Template;
  partials: Record<string, Template>;
}

/** The files of the templates folder: their names, and the stylesheets and scripts read. */
interface TemplateFiles {
  names: string[];
  texts: Record<string, string>;
}

let files: TemplateFiles | undefined;
/** The built-ins on handlebars' runtime, and on the whole of it (for a caller's templates). */
const builtIns = new Map<'runtime' | 'compiler', BuiltIns>();

function partialName(file: string): string {
  return file.slice(0, -'.hbs'.length);
}

/** Handlebars' parse errors span lines, one of them a caret under the excerpt above it. */
function oneLine(message: string): string {
  return message
    .split('\n')
    .filter((line) => !/^-*\^$/.test(line.trim()))
    .map((line) => line.trim())
    .join(' ');
}

/** Lists the templates folder and reads its stylesheets and scripts, once per process. */
function templateFiles(): TemplateFiles {
  if (files) return files;
  const names = readdirSync(templatesFolder)
    .filter((file) => /\.(hbs|css|js)$/.test(file))
    .sort();
  const texts: Record<string, string> = {};
  for (const file of names)
    if (!file.endsWith('.hbs')) texts[file] = readFileSync(new URL(file, templatesFolder), 'utf8');
  files = { names, texts };
  return files;
}

/**
 * The built-in templates in an environment of the package's own (`create()`), so that
 * helpers and partials registered here never leak into another user of handlebars in
 * the process: precompiled (scripts/generate-templates.js), so that a page never parses
 * them. The runtime serves every render but those with a caller's templates, which
 * need the compiler; each environment is made once per process.
 */
function loadBuiltIns(kind: 'runtime' | 'compiler'): BuiltIns {
  const loaded = builtIns.get(kind);
  if (loaded) return loaded;
  const env = (kind === 'runtime' ? handlebarsRuntime() : handlebarsCompiler()).create();
  registerHelpers(env);
  const templates: Record<string, Template> = {};
  for (const file of templateFiles().names.filter((name) => name.endsWith('.hbs'))) {
    const spec = precompiledTemplates[partialName(file)];
    if (spec === undefined)
      throw new CspmError(
        'internal',
        `the template ${file} is not precompiled: run node scripts/generate-templates.js`,
        { data: { what: file } },
      );
    templates[partialName(file)] = env.template(spec);
  }
  const { [partialName(mainTemplate)]: main, ...partials } = templates;
  if (!main)
    throw new CspmError('internal', `the built-in template ${mainTemplate} is missing`, {
      data: { what: mainTemplate },
    });
  env.registerPartial(partials);
  const made = { env, main, partials };
  builtIns.set(kind, made);
  return made;
}

/** Parses a caller's template now, so that a syntax error names its file before the render, not halfway through it. */
function compile(env: typeof Handlebars, file: string, source: string): Template {
  try {
    env.parse(source);
  } catch (error) {
    throw new CspmError('template-invalid', `${file}: ${oneLine((error as Error).message)}`, {
      data: { file },
      cause: error,
    });
  }
  return env.compile(source, { preventIndent: true });
}

/** A stylesheet or script is inlined: it must not end its own element. */
function checkInline(file: string, text: string): string {
  const closing = file.endsWith('.css') ? '</style' : '</script';
  if (text.toLowerCase().includes(closing))
    throw new CspmError(
      'template-invalid',
      `${file}: must not contain "${closing}", which would end the inline element`,
      { data: { file } },
    );
  return text;
}

/** The stylesheet or script `file` of a template set. */
export function inlineText(texts: Readonly<Record<string, string>>, file: string): string {
  const text = texts[file];
  if (text === undefined)
    throw new CspmError('internal', `the built-in template file ${file} is missing`, { data: { what: file } });
  return text;
}

/**
 * The built-in templates with `overrides` (file name → text) applied: a file of the
 * same name as a built-in template, partial, stylesheet or script replaces it.
 */
export function templateSet(overrides: Readonly<Record<string, string>> = {}): TemplateSet {
  const { names, texts: builtInTexts } = templateFiles();
  const unknown = Object.keys(overrides).find((file) => !names.includes(file));
  if (unknown !== undefined)
    throw new CspmError(
      'template-invalid',
      `unknown template file "${unknown}"; the templates are ${names.join(', ')}`,
      { data: { file: unknown, known: names } },
    );
  const base = loadBuiltIns(Object.keys(overrides).some((file) => file.endsWith('.hbs')) ? 'compiler' : 'runtime');
  const partials: Record<string, Template> = {};
  const texts = { ...builtInTexts };
  let { main } = base;
  for (const [file, text] of Object.entries(overrides)) {
    if (!file.endsWith('.hbs')) texts[file] = checkInline(file, text);
    else if (file === mainTemplate) main = compile(base.env, file, text);
    else partials[partialName(file)] = compile(base.env, file, text);
  }
  const pages = { ...base.partials, ...partials };
  const section = pages['report-section'];
  if (!section)
    throw new CspmError('internal', 'the built-in partial report-section.hbs is missing', {
      data: { what: 'report-section.hbs' },
    });
  return {
    env: base.env,
    main,
    partials,
    pages,
    section,
    style: inlineText(texts, styleFile),
    changesStyle: inlineText(texts, changesStyleFile),
    script: inlineText(texts, scriptFile),
    accepted: { style: inlineText(texts, acceptedFiles.style), script: inlineText(texts, acceptedFiles.script) },
    texts,
  };
}

/**
 * Renders the page that the partial `name` is (`trend-page`, `fleet-page`, `executive`)
 * with the templates in force: the built-in partial, or the caller's file that replaces it.
 */
export function renderPartialPage(
  templates: TemplateSet,
  name: string,
  context: unknown,
  data: Record<string, unknown> = {},
): string {
  const page = templates.pages[name];
  if (!page)
    throw new CspmError('internal', `the built-in partial ${name}.hbs is missing`, { data: { what: `${name}.hbs` } });
  return page(context, { data, partials: templates.partials });
}

/**
 * A user's template can fail while it runs (a helper it names does not exist, a
 * partial that includes itself): that is a mistake in the template, told as such.
 * The built-in templates failing is the tool's own fault and stays an internal error.
 */
export function templateFailure(error: unknown, options: { templates?: Readonly<Record<string, string>> }): unknown {
  // A helper refusing what a template gave it (helpers.ts) is the template's mistake too.
  const fault = isCspmError(error) && error.code === 'internal';
  if (options.templates === undefined || Object.keys(options.templates).length === 0 || (isCspmError(error) && !fault))
    return error;
  const reason =
    error instanceof RangeError
      ? 'a partial includes itself without end'
      : (fault ? error.detail : error instanceof Error ? error.message : String(error)).split('\n')[0];
  return new CspmError('template-invalid', `a template failed while rendering the page (${reason})`, {
    data: { known: Object.keys(options.templates) },
    cause: error,
  });
}
