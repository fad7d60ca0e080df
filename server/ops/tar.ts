/**
 * The backup file's format: a gzip-compressed POSIX tar (ustar), so an operator can list or
 * unpack a backup with the system's `tar -xzf` as well as with `npm run restore`.
 *
 * - Only what a backup holds: directories and regular files, with paths relative to DATA_DIR
 *   (`pglite/...`, `uploads/...`). Names longer than ustar's 100 + 155 characters are refused
 *   rather than cut, since a cut name would restore a different file.
 * - Reading refuses any entry that would land outside the target (an absolute path, `..`), and
 *   every entry type other than a file or a directory (links included): a backup file is data
 *   from wherever the operator found it, not something to trust.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import { createGunzip } from 'node:zlib';

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

/** Splits a path into ustar's prefix (up to 155) and name (up to 100) at a slash. */
function splitName(path: string): { prefix: string; name: string } {
  if (Buffer.byteLength(path) <= 100) return { prefix: '', name: path };
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) {
    const prefix = path.slice(0, at);
    const name = path.slice(at + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(name) <= 100) return { prefix, name };
  }
  throw new Error(`Path too long for the backup's tar format: ${path}`);
}

/** One ustar header block. */
export function tarHeader(path: string, size: number, type: 'file' | 'dir', mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  const { prefix, name } = splitName(type === 'dir' ? `${path}/` : path);
  header.write(name, 0, 100);
  header.write(octal(type === 'dir' ? 0o755 : 0o644, 8), 100);
  header.write(octal(0, 8), 108);
  header.write(octal(0, 8), 116);
  header.write(octal(size, 12), 124);
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136);
  header.write('        ', 148); // the checksum counts its own field as spaces
  header.write(type === 'dir' ? '5' : '0', 156);
  header.write('ustar\u000000', 257);
  header.write(prefix, 345, 155);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return header;
}

/** The zero bytes that pad a file's content to a whole block. */
export const tarPadding = (size: number) => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
/** Two zero blocks end an archive. */
export const tarEnd = () => Buffer.alloc(BLOCK * 2);

/** Every directory and file under `dir`, relative to it with `/` separators, parents first. */
export async function listTree(dir: string): Promise<{ path: string; dir: boolean }[]> {
  const found: { path: string; dir: boolean }[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(join(dir, relative), { withFileTypes: true });
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const entry of entries) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        found.push({ path, dir: true });
        await walk(path);
      } else if (entry.isFile()) {
        found.push({ path, dir: false });
      }
    }
  };
  await walk('');
  return found;
}

type Entry = { path: string; type: string; size: number };

function parseHeader(block: Buffer): Entry | null {
  if (block.every((byte) => byte === 0)) return null;
  const text = (start: number, length: number) =>
    block
      .subarray(start, start + length)
      .toString('utf8')
      .replace(/\0.*$/s, '');
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 32 : block[i];
  if (Number.parseInt(text(148, 8).trim(), 8) !== sum)
    throw new Error('Not a backup file (a tar header is damaged)');
  const prefix = text(345, 155);
  const name = text(0, 100);
  return {
    path: (prefix ? `${prefix}/${name}` : name).replace(/\/+$/, ''),
    type: text(156, 1) || '0',
    size: Number.parseInt(text(124, 12).trim() || '0', 8),
  };
}

/** Where an entry goes under `target`, or an error for a path that would leave it. */
function placeOf(target: string, path: string): string {
  const clean = normalize(path);
  if (!path || isAbsolute(path) || clean === '..' || clean.startsWith(`..${sep}`))
    throw new Error(`The backup names a path outside the data directory: ${path}`);
  return join(target, clean);
}

/**
 * Unpacks a .tar.gz into `target`; answers the top-level names it wrote. Streams: a file's
 * content goes to disk as it is read, never whole in memory.
 */
export async function unpackTarGz(file: string, target: string): Promise<Set<string>> {
  const tops = new Set<string>();
  let buffered: Buffer = Buffer.alloc(0);
  let current: { out: ReturnType<typeof createWriteStream>; left: number; pad: number } | null = null;
  let ended = false;
  const gunzip = createReadStream(file).pipe(createGunzip());
  for await (const chunk of gunzip as AsyncIterable<Buffer>) {
    buffered = buffered.length ? Buffer.concat([buffered, chunk]) : chunk;
    while (!ended) {
      if (current) {
        if (current.left > 0) {
          if (buffered.length === 0) break;
          const part = buffered.subarray(0, Math.min(current.left, buffered.length));
          buffered = buffered.subarray(part.length);
          current.left -= part.length;
          if (!current.out.write(part)) {
            const out = current.out;
            await new Promise<void>((drained) => out.once('drain', () => drained()));
          }
          continue;
        }
        if (buffered.length < current.pad) break;
        buffered = buffered.subarray(current.pad);
        const out = current.out;
        await new Promise<void>((done, failed) =>
          out.end((error?: Error | null) => (error ? failed(error) : done())),
        );
        current = null;
        continue;
      }
      if (buffered.length < BLOCK) break;
      const entry = parseHeader(buffered.subarray(0, BLOCK));
      buffered = buffered.subarray(BLOCK);
      if (!entry) {
        ended = true;
        break;
      }
      const place = placeOf(target, entry.path);
      tops.add(entry.path.split('/')[0]);
      if (entry.type === '5') {
        await mkdir(place, { recursive: true });
      } else if (entry.type === '0') {
        await mkdir(dirname(place), { recursive: true });
        current = {
          out: createWriteStream(place, { flags: 'wx' }),
          left: entry.size,
          pad: tarPadding(entry.size).length,
        };
      } else {
        throw new Error(`The backup holds an entry of a kind restore does not write (${entry.path})`);
      }
    }
  }
  if (current || !ended) throw new Error('The backup file is cut short (it ends inside the archive)');
  return tops;
}
