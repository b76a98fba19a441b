/** What a config file's value for an option is checked against: the option's own declaration. */
export interface OptionFact {
  type: 'boolean' | 'number' | 'string';
  array: boolean;
  choices: readonly string[] | undefined;
  /** A positional argument (`inputs`): what the command reads, never set by a config file. */
  positional: boolean;
  /** The option's coerce function, which checks a value as it checks the flag's. */
  coerce: ((value: unknown) => unknown) | undefined;
}

/**
 * The options a config file may name, as the command line declares them: the file is
 * checked against the same declarations as the flags, so the two cannot drift apart.
 */
export interface OptionFacts {
  /** The options of the file's top level, which apply to every command that declares them. */
  shared: ReadonlyMap<string, OptionFact>;
  /** The commands' names, each of which may have a section, in the order the help lists them. */
  commands: readonly string[];
  /**
   * A command's options. Asked only for the sections a file has: reading a command's
   * declarations back costs a parser each, and a run reads one or two of a dozen.
   */
  optionsOf(command: string): ReadonlyMap<string, OptionFact>;
}
