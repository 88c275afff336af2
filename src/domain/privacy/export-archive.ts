import { strToU8, zipSync, type Zippable } from 'fflate';
import { EXPORT_DOCUMENT_NAME, type AccountExport, type ExportStep } from './account-export.ts';

/** The file a person downloads (and the CLI writes by default). */
export const EXPORT_ARCHIVE_NAME = 'launchyard-export.zip';

/** Pictures are fetched a few at a time: the storage is another server when it is S3. */
const FETCH_AT_ONCE = 4;

/**
 * The zip a person gets: launchyard-export.json, then each picture under files/. A picture the
 * storage no longer has (deleted between the reads and now) is named under files_missing rather
 * than failing the whole export. Pictures are stored as they are (already compressed); the
 * document is deflated. Everything is in memory: an account's pictures are a few MB at most
 * (a logo and 8 gallery images per listing).
 */
export async function packAccountExport(built: AccountExport, read: (key: string) => Promise<Buffer | null>, step?: ExportStep): Promise<Buffer> {
  const found = new Map<string, Buffer>();
  const missing: string[] = [];
  for (let i = 0; i < built.files.length; i += FETCH_AT_ONCE) {
    const batch = built.files.slice(i, i + FETCH_AT_ONCE);
    const bodies = await Promise.all(batch.map((f) => read(f.key)));
    batch.forEach((f, j) => (bodies[j] ? found.set(f.path, bodies[j]) : missing.push(f.path)));
    await step?.(Math.min(1, (i + batch.length) / built.files.length), `Your pictures (${i + batch.length} of ${built.files.length})`);
  }
  const document = { ...built.document, files: built.files.map((f) => f.path).filter((p) => found.has(p)), ...(missing.length ? { files_missing: missing } : {}) };
  const generatedAt = built.document.generated_at instanceof Date ? built.document.generated_at : new Date();
  const entries: Zippable = { [EXPORT_DOCUMENT_NAME]: [strToU8(`${JSON.stringify(document, null, 2)}\n`), { level: 6 }] };
  for (const [path, body] of found) entries[path] = [new Uint8Array(body.buffer, body.byteOffset, body.byteLength), { level: 0 }];
  const zip = zipSync(entries, { mtime: generatedAt });
  return Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength);
}
