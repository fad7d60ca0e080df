/**
 * The client's checks of a chosen file (spec part 2 §5, §9), the same limits the server applies:
 * png, jpeg or pdf (logo: png or jpeg), at most 2MB; and the size as the spec displays it.
 */
import { MAX_FILE_BYTES, TASK_FILE_TYPES, UPLOAD_MESSAGES } from '../../api/contracts/activities';

export type FileMessages = { type: string; size: string };
const TASK_MESSAGES: FileMessages = { type: UPLOAD_MESSAGES.type, size: UPLOAD_MESSAGES.size };

function taskFileError(file: File, types: readonly string[], messages: FileMessages): string | null {
  if (!types.includes(file.type)) return messages.type;
  if (file.size > MAX_FILE_BYTES) return messages.size;
  return null;
}

/** KB under 1 MB, else MB. */
export function fileSizeText(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The type a file's first bytes say it is (png, jpeg, pdf), or null: as the server checks it. */
async function sniffFileType(file: Blob): Promise<string | null> {
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
  const starts = (bytes: number[]) => bytes.every((b, i) => head[i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'application/pdf';
  return null;
}

/** The declared checks, then the content: a renamed file is refused with the type message. */
export async function checkTaskFile(
  file: File,
  types: readonly string[] = TASK_FILE_TYPES,
  messages: FileMessages = TASK_MESSAGES,
): Promise<string | null> {
  const declared = taskFileError(file, types, messages);
  if (declared) return declared;
  return (await sniffFileType(file)) === file.type ? null : messages.type;
}
