import type { OutputBody } from '../../src/jobs/outputs/output-to-write.js';

/** An output's body as text, its chunks joined: what the command line would write. */
export async function outputText(body: OutputBody): Promise<string> {
  if (typeof body === 'string') return body;
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  let text = '';
  for await (const chunk of body) text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  return text;
}
