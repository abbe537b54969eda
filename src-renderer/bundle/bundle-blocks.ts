/**
 * The bundle page's data blocks (shared/bundle/bundle-types.ts): base64 text in non-executed
 * script elements, gzip inside, unpacked with the browser's own DecompressionStream (no network,
 * no inflater of ours).
 */
import { BUNDLE_BLOCK_IDS, BUNDLE_FORMAT, type BundleBlock, type BundleModel, type BundleRow } from '../../shared/bundle/bundle-types';
import { diagnostic, fail, ok, type Result } from '../../shared/diagnostics';

/** True when this page carries a bundle (the viewer build opened as a file). */
export function pageHasBundle(doc: Document | undefined = typeof document === 'undefined' ? undefined : document): boolean {
  return doc?.getElementById(BUNDLE_BLOCK_IDS.model) != null;
}

/** Everything the page carries, unpacked. */
export type BundleData = { model: BundleModel; rows: BundleRow[]; bodies: Uint8Array };

/** Unpack the page's blocks; a damaged or foreign page is a diagnostic, never a throw. */
export async function readBundle(doc: Document = document): Promise<Result<BundleData>> {
  try {
    const [model, rows, bodies] = await Promise.all((['model', 'rows', 'bodies'] as BundleBlock[]).map((block) => unpack(doc, block)));
    const decoder = new TextDecoder();
    const parsed = JSON.parse(decoder.decode(model)) as BundleModel;
    if (parsed?.format !== BUNDLE_FORMAT) return fail(diagnostic('invalid-argument', `This page holds no ${BUNDLE_FORMAT} data (found ${JSON.stringify(parsed?.format ?? null)}).`));
    return ok({ model: parsed, rows: JSON.parse(decoder.decode(rows)) as BundleRow[], bodies });
  } catch (error) {
    return fail(diagnostic('invalid-argument', `The bundle's data could not be read: ${(error as Error).message}`));
  }
}

async function unpack(doc: Document, block: BundleBlock): Promise<Uint8Array> {
  const text = doc.getElementById(BUNDLE_BLOCK_IDS[block])?.textContent;
  if (text == null) throw new Error(`the ${block} block is missing`);
  const binary = atob(text.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}
