/** Compact one-line JSON for rows and lists (full bodies go through JsonView). Pure. */
import type { JsonPreview } from '../../../shared/run/json-preview';

/** `value` as single-line JSON cut to `max` characters with an ellipsis. */
export function oneLine(value: unknown, max = 160): string {
  let text: string;
  if (typeof value === 'string') text = value;
  else {
    try {
      text = JSON.stringify(value) ?? 'undefined';
    } catch {
      text = String(value);
    }
  }
  text = text.replace(/\s+/g, ' ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** One line of a JsonPreview (a cut preview is marked as such). */
export function previewLine(preview: JsonPreview | undefined, max = 160): string {
  if (!preview) return '';
  if (preview.truncated) return oneLine(preview.text, max - 1) + '…';
  return oneLine(preview.value, max);
}
