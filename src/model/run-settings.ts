/**
 * The config file a run read: what every machine-readable output records of it, so that
 * a setting no command line shows can still be seen, and the file's bytes told apart from
 * any later edit of it.
 */
export interface ConfigRecord {
  /** Its path as the run showed it: relative to the working directory, or as `--config` named it. */
  path: string;
  /** The SHA-256 of the bytes read, in lowercase hex. */
  sha256: string;
  /** `named` when `--config` gave it; `search` when found from the working directory upward. */
  found: 'named' | 'search';
  /** The options it set that the run used (a flag given on the command line wins over the file), sorted. */
  keys: string[];
  /** The keys among {@link keys} that weaken the verdict (see the README, "Config file"), sorted. */
  weakening: string[];
}

/**
 * The settings a run was made with, beside its verdict: the config file (when one was
 * read) and each option's value in force, whatever set it.
 */
export interface RunSettings {
  /** The config file read, or null when the run read none. */
  config: ConfigRecord | null;
  /** Each option that a config file may set and the command takes, at its value in force, by its long name. */
  effective: Record<string, unknown>;
}
