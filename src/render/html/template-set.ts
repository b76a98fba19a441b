import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type Handlebars from 'handlebars';
import { CspmError } from '../../error/cspm-error.js';
import { packageRoot } from '../../package-root.js';
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

type Template = Handlebars.TemplateDelegate;

/** The templates of one render: the built-ins with the caller's overrides applied. */
export interface TemplateSet {
  env: typeof Handlebars;
  main: Template;
  /** Partials that replace built-in ones for this render only. */
  partials: Record<string, Template>;
  /** The report-section partial in force, for sections the script inserts. */
  section: Template;
  style: string;
  changesStyle: string;
  script: string;
}

interface BuiltIns {
  env: typeof Handlebars;
  main: Template;
  partials: Record<string, Template>;
  style: string;
  changesStyle: string;
  script: string;
  names: string[];
}

let builtIns: BuiltIns | undefined;

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

/**
 * Compiles eagerly so that a syntax error names its file now, not halfway through a
 * render. The environment is the package's own (Handlebars.create()): helpers and
 * partials registered here never leak into another user of handlebars in the process.
 */
function compile(env: typeof Handlebars, file: string, source: string): Template {
  try {
    env.parse(source);
  } catch (error) {
    throw new CspmError('template-invalid', `${file}: ${oneLine((error as Error).message)}`, { data: { file }, cause: error });
  }
  return env.compile(source, { preventIndent: true });
}

/**
 * Drops the indentation of the built-in templates: pages embed a thousand sections,
 * and markup whitespace is pure weight there. Only template text changes; every value
 * from the report is inserted as it is.
 */
function compact(source: string): string {
  return source.replace(/\n[ \t]+/g, '\n');
}

/** Reads and compiles the built-in templates, once per process. */
function loadBuiltIns(): BuiltIns {
  if (builtIns) return builtIns;
  // Loaded on first render, not on import: `check` runs never pay for handlebars.
  const env = (createRequire(import.meta.url)('handlebars') as typeof Handlebars).create();
  registerHelpers(env);
  const names = readdirSync(templatesFolder).filter((file) => /\.(hbs|css|js)$/.test(file)).sort();
  const read = (file: string) => readFileSync(new URL(file, templatesFolder), 'utf8');
  const partials: Record<string, Template> = {};
  for (const file of names) {
    if (file.endsWith('.hbs') && file !== mainTemplate) partials[partialName(file)] = compile(env, file, compact(read(file)));
  }
  env.registerPartial(partials);
  builtIns = { env, main: compile(env, mainTemplate, compact(read(mainTemplate))), partials, style: read(styleFile), changesStyle: read(changesStyleFile), script: read(scriptFile), names };
  return builtIns;
}

function checkInline(file: string, text: string, closing: string): string {
  if (text.toLowerCase().includes(closing)) throw new CspmError('template-invalid', `${file}: must not contain "${closing}", which would end the inline element`, { data: { file } });
  return text;
}

/**
 * The built-in templates with `overrides` (file name → text) applied: a file of the
 * same name as a built-in template, partial, stylesheet or script replaces it.
 */
export function templateSet(overrides: Readonly<Record<string, string>> = {}): TemplateSet {
  const base = loadBuiltIns();
  const partials: Record<string, Template> = {};
  let { main, style, changesStyle, script } = base;
  for (const [file, text] of Object.entries(overrides)) {
    if (!base.names.includes(file)) throw new CspmError('template-invalid', `unknown template file "${file}"; the templates are ${base.names.join(', ')}`, { data: { file, known: base.names } });
    if (file === styleFile) style = checkInline(file, text, '</style');
    else if (file === changesStyleFile) changesStyle = checkInline(file, text, '</style');
    else if (file === scriptFile) script = checkInline(file, text, '</script');
    else if (file === mainTemplate) main = compile(base.env, file, text);
    else partials[partialName(file)] = compile(base.env, file, text);
  }
  const section = partials['report-section'] ?? base.partials['report-section'];
  if (!section) throw new CspmError('internal', 'the built-in partial report-section.hbs is missing', { data: { what: 'report-section.hbs' } });
  return { env: base.env, main, partials, section, style, changesStyle, script };
}
