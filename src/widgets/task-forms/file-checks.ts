/**
 * The client's checks of a chosen file (spec part 2 §5, §9), the same limits the server applies:
 * png, jpeg or pdf (logo: png or jpeg), at most 2MB; and the size as the spec displays it.
 */
import { MAX_FILE_BYTES, TASK_FILE_TYPES, UPLOAD_MESSAGES } from '../../api/contracts/activities';

export function taskFileError(file: File, types: readonly string[] = TASK_FILE_TYPES): string | null {
  if (!types.includes(file.type)) return UPLOAD_MESSAGES.type;
  if (file.size > MAX_FILE_BYTES) return UPLOAD_MESSAGES.size;
  return null;
}

/** KB under 1 MB, else MB. */
export function fileSizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
