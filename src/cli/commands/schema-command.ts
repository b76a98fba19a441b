import type { Argv } from 'yargs';
import { CspmError, publishedSchemas, type PublishedSchemaName } from '../../index.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { writeAtomic } from '../write-atomic.js';
import { isStandardOutput } from '../write-output.js';
import type { CommandSpec } from './command-spec.js';

const schemaNames = Object.keys(publishedSchemas) as PublishedSchemaName[];

/** The arguments of `schema`. */
export interface SchemaArgs {
  name: string;
  output: string | undefined;
}

/**
 * `cspm-report schema [name]`: print a JSON Schema, the audit report's by default, or the service's OpenAPI document.
 */
export const schemaCommand: CommandSpec<SchemaArgs> = {
  command: 'schema [name]',
  describe:
    "print a JSON Schema (draft 2020-12): the audit report's, gate-rules, exceptions (accepted risks), diff (the JSON result of diff) or ocsf (an event of render -f ocsf), partial (a shard's partial result); or the service's OpenAPI 3.1 document (openapi)",
  builder: (yargs) =>
    yargs
      .positional('name', {
        type: 'string',
        default: 'audit-report',
        describe: `which schema: ${schemaNames.join(', ')}`,
      })
      .option('output', {
        alias: 'o',
        type: 'string',
        describe: 'write to this file instead of standard output (- for standard output)',
      })
      .example('$0 schema -o audit-report.schema.json', 'save the schema for an editor or another validator')
      .example('$0 schema gate-rules', 'print the schema of gate rules files')
      .example('$0 schema exceptions', 'print the schema of exceptions files (accepted risks)')
      .example('$0 schema diff', 'print the schema of the diff member of diff --format json')
      .example(
        '$0 schema openapi',
        "print the OpenAPI 3.1 document of the service's REST API",
      ) as unknown as Argv<SchemaArgs>,
  async run(args, io: CliIo) {
    if (!Object.hasOwn(publishedSchemas, args.name))
      throw new CspmError('usage', `unknown schema "${args.name}"; the schemas are ${schemaNames.join(', ')}`, {
        data: { value: args.name, known: schemaNames },
      });
    const text = `${JSON.stringify(publishedSchemas[args.name as PublishedSchemaName].read(), null, 2)}\n`;
    if (args.output === undefined || isStandardOutput(args.output)) io.stdout.write(text);
    else await writeAtomic(args.output, text);
    return exitCodes.ok;
  },
};
