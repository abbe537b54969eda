/**
 * The one place notices appear (stores/toast-store.ts): the bottom right corner, over the page.
 * The region is always in the page (a live region must exist before its text changes for
 * screen readers to read it); successes are polite status, errors alerts.
 */
import { useToastStore } from '../../stores/toast-store';
import './toast-region.css';

/** Mounted once (app.tsx). */
export function ToastRegion() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="toast-region" role="region" aria-label="Notifications">
      <div role="status" aria-live="polite" className="toast-list">
        {toasts.filter((t) => t.tone === 'success').map((t) => (
          <div key={t.id} className="toast toast-success" data-testid="toast">
            <span className="toast-text">{t.text}</span>
            <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>×</button>
          </div>
        ))}
      </div>
      <div role="alert" aria-live="assertive" className="toast-list">
        {toasts.filter((t) => t.tone === 'error').map((t) => (
          <div key={t.id} className="toast toast-error" data-testid="toast">
            <span className="toast-text">{t.text}</span>
            <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => dismiss(t.id)}>×</button>
          </div>
        ))}
      </div>
    </div>
  );
}
