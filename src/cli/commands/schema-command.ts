import type { Argv } from 'yargs';
import { readSchema } from '../../index.js';
import { exitCodes, type CliIo } from '../cli-io.js';
import { writeAtomic } from '../write-atomic.js';
import type { CommandSpec } from './command-spec.js';

/** The arguments of `schema`. */
export interface SchemaArgs {
  output: string | undefined;
}

/** `cspm-report schema`: print the JSON Schema of the audit report. */
export const schemaCommand: CommandSpec<SchemaArgs> = {
  command: 'schema',
  describe: 'print the JSON Schema (draft 2020-12) of the audit report',
  builder: (yargs) =>
    yargs
      .option('output', { alias: 'o', type: 'string', describe: 'write to this file instead of standard output' })
      .example('$0 schema -o audit-report.schema.json', 'save the schema for an editor or another validator') as unknown as Argv<SchemaArgs>,
  async run(args, io: CliIo) {
    const text = `${JSON.stringify(readSchema(), null, 2)}\n`;
    if (args.output === undefined) io.stdout.write(text);
    else await writeAtomic(args.output, text);
    return exitCodes.ok;
  },
};
