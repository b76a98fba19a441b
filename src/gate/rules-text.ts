import { parseYamlText, type ParsedYamlText, type YamlFileKind } from '../load/yaml/parse-yaml-text.js';

/** A rules file parsed, with what it takes to turn a pointer into a line and column. */
export type ParsedRulesText = ParsedYamlText;

/** A gate rules file, as the YAML parser names and codes its errors. */
const rulesFile: YamlFileKind = {
  invalid: 'rules-invalid',
  aliases: 'rules-aliases',
  name: 'rules file',
  topKeys: ['assertions', 'extends', '$schema'],
};

/** Parses a rules file in YAML or JSON (see parseYamlText). */
export function parseRulesText(text: string, file: string): ParsedRulesText {
  return parseYamlText(text, file, rulesFile);
}
