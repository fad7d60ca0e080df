/**
 * The checks of a file the browser PUT straight to the store (S3 storage), run on the stored
 * object: the same checks the disk PUT route runs on the bytes it receives (uploads.ts
 * receiveUpload): byte size, MD5 against the declared checksum, and the type by the first bytes
 * (a ranged read), never by the name.
 *
 * - Read-only: the caller decides what a refusal means (uploads.ts refuses the task that names the
 *   file; storage-sweep.ts deletes an abandoned row with its object).
 */
import { MAX_FILE_BYTES, UPLOAD_MESSAGES } from '../../../src/api/contracts/activities';
import type { files } from '../../db/schema/activities';
import type { FileStorage } from './file-storage';
import { md5Base64, md5Hex, SNIFF_BYTES, sniffType } from './storage';

type Declared = Pick<typeof files.$inferSelect, 'storage_key' | 'byte_size' | 'checksum' | 'content_type'>;

export const SIZE_MISMATCH = 'The file size does not match';

/** null when the stored object is the declared file; else why not (an UPLOAD_MESSAGES text). */
export async function checkStored(storage: FileStorage, row: Declared): Promise<string | null> {
  const stored = await storage.head(row.storage_key);
  if (!stored) return UPLOAD_MESSAGES.required;
  if (stored.size > MAX_FILE_BYTES) return UPLOAD_MESSAGES.size;
  if (stored.size !== row.byte_size) return SIZE_MISMATCH;
  // A plain PUT's ETag is its MD5; a store whose ETags are not (KMS, multipart): read the small file.
  const bytes = stored.md5Hex ? null : await storage.get(row.storage_key);
  const md5 = stored.md5Hex ?? (bytes ? md5Hex(md5Base64(bytes)) : null);
  if (!row.checksum || md5 !== md5Hex(row.checksum)) return UPLOAD_MESSAGES.checksum;
  const start = await storage.readStart(row.storage_key, SNIFF_BYTES);
  if (!start || sniffType(start) !== row.content_type) return UPLOAD_MESSAGES.type;
  return null;
}
