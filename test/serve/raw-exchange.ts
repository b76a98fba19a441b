import { connect } from 'node:net';

/**
 * What came back on a raw connection: the status, headers (lower-case names), body, and whether the server closed it.
 */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** ms from the last byte sent to the end of the connection. */
  elapsedMs: number;
}

/**
 * Sends `bytes` as they are on a TCP connection to the emulator at `url` (no HTTP
 * client, so that malformed and stalled requests reach the server as written) and
 * reads until the server ends the connection, or rejects after `giveUpMs`.
 */
export function rawExchange(url: string, bytes: string | Buffer, giveUpMs = 10_000): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const chunks: Buffer[] = [];
    let sentAt = 0;
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(
          `no end of the connection within ${giveUpMs} ms; received: ${JSON.stringify(Buffer.concat(chunks).toString('latin1'))}`,
        ),
      );
    }, giveUpMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const elapsedMs = performance.now() - sentAt;
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const head = split < 0 ? text : text.slice(0, split);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(statusLine)?.[1] ?? 0),
        headers,
        body: split < 0 ? '' : text.slice(split + 4),
        elapsedMs,
      });
    });
    socket.on('connect', () => {
      socket.write(bytes, () => {
        sentAt = performance.now();
      });
    });
  });
}
