/** The task forms' client rules: file checks by content, the company wizard's steps and choices. */
import { describe, expect, it } from 'vitest';
import { toggleChoice } from '../../../../src/widgets/task-forms/company-steps';
import {
  HALF_HOURS,
  stepBody,
  stepErrors,
  toValues,
} from '../../../../src/widgets/task-forms/company-values';
import { checkTaskFile, fileSizeText } from '../../../../src/widgets/task-forms/file-checks';

const file = (bytes: number[] | Uint8Array, name: string, type: string) =>
  new File([new Uint8Array(bytes)], name, { type });

describe('task file checks', () => {
  it('accepts a real PDF and refuses a renamed executable or a wrong type', async () => {
    expect(await checkTaskFile(file([...Buffer.from('%PDF-1.4\n')], 'a.pdf', 'application/pdf'))).toBeNull();
    expect(await checkTaskFile(file([0x4d, 0x5a, 0, 0, 0], 'a.pdf', 'application/pdf'))).toBe(
      'File type is not supported, only images (jpeg/png) and pdf are allowed',
    );
    expect(await checkTaskFile(file([1], 'a.gif', 'image/gif'))).toBe(
      'File type is not supported, only images (jpeg/png) and pdf are allowed',
    );
    const big = new Uint8Array(2 * 1024 * 1024 + 1);
    big.set([0x25, 0x50, 0x44, 0x46, 0x2d]);
    expect(await checkTaskFile(file(big, 'big.pdf', 'application/pdf'))).toBe(
      'File exceed the maximum file size of 2MB',
    );
    expect(
      await checkTaskFile(file([0x25, 0x50, 0x44, 0x46, 0x2d], 'a.pdf', 'application/pdf'), ['image/png'], {
        type: 'Only images (PNG/JPEG) are allowed',
        size: 'Image size is too large',
      }),
    ).toBe('Only images (PNG/JPEG) are allowed');
  });

  it('shows sizes in KB under 1 MB, else MB', () => {
    expect(fileSizeText(500 * 1024)).toBe('500 KB');
    expect(fileSizeText(1.5 * 1024 * 1024)).toBe('1.5 MB');
  });
});

describe('company details wizard rules', () => {
  it('makes other and not_applicable exclusive', () => {
    expect(toggleChoice(['local', 'family_owned'], 'other', 'other')).toEqual(['other']);
    expect(toggleChoice(['other'], 'local', 'other')).toEqual(['local']);
    expect(toggleChoice(['wear_uniforms'], 'not_applicable', 'not_applicable')).toEqual(['not_applicable']);
    expect(toggleChoice(['local'], 'local', 'other')).toEqual([]);
  });

  it('checks each step with the spec messages', () => {
    const values = toValues(undefined);
    expect(values.operations_hours.find((h) => h.day === 'saturday')?.is_opened).toBe(false);
    expect(stepErrors(values, 1)).toEqual({
      company_quote: 'Company quote is required',
      title: 'Person’s title is required',
      business_address: 'This field is required*',
    });
    expect(stepErrors({ ...values, established_year: '2999', owned: ['other'] }, 2, 2026)).toEqual({
      established_year: 'Year cannot exceed 2026',
      other_owned: 'Other company size is required',
    });
    expect(stepErrors(values, 2).owned).toBe('Please select company size');
    expect(stepErrors(values, 3).operations_hours).toBe('Please select from and to hours for open days');
    expect(stepErrors(values, 4).emp_distinctions).toBe('Please select employee distinctions');
    expect(
      stepBody({ ...values, established_year: '1999', owned: ['local'], other_owned: 'x' }, 2),
    ).toMatchObject({
      step: '2',
      established_year: 1999,
      other_owned: null,
    });
  });

  it('offers half-hour slots from 09:00AM around the clock', () => {
    expect(HALF_HOURS).toHaveLength(48);
    expect(HALF_HOURS.slice(0, 3)).toEqual(['09:00AM', '09:30AM', '10:00AM']);
    expect(HALF_HOURS).toContain('12:00PM');
    expect(HALF_HOURS).toContain('12:00AM');
  });
});
