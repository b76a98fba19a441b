import { readFileSync } from 'node:fs';
import { packageRoot } from '../../package-root.js';

/** A node of a JSON Schema, as far as the Parquet schema reads it. */
interface SchemaNode {
  type?: string;
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  deprecated?: boolean;
}

/** One element of a Parquet schema, depth first, as hyparquet-writer takes it. */
export interface ParquetElement {
  name: string;
  repetition_type?: 'REQUIRED' | 'OPTIONAL' | 'REPEATED';
  type?: 'BYTE_ARRAY' | 'INT32' | 'INT64' | 'DOUBLE' | 'BOOLEAN';
  converted_type?: 'UTF8' | 'JSON' | 'LIST';
  num_children?: number;
}

/** The attribute whose content OCSF leaves open: kept as JSON text, as engines read any object. */
const openAttribute = 'unmapped';

// OCSF's timestamp_t and long_t need 64 bits; its other integers (ids, counts) fit 32.
const wideIntegers = /^(time|.*_time|duration|raw_data_size|count)$/;

function scalar(name: string, type: string): ParquetElement | undefined {
  if (type === 'string') return { name, repetition_type: 'OPTIONAL', type: 'BYTE_ARRAY', converted_type: 'UTF8' };
  if (type === 'integer')
    return { name, repetition_type: 'OPTIONAL', type: wideIntegers.test(name) ? 'INT64' : 'INT32' };
  if (type === 'number') return { name, repetition_type: 'OPTIONAL', type: 'DOUBLE' };
  if (type === 'boolean') return { name, repetition_type: 'OPTIONAL', type: 'BOOLEAN' };
  return undefined;
}

/**
 * The Parquet elements of one attribute: a scalar, a struct of the attributes its object
 * defines, or a three-level LIST of either. Attributes the schema leaves without a
 * definition (an object of no properties, an array of such) and deprecated ones have no
 * column: the events never carry them, and no engine can type them.
 */
function elementsOf(name: string, given: SchemaNode, defs: Record<string, SchemaNode>): ParquetElement[] | undefined {
  const node = given.$ref === undefined ? given : (defs[given.$ref.replace('#/$defs/', '')] as SchemaNode);
  if (node.deprecated === true) return undefined;
  if (name === openAttribute)
    return [{ name, repetition_type: 'OPTIONAL', type: 'BYTE_ARRAY', converted_type: 'JSON' }];
  if (node.type === 'array') {
    const item = node.items === undefined ? undefined : elementsOf('element', node.items, defs);
    if (item === undefined) return undefined;
    return [
      { name, repetition_type: 'OPTIONAL', converted_type: 'LIST', num_children: 1 },
      { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
      ...item,
    ];
  }
  if (node.type === 'object') {
    const children = Object.entries(node.properties ?? {})
      .map(([child, schema]) => elementsOf(child, schema, defs))
      .filter((elements) => elements !== undefined);
    if (children.length === 0) return undefined;
    return [{ name, repetition_type: 'OPTIONAL', num_children: children.length }, ...children.flat()];
  }
  const made = scalar(name, node.type ?? '');
  return made === undefined ? undefined : [made];
}

/**
 * The Parquet schema of a Compliance Finding event, made from its JSON Schema
 * (schema/ocsf-compliance-finding.schema.json, itself built from the OCSF sources):
 * nested objects as structs, arrays as lists, so that an engine reads
 * `compliance.status_id` as it reads the JSON Lines. The root's element comes first.
 */
export function ocsfParquetSchema(): { elements: ParquetElement[] } {
  const schema = JSON.parse(
    readFileSync(new URL('schema/ocsf-compliance-finding.schema.json', packageRoot), 'utf8'),
  ) as SchemaNode & { $defs: Record<string, SchemaNode> };
  const top = Object.entries(schema.properties ?? {})
    .map(([name, node]) => ({ name, elements: elementsOf(name, node, schema.$defs) }))
    .filter((column): column is { name: string; elements: ParquetElement[] } => column.elements !== undefined);
  return { elements: [{ name: 'root', num_children: top.length }, ...top.flatMap((column) => column.elements)] };
}
