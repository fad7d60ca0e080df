import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { contentMd5 } from '../../../src/sync/md5';

describe('contentMd5', () => {
  it('is the base64 MD5 of the bytes, at every padding boundary', async () => {
    for (const size of [0, 1, 55, 56, 63, 64, 65, 1000, 100_000]) {
      const bytes = new Uint8Array(size).map((_, i) => (i * 31 + 7) & 255);
      expect(await contentMd5(new Blob([bytes]))).toBe(createHash('md5').update(bytes).digest('base64'));
    }
    expect(await contentMd5(new Blob(['']))).toBe('1B2M2Y8AsgTpgAmY7PhCfg==');
  });
});
