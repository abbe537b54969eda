/**
 * Reading a request body with a hard size cap.
 *
 * The cap is enforced while reading, not after: a declared Content-Length over the limit is
 * refused before a byte is read, and a chunked body stops being read the moment it passes.
 */
import type { IncomingMessage } from 'node:http';

/** Largest request body the API accepts (64 KiB: requests are small argument objects). */
export const MAX_BODY_BYTES = 64 * 1024;

/** The body as text, or why there is none. */
export type BodyRead =
  | { kind: 'ok'; text: string }
  | { kind: 'too-large' }
  | { kind: 'not-utf8' }
  | { kind: 'aborted' };

/** Read the whole body as UTF-8, giving up as soon as it exceeds `limit` bytes. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyRead> {
  const declared = req.headers['content-length'];
  if (declared !== undefined && !(Number(declared) <= limit)) {
    return Promise.resolve({ kind: 'too-large' });
  }
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: BodyRead): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > limit) {
        // Stop pulling from the socket; the caller answers 413 and closes the connection.
        req.pause();
        finish({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      try {
        const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
        finish({ kind: 'ok', text });
      } catch {
        finish({ kind: 'not-utf8' });
      }
    };
    const onAbort = (): void => finish({ kind: 'aborted' });
    const onClose = (): void => {
      if (!req.complete) finish({ kind: 'aborted' });
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
  });
}
