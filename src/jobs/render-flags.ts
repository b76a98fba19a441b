import { CspmError } from '../error/cspm-error.js';
import { loadLogo } from '../load/load-logo.js';
import { loadTemplates } from '../load/load-templates.js';
import { csvFieldNames, type CsvFieldName } from '../model/csv-fields.js';
import type { SkippedInput } from '../model/document.js';
import type {
  DocumentFormat,
  FormatOption,
  PolicyChoice,
  RenderOptions,
  RenderTier,
  RenderWarning,
} from '../model/renderer.js';
import { formatsReading } from '../render/renderers.js';

/** The options of a document as the command line gives them: the logo and templates as paths, the columns as text. */
export interface RenderFlags {
  tier?: RenderTier;
  landscape: boolean;
  policies: PolicyChoice;
  showPaths: boolean;
  title?: string;
  now?: Date;
  /** An image file (`--logo`), read here. */
  logo?: string;
  /** A folder of template overrides (`--templates`), read here. */
  templates?: string;
  /** The CSV columns, comma-separated (`--fields`). */
  fields?: string;
  bom: boolean;
  maxPolicies?: number;
  onWarning?: (warning: RenderWarning) => void;
  /** Told of each file of the templates folder left out. */
  onSkippedTemplate?: (skipped: SkippedInput) => void;
}

/** An option set that none of a run's formats reads, and the formats that would. */
export interface UnreadOption {
  option: FormatOption;
  readers: DocumentFormat[];
}

/** What {@link renderOptionsOf} returns: the render options, and those of them that change nothing. */
export interface RenderFlagsResult {
  options: RenderOptions;
  /** The options set that no format of the run reads (`--landscape` with `-f csv`): worth a warning, not a refusal. */
  unread: UnreadOption[];
}

/**
 * The render options the flags give, for a run of `formats`: the logo and templates are read
 * here, before any input, and the columns and the policy cap checked.
 *
 * @throws CspmError `usage` naming the flag, or as loadLogo and loadTemplates do
 */
export function renderOptionsOf(flags: RenderFlags, formats: readonly DocumentFormat[]): RenderFlagsResult {
  const options: RenderOptions = {
    ...(flags.tier === undefined ? {} : { tier: flags.tier }),
    landscape: flags.landscape,
    policies: flags.policies,
    showPaths: flags.showPaths,
    ...(flags.onWarning === undefined ? {} : { onWarning: flags.onWarning }),
  };
  if (flags.title !== undefined) options.title = flags.title;
  if (flags.now !== undefined) options.now = flags.now;
  if (flags.logo !== undefined) options.logo = loadLogo(flags.logo, '--logo');
  if (flags.templates !== undefined)
    options.templates = loadTemplates(flags.templates, '--templates', flags.onSkippedTemplate);
  if (flags.fields !== undefined || flags.bom)
    options.csv = { ...(flags.fields === undefined ? {} : { fields: csvFields(flags.fields) }), bom: flags.bom };
  if (flags.maxPolicies !== undefined) {
    if (!Number.isInteger(flags.maxPolicies) || flags.maxPolicies < 0)
      throw new CspmError('usage', '--max-policies takes a whole number ≥ 0', {
        data: { option: 'max-policies', value: String(flags.maxPolicies) },
      });
    options.maxPolicies = flags.maxPolicies;
  }
  return { options, unread: unreadOptions(options, formats) };
}

/** The format-specific options `options` set to something other than their defaults. */
function setOptions(options: RenderOptions): FormatOption[] {
  const set = {
    tier: options.tier !== undefined && options.tier !== 'full',
    landscape: options.landscape === true,
    maxPolicies: options.maxPolicies !== undefined,
    templates: options.templates !== undefined,
    logo: options.logo !== undefined,
    csvFields: options.csv?.fields !== undefined,
    csvBom: options.csv?.bom === true,
  } satisfies Record<FormatOption, boolean>;
  return (Object.keys(set) as FormatOption[]).filter((option) => set[option]);
}

/** The options set that no format of `formats` reads; which format reads what is the renderers' registry's word. */
function unreadOptions(options: RenderOptions, formats: readonly DocumentFormat[]): UnreadOption[] {
  return setOptions(options)
    .map((option) => ({ option, readers: formatsReading(option, options) }))
    .filter(({ readers }) => !formats.some((format) => readers.includes(format)));
}

/** The `--fields` list as column names; an unknown one is a usage error naming the known ones. */
function csvFields(text: string): CsvFieldName[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) throw new CspmError('usage', '--fields names no column', { data: { option: 'fields' } });
  for (const name of names) {
    if (!(csvFieldNames as readonly string[]).includes(name))
      throw new CspmError('usage', `--fields: unknown column "${name}"; the columns are ${csvFieldNames.join(', ')}`, {
        data: { option: 'fields' },
      });
  }
  return names as CsvFieldName[];
}
