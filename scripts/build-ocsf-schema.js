#!/usr/bin/env node
// Builds the JSON Schema of the OCSF Compliance Finding event (`-f ocsf`) from the OCSF
// source files vendored in test/fixtures/ocsf-schema/, and writes it to
// schema/ocsf-compliance-finding.schema.json (`--check`: exits 1 when that file differs;
// `--stdout`: prints it instead; `--from DIR`: reads the sources from DIR).
//
// The OCSF sources are not a JSON Schema: a class extends another and $includes profiles,
// an attribute takes its type and enum from the dictionary and its requirement from the
// class, enums merge down the chain. This does what the OCSF server does for the parts the
// export uses:
//   - the class chain compliance_finding → finding → base_event, each level's attributes
//     merged over its parent's (enums merged, the child winning on a caption);
//   - of the profiles, only those the events apply (cloud): another profile's attributes
//     are left out, and so refused, since no event says it applies it;
//   - each attribute's dictionary entry under the class's, its type resolved through the
//     dictionary's types (timestamp_t → long_t → integer), an `enum` of its ids, arrays;
//   - class_uid, category_uid and type_uid fixed to this class (2003, 2, 2003 × 100 + activity);
//   - an object's attributes the same way, from `extends` (account → _entity → object) with
//     its `at_least_one` constraint; every vendored object is a $defs entry, with
//     `additionalProperties: false`, and an object not vendored is checked as an object only.
//     The generic `object` (`unmapped`) is OCSF's extension point and takes any member.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const sourceFolder = join(root, 'test/fixtures/ocsf-schema');
const schemaFile = join(root, 'schema/ocsf-compliance-finding.schema.json');

/** The event class built, and the profiles its events apply. */
const className = 'compliance_finding';
const appliedProfiles = ['cloud'];

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Every JSON file under `folder`, by its `name`, with the path relative to the sources. */
function filesByName(folder, base) {
  const found = new Map();
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) for (const [name, file] of filesByName(path, base)) found.set(name, file);
    else if (entry.name.endsWith('.json')) {
      const json = readJson(path);
      found.set(json.name, { path: relative(base, path).replaceAll('\\', '/'), json });
    }
  }
  return found;
}

function isPlainObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `over` merged into `under`, objects member by member (OCSF merges enums so), `over` winning elsewhere. */
function deepMerge(under, over) {
  if (!isPlainObject(under) || !isPlainObject(over)) return over === undefined ? under : over;
  const merged = { ...under };
  for (const [key, value] of Object.entries(over)) merged[key] = key in under ? deepMerge(under[key], value) : value;
  return merged;
}

/** The sources a schema is built from. */
function loadSources(folder) {
  const sources = {
    version: readJson(join(folder, 'version.json')).version,
    categories: readJson(join(folder, 'categories.json')).attributes,
    dictionary: readJson(join(folder, 'dictionary.json')),
    events: filesByName(join(folder, 'events'), folder),
    objects: filesByName(join(folder, 'objects'), folder),
    profiles: filesByName(join(folder, 'profiles'), folder),
  };
  return sources;
}

/**
 * The attributes of one definition (class, object or profile) after its $include: the
 * profiles applied are merged in, the others left out.
 */
function ownAttributes(definition, sources) {
  let attributes = {};
  for (const include of definition.attributes?.$include ?? []) {
    const profile = [...sources.profiles.values()].find((file) => file.path === include);
    if (profile === undefined || !appliedProfiles.includes(profile.json.name)) continue;
    const marked = Object.fromEntries(
      Object.entries(profile.json.attributes).map(([name, attribute]) => [
        name,
        { ...attribute, profile: profile.json.name },
      ]),
    );
    attributes = deepMerge(attributes, marked);
  }
  for (const [name, attribute] of Object.entries(definition.attributes ?? {})) {
    if (name !== '$include') attributes[name] = name in attributes ? deepMerge(attributes[name], attribute) : attribute;
  }
  return attributes;
}

/** A definition merged down its `extends` chain, root first: attributes, constraints and the chain's category. */
function resolveDefinition(name, files, sources) {
  const file = files.get(name);
  if (file === undefined) throw new Error(`no OCSF source defines ${name}`);
  const parent =
    file.json.extends === undefined
      ? { attributes: {}, constraints: undefined, category: undefined }
      : resolveDefinition(file.json.extends, files, sources);
  const attributes = { ...parent.attributes };
  for (const [attribute, definition] of Object.entries(ownAttributes(file.json, sources))) {
    attributes[attribute] = attribute in attributes ? deepMerge(attributes[attribute], definition) : definition;
  }
  return {
    json: file.json,
    attributes,
    constraints: file.json.constraints ?? parent.constraints,
    category: file.json.category ?? parent.category,
  };
}

/** JSON Schema of a dictionary type (`timestamp_t`), through its base types. */
function scalarSchema(typeName, types) {
  const type = types[typeName];
  const base = {
    string_t: { type: 'string' },
    integer_t: { type: 'integer' },
    long_t: { type: 'integer' },
    float_t: { type: 'number' },
    boolean_t: { type: 'boolean' },
    json_t: {},
  }[typeName];
  const schema = base === undefined ? scalarSchema(type.type, types) : { ...base };
  if (type.regex !== undefined) schema.pattern = type.regex;
  if (type.max_len !== undefined) schema.maxLength = type.max_len;
  if (type.range !== undefined) [schema.minimum, schema.maximum] = type.range;
  if (type.values !== undefined) schema.enum = type.values;
  return schema;
}

