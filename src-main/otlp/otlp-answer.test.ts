import { describe, expect, it } from 'vitest';
import { notOtlpReason } from './otlp-answer';

const answer = (status: number, contentType: string, body: string | Buffer) => ({ status, contentType, body: Buffer.isBuffer(body) ? body : Buffer.from(body) });

describe('notOtlpReason', () => {
  it.each([
    [answer(200, 'application/x-protobuf', ''), null],
    [answer(200, 'application/x-protobuf', Buffer.from([0x0a, 0x00])), null],
    [answer(200, 'application/protobuf', ''), null],
    [answer(200, 'application/json', '{}'), null],
    [answer(200, 'application/json; charset=utf-8', '{"partialSuccess":{"rejectedSpans":"0"}}'), null],
    [answer(200, 'application/vnd.otlp+json', '{}'), null],
    [answer(200, '', ''), null],
    [answer(204, 'text/plain', ''), null],
    // Not a 2xx: the exporter already reports it as refused.
    [answer(401, 'text/html', '<html>'), null],
    [answer(200, 'text/html', '<html>Sign in</html>'), 'content type text/html'],
    [answer(200, 'TEXT/HTML; charset=UTF-8', '<html>'), 'content type text/html'],
    [answer(200, 'text/html', ''), 'an empty text/html page'],
    [answer(200, '', 'ok'), 'no content type'],
    [answer(200, 'application/json', '<html>'), 'content type application/json but a body that is not JSON'],
    [answer(200, 'application/json', '[1]'), 'content type application/json but a body that is not an OTLP JSON response'],
    [answer(200, 'application/x-protobuf', '<html>'), 'content type application/x-protobuf but a body that is not an OTLP protobuf response'],
  ])('%#: %j', (given, reason) => {
    expect(notOtlpReason(given)).toBe(reason);
  });
});
