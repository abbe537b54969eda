/**
 * The one place notices appear (stores/toast-store.ts): the bottom right corner, over the page.
 * The status list is always in the page (a live region must exist before its text changes for
 * screen readers to read it); successes are polite status, errors alerts.
 */
import { useToastStore, type Toast } from '../../stores/toast-store';
import './toast-region.css';

/** Mounted once (app.tsx). */
export function ToastRegion() {
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  return (
    <div className="toast-region" role="region" aria-label="Notifications">
      <div role="status" aria-live="polite" className="toast-list">
        {toasts.filter((t) => t.tone === 'success').map((t) => <ToastItem key={t.id} toast={t} onDismiss={dismiss} />)}
      </div>
      {/* An alert is read when it appears: the list is there only while it holds one (an empty alert would be one more alert on the page). */}
      {toasts.some((t) => t.tone === 'error') && (
        <div role="alert" aria-live="assertive" className="toast-list">
          {toasts.filter((t) => t.tone === 'error').map((t) => <ToastItem key={t.id} toast={t} onDismiss={dismiss} />)}
        </div>
      )}
    </div>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss(id: number): void }) {
  return (
    <div className={`toast toast-${toast.tone}`} data-testid="toast">
      <span className="toast-text">{toast.text}</span>
      <button type="button" className="toast-close" aria-label="Dismiss" onClick={() => onDismiss(toast.id)}>×</button>
    </div>
  );
}
