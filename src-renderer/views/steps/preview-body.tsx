/** A JsonPreview drawn honestly: text in a scroll box, JSON in the viewer, cut previews marked. */
import type { JsonPreview } from '../../../shared/run/json-preview';
import { JsonView } from '../../components/json-view';

/** Strings as text (a 300,000-character output stays readable), anything else as JSON. */
export function PreviewBody({ preview, label }: { preview: JsonPreview; label: string }) {
  if (preview.truncated) {
    return (
      <>
        <p className="muted">
          Preview: first {preview.text.length.toLocaleString('en-US')} of {preview.totalChars.toLocaleString('en-US')} characters of JSON.
        </p>
        <pre className="step-text" aria-label={label} tabIndex={0}>
          {preview.text}
        </pre>
      </>
    );
  }
  return <ValueBody value={preview.value} label={label} />;
}

/** A whole value: text for strings, the JSON viewer otherwise. */
export function ValueBody({ value, label }: { value: unknown; label: string }) {
  if (typeof value === 'string') {
    return (
      <>
        <p className="muted">Text, {value.length.toLocaleString('en-US')} characters.</p>
        <pre className="step-text" aria-label={label} tabIndex={0}>
          {value}
        </pre>
      </>
    );
  }
  return <JsonView value={value} label={label} expandDepth={2} />;
}
