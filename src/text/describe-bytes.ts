/** A size for a message: GiB to one decimal, MiB whole, else KiB rounded up (so nothing reads as 0). */
export function describeBytes(bytes: number): string {
  if (bytes >= 2 ** 30) return `${(bytes / 2 ** 30).toFixed(1)} GiB`;
  if (bytes >= 2 ** 20) return `${Math.round(bytes / 2 ** 20)} MiB`;
  return `${Math.ceil(bytes / 1024)} KiB`;
}
