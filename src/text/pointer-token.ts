/**
 * A JSON Pointer token (RFC 6901): `~` written `~0` and `/` written `~1`, in that order,
 * so that the `~` of a `~1` is not escaped again. A token with neither is returned as is.
 */
export function escapePointerToken(token: string): string {
  if (!token.includes('~') && !token.includes('/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}
