/** Business Details' insurance on file: which covers show and which are expired (spec part 2 §2). */
import { describe, expect, it } from 'vitest';
import { insuranceCovers } from '../../../../src/features/account-settings/insurance-summary';

const file = {
  id: 1,
  filename: 'gl.pdf',
  byte_size: 2048,
  signed_id: 's',
  extention: 'application/pdf',
  activity_id: null,
};
const none = {
  general_expiration_date: null,
  general_liability_insurance_certificate: [],
  workers_compensation: false,
  workers_comp_expiration_date: null,
  workers_compensation_policies: [],
  activity_id: null,
};

describe('insurance covers', () => {
  it('lists nothing when no cover has a date or a certificate', () => {
    expect(insuranceCovers(none, '2026-11-25')).toEqual([]);
  });

  it('flags a cover expired only when its date is before today', () => {
    const covers = insuranceCovers(
      {
        ...none,
        general_expiration_date: '2026-11-24',
        general_liability_insurance_certificate: [file],
        workers_comp_expiration_date: '2026-11-25',
      },
      '2026-11-25',
    );
    expect(covers.map((c) => [c.name, c.expired, c.files.length])).toEqual([
      ['General Liability', true, 1],
      ["Workers' Compensation", false, 0],
    ]);
  });
});