/** JSON Schema of one attribute from its merged definition (dictionary entry under the class's). */
function attributeSchema(name, definition, sources, objects) {
  const types = sources.dictionary.types.attributes;
  let schema;
  if (definition.type in types) schema = scalarSchema(definition.type, types);
  else if (sources.objects.has(definition.type)) {
    objects.add(definition.type);
    schema = { $ref: `#/$defs/${definition.type}` };
  } else schema = { type: 'object' };
  if (definition.enum !== undefined) {
    const ids = Object.keys(definition.enum).map((id) => (schema.type === 'integer' ? Number(id) : id));
    schema = { ...schema, enum: ids.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
  }
  const caption = definition.caption === undefined ? {} : { title: definition.caption };
  const deprecated = definition['@deprecated'] === undefined ? {} : { deprecated: true };
  return definition.is_array === true
    ? { ...caption, ...deprecated, type: 'array', items: schema }
    : { ...caption, ...deprecated, ...schema };
}

/** Properties and required list of merged attributes, each over its dictionary entry. */
function propertiesOf(attributes, sources, objects) {
  const properties = {};
  const required = [];
  for (const name of Object.keys(attributes).sort()) {
    const attribute = attributes[name];
    if (typeof attribute.profile === 'string' && !appliedProfiles.includes(attribute.profile)) continue;
    const entry = sources.dictionary.attributes[name];
    if (entry === undefined) throw new Error(`the dictionary has no attribute ${name}`);
    const definition = deepMerge(entry, attribute);
    properties[name] = attributeSchema(name, definition, sources, objects);
    if (definition.requirement === 'required') required.push(name);
  }
  return { properties, required };
}

/** The $defs entry of an object. */
function objectSchema(name, sources, objects) {
  const resolved = resolveDefinition(name, sources.objects, sources);
  const { properties, required } = propertiesOf(resolved.attributes, sources, objects);
  // The generic object has no attribute of its own: it is where OCSF puts what it does not map.
  if (Object.keys(properties).length === 0) return { title: resolved.json.caption, type: 'object' };
  const schema = { title: resolved.json.caption, type: 'object', properties, additionalProperties: false };
  if (required.length > 0) schema.required = required;
  const atLeastOne = resolved.constraints?.at_least_one;
  if (atLeastOne !== undefined) schema.anyOf = atLeastOne.map((attribute) => ({ required: [attribute] }));
  const justOne = resolved.constraints?.just_one;
  if (justOne !== undefined) schema.oneOf = justOne.map((attribute) => ({ required: [attribute] }));
  return schema;
}

/** The JSON Schema of the Compliance Finding event, built from the OCSF sources in `folder`. */
export function buildOcsfSchema(folder = sourceFolder) {
  const sources = loadSources(folder);
  const resolved = resolveDefinition(className, sources.events, sources);
  const category = sources.categories[resolved.category];
  const classUid = category.uid * 1000 + resolved.json.uid;
  const objects = new Set();
  const { properties, required } = propertiesOf(resolved.attributes, sources, objects);
  const activities = properties.activity_id.enum;
  properties.class_uid = { ...properties.class_uid, enum: [classUid] };
  properties.category_uid = { ...properties.category_uid, enum: [category.uid] };
  properties.type_uid = { ...properties.type_uid, enum: activities.map((activity) => classUid * 100 + activity) };
  const defs = {};
  // Objects found while building others are built too, until none is left.
  for (let pending = [...objects]; pending.length > 0; pending = [...objects].filter((name) => !(name in defs))) {
    for (const name of pending) defs[name] = objectSchema(name, sources, objects);
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://cspm-report.dev/schema/ocsf-compliance-finding.schema.json',
    title: `OCSF ${sources.version} ${resolved.json.caption} (class_uid ${classUid}), ${appliedProfiles.join(', ')} profile`,
    description: `One event of \`cspm-report render -f ocsf\`, built by scripts/build-ocsf-schema.js from the OCSF schema ${sources.version} (github.com/ocsf/ocsf-schema, Apache-2.0). Attributes of profiles not applied are left out; objects not built here are checked as objects only.`,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
    $defs: Object.fromEntries(
      Object.keys(defs)
        .sort()
        .map((name) => [name, defs[name]]),
    ),
  };
}

/** The schema as the file holds it. */
export function ocsfSchemaText(folder = sourceFolder) {
  return `${JSON.stringify(buildOcsfSchema(folder), null, 2)}\n`;
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = process.argv.slice(2);
  const fromAt = args.indexOf('--from');
  const text = ocsfSchemaText(fromAt >= 0 ? args[fromAt + 1] : sourceFolder);
  if (args.includes('--stdout')) process.stdout.write(text);
  else if (args.includes('--check')) {
    if (readFileSync(schemaFile, 'utf8') !== text) {
      console.error(
        'schema/ocsf-compliance-finding.schema.json is not what scripts/build-ocsf-schema.js builds: run it',
      );
      process.exit(1);
    }
  } else writeFileSync(schemaFile, text);
}
