/**
 * A text cut short (a preview or a `--max-text` cap: `{ truncated: true, text, totalChars }`) may
 * end in half a secret that no rule recognises any more (`sk-proj-AbC…` cut after eight
 * characters, an AWS key id one character short): a redacting export drops that last unfinished
 * token before the rules run. Used by the report and the bundle alike.
 */
const TRAILING_TOKEN = /[A-Za-z0-9_\-+/=.%~@:]+$/;

/** A cut text as the report and the run model hold it. */
type CutText = { truncated: true; text: string; totalChars: number };

function isCutText(value: object): value is CutText {
  const v = value as Partial<CutText>;
  return v.truncated === true && typeof v.text === 'string' && typeof v.totalChars === 'number';
}

/**
 * A copy of `value` where every cut text lost its trailing partial token. Below `maxDepth` levels
 * nothing is copied or changed: the redactor replaces anything that deep whole.
 */
export function dropCutTokens(value: unknown, maxDepth: number, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth >= maxDepth) return value;
  if (Array.isArray(value)) return value.map((item) => dropCutTokens(item, maxDepth, depth + 1));
  if (isCutText(value)) return { ...value, text: value.text.replace(TRAILING_TOKEN, '') };
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, dropCutTokens(v, maxDepth, depth + 1)]));
}
