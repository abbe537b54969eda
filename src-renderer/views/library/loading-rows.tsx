/** Placeholder rows while the first library loads: the list's frame, so nothing jumps when runs arrive. */
import { RunTableHeaderStatic } from './run-table-header';

const ROWS = Array.from({ length: 8 }, (_, i) => i);

/** The column header and eight grey bars. */
export function LoadingRows() {
  return (
    <div className="lib-table lib-loading" role="status" aria-label="Loading runs">
      <RunTableHeaderStatic />
      {ROWS.map((i) => (
        <div key={i} className="lib-row lib-skeleton" aria-hidden="true">
          <span className="lib-bar" style={{ width: `${40 + ((i * 37) % 45)}%` }} />
        </div>
      ))}
    </div>
  );
}
