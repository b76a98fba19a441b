// Where a long word reads best when it must break: between the words of a camel-case
// name (BackupVault|Service, HTTPS|Proxy) and after joiners (snake_case, kebab-case,
// dotted.names). A digit run counts as the end of a word (Ipv6|Address).
const partBoundary = /(?<=[\p{Ll}\p{Nd}])(?=\p{Lu})|(?<=\p{Lu})(?=\p{Lu}\p{Ll})|(?<=[_\-.:=])(?=[^_\-.:=])/u;

/**
 * Splits a word too wide for its line into the parts a reader sees in it, so that a
 * cell breaks at a part (WindowsVirtual|Machines) rather than wherever the width runs
 * out (WindowsVirtualM|achines). A word without such parts is one part.
 */
export function wordParts(word: string): string[] {
  return word.split(partBoundary);
}
