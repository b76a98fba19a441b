import type { Argv } from 'yargs';
import { CspmError, readDiffSchema, readGateRulesSchema, readSchema, readServiceOpenApi } from '../../index.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { writeAtomic } from '../write-atomic.js';
import type { CommandSpec } from './command-spec.js';

/** Every published schema, and the service's OpenAPI document, by the name `cspm-report schema <name>` takes. */
const schemas = {
  'audit-report': readSchema,
  'gate-rules': readGateRulesSchema,
  diff: readDiffSchema,
  openapi: readServiceOpenApi,
} as const satisfies Record<string, () => Record<string, unknown>>;

type SchemaName = keyof typeof schemas;

const schemaNames = Object.keys(schemas) as SchemaName[];

/** The arguments of `schema`. */
export interface SchemaArgs {
  name: string;
  output: string | undefined;
}

/** `cspm-report schema [name]`: print a JSON Schema, the audit report's by default, or the service's OpenAPI document. */
export const schemaCommand: CommandSpec<SchemaArgs> = {
  command: 'schema [name]',
  describe: 'print a JSON Schema (draft 2020-12): the audit report\'s, gate-rules, or diff (the JSON result of diff); or the service\'s OpenAPI 3.1 document (openapi)',
  builder: (yargs) =>
    yargs
      .positional('name', { type: 'string', default: 'audit-report', describe: `which schema: ${schemaNames.join(', ')}` })
      .option('output', { alias: 'o', type: 'string', describe: 'write to this file instead of standard output' })
      .example('$0 schema -o audit-report.schema.json', 'save the schema for an editor or another validator')
      .example('$0 schema gate-rules', 'print the schema of gate rules files')
      .example('$0 schema diff', 'print the schema of the diff member of diff --format json')
      .example('$0 schema openapi', 'print the OpenAPI 3.1 document of the service\'s REST API') as unknown as Argv<SchemaArgs>,
  async run(args, io: CliIo) {
    if (!Object.hasOwn(schemas, args.name)) throw new CspmError('usage', `unknown schema "${args.name}"; the schemas are ${schemaNames.join(', ')}`);
    const text = `${JSON.stringify(schemas[args.name as SchemaName](), null, 2)}\n`;
    if (args.output === undefined) io.stdout.write(text);
    else await writeAtomic(args.output, text);
    return exitCodes.ok;
  },
};
