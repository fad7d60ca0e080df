/**
 * MD5 of a file's bytes, base64-encoded, for the Content-MD5 header the direct upload's storage
 * checks (spec part 2 §7: "the file with content-MD5 checksum headers"). Web Crypto has no MD5,
 * hence this small implementation (RFC 1321). Not for security: only an integrity check.
 */
const SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** The padded message as little-endian 32-bit words. */
function words(bytes: Uint8Array): Uint32Array {
  const length = (((bytes.length + 8) >>> 6) + 1) * 16;
  const out = new Uint32Array(length);
  for (let i = 0; i < bytes.length; i += 1) out[i >> 2] |= bytes[i] << ((i % 4) * 8);
  out[bytes.length >> 2] |= 0x80 << ((bytes.length % 4) * 8);
  const bits = bytes.length * 8;
  out[length - 2] = bits >>> 0;
  out[length - 1] = Math.floor(bits / 2 ** 32) >>> 0;
  return out;
}

/** The 16-byte digest. */
function md5(bytes: Uint8Array): Uint8Array {
  const x = words(bytes);
  let [a0, b0, c0, d0] = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let block = 0; block < x.length; block += 16) {
    let [a, b, c, d] = [a0, b0, c0, d0];
    for (let i = 0; i < 64; i += 1) {
      const round = i >> 4;
      let f: number;
      let g: number;
      if (round === 0) [f, g] = [(b & c) | (~b & d), i];
      else if (round === 1) [f, g] = [(d & b) | (~d & c), (5 * i + 1) % 16];
      else if (round === 2) [f, g] = [b ^ c ^ d, (3 * i + 5) % 16];
      else [f, g] = [c ^ (b | ~d), (7 * i) % 16];
      const sum = (a + f + K[i] + x[block + g]) >>> 0;
      const shift = SHIFTS[round * 4 + (i % 4)];
      [a, d, c] = [d, c, b];
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    a0 = (a0 + a) >>> 0;
    b0 = (b0 + b) >>> 0;
    c0 = (c0 + c) >>> 0;
    d0 = (d0 + d) >>> 0;
  }
  const digest = new Uint8Array(16);
  const view = new DataView(digest.buffer);
  for (const [i, word] of [a0, b0, c0, d0].entries()) view.setUint32(i * 4, word, true);
  return digest;
}

/** Base64 MD5 of a Blob (the Content-MD5 value). */
export async function contentMd5(blob: Blob): Promise<string> {
  const digest = md5(new Uint8Array(await blob.arrayBuffer()));
  return btoa(String.fromCharCode(...digest));
}
