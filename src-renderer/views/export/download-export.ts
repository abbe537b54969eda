/** Save an exported report in browser mode: a Blob and a temporary download link. */
import type { RunExport } from '../../../shared/report-export/run-export-types';

/** The bytes of an export (PDF arrives base64-encoded). */
export function exportBytes(exported: Pick<RunExport, 'content' | 'encoding'>): Uint8Array | string {
  if (exported.encoding !== 'base64') return exported.content;
  const binary = atob(exported.content);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Start the browser's download of `exported` (a report, or a bundle). */
export function downloadExport(exported: Pick<RunExport, 'fileName' | 'mimeType' | 'encoding' | 'content'>): void {
  const blob = new Blob([exportBytes(exported) as BlobPart], { type: exported.mimeType });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exported.fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, not before the download starts.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
