/**
 * The run id in the run header: one line, cut with an ellipsis when the header is short of
 * room (a 200-character id wrapped to four lines before), the whole id in its title and a
 * button that copies it.
 */
import { useState } from 'react';
import { copyText } from '../../components/copy-text';
import { toast } from '../../stores/toast-store';

export function RunIdHeading({ runId }: { runId: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const done = await copyText(runId);
    if (!done) toast('error', 'Could not copy the run id to the clipboard');
    setCopied(done);
    if (done) setTimeout(() => setCopied(false), 1500);
  };
  return (
    <>
      <h2 className="mono run-header-id" title={runId}>{runId}</h2>
      <button type="button" className="run-header-copy" title="Copy the whole run id" onClick={() => void copy()}>
        {copied ? 'Copied' : 'Copy id'}
      </button>
    </>
  );
}
