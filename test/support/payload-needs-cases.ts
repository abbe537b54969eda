/**
 * Payload texts where JSON5, lenient parsers and SQLite's JSON limits differ from JSON.parse,
 * and the check that a reader given payload needs leaves out only what JSON.parse reads as an
 * object (used with better-sqlite3 and, under Node 22, node:sqlite: their SQLite versions differ).
 */
import { expect } from 'vitest';
import { UNREAD_PAYLOAD } from '../../shared/events/payload-needs';
import { FOLD_PAYLOAD_NEEDS } from '../../shared/fold/folded-event-types';
import { MAX_JSON_DEPTH } from '../../shared/json-depth';
import type { DataDirReader } from '../../src-main/sources/little-workflow/store-types';
import type { FixtureEvent } from './store-test-fixtures';

const deep = (levels: number) => `{"a":${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;

/** The texts, each stored once under a type the fold does not read and once under one it does. */
export const PAYLOAD_TEXTS = [
  '{}', '{"a":1}', ' {"a":1}', '{"a":1} ', '{"a":1}\n', '{"a":1}x', '{"a":1,}', "{'a':1}", '{a:1}', '{"a":0x10}',
  '{"a":.5}', '{"a":5.}', '{"a":+1}', '{"a":NaN}', '{"a":Infinity}', '{"a":-Infinity}', '{"a":"\\x41"}', '{"a":"\\\'"}',
  '{"a":"line\ncontinued"}', '{"a":"tab\there"}', '{"a":"\\u00e9"}', '{"a":"\\ud800"}', '{"a":1}\u0000', '{"a":"x\u0000y"}',
  '{"a":1}\u0000}', '{"a":1e999}', '{"a":1E+2}', '{"a":-0}', '{"a":[1,2,]}', '{"a":1}\f', '{"a":1}\v', '{"a":1}\u00a0',
  '{"a":1}\u2028', '\ufeff{"a":1}', '{"a":1}/*c*/', '{"a":1}//c', '{"a":"\\/"}', '{"a":"a\\\nb"}', '{"a":01}',
  '{"a":1,"a":2}', '{"a" :1 }', '{"__proto__":{"x":1}}', '{"a":"\u0001"}', '{"a":"\u007f"}', '{"a":true,"b":null,"c":false}',
  '{"a":tru}', '{"\u00e9":1}\u0000', '{"a":"\u00e9"}\u0000x', '{"a":"\u20ac"}', '{"a":"\ud83d\ude00"}\u0000}', '{"a":"\u00e9\u0000"}', deep(MAX_JSON_DEPTH - 1), deep(MAX_JSON_DEPTH), deep(MAX_JSON_DEPTH + 1), deep(MAX_JSON_DEPTH + 2),
  'null', '[]', '[1]', '"s"', '5', 'true', '', ' ', '{', '}',
];

/** The run and the type the fold does not read. */
export const NEEDS_RUN = 'run_payload_needs';
const UNREAD_TYPE = 'harness.session.started';

/** The rows to write: each text under the unread type, then under StepCompleted. */
export function payloadNeedsRows(): FixtureEvent[] {
  return PAYLOAD_TEXTS.flatMap((payloadText) => [
    { runId: NEEDS_RUN, type: UNREAD_TYPE, payloadText },
    { runId: NEEDS_RUN, type: 'StepCompleted', payloadText },
  ]);
}

/** Read the rows with and without the fold's needs; returns how many payloads were left out. */
export function expectNeedsAgreeWithJsonParse(reader: DataDirReader): number {
  const all = [...reader.readEvents(NEEDS_RUN)];
  const lite = [...reader.readEvents(NEEDS_RUN, 0, undefined, FOLD_PAYLOAD_NEEDS)];
  expect(lite).toHaveLength(all.length);
  let unread = 0;
  lite.forEach((read, index) => {
    const full = all[index];
    const text = PAYLOAD_TEXTS[Math.floor(index / 2)];
    if (read.ok && read.event.payload === UNREAD_PAYLOAD) {
      unread += 1;
      expect(read.event.type, JSON.stringify(text)).toBe(UNREAD_TYPE);
      const payload = full.ok ? full.event.payload : undefined;
      expect({ text, object: typeof payload === 'object' && payload !== null && !Array.isArray(payload) }).toEqual({ text, object: true });
      expect({ ...read.event, payload: null }).toEqual({ ...(full.ok ? full.event : {}), payload: null });
    } else {
      expect(read, JSON.stringify(text)).toEqual(full);
    }
  });
  return unread;
}

