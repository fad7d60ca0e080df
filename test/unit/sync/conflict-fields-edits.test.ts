/**
 * The conflict view's words for the records given versions last (counties, details, the logo):
 * the field labels the forms use, zip lists as typed, and a file the change uploads.
 */
import { describe, expect, it } from 'vitest';
import { conflictFields } from '../../../src/sync/ui/conflict-fields';

describe('conflicts of counties, details and the logo in plain words', () => {
  it('names the fields as their forms do', () => {
    expect(conflictFields({ locations: ['78701', '78702'] }, { locations: ['78702'] })).toEqual([
      { name: 'locations', label: 'Targeted zip codes', mine: '78701, 78702', theirs: '78702' },
    ]);
    expect(
      conflictFields(
        { step: '2', founder: 'Ana', established_year: 1998, owned: ['local'], other_owned: null },
        { founder: 'Ana', established_year: 2001, owned: ['family_owned'], other_owned: null },
      ).map((f) => [f.label, f.mine, f.theirs]),
    ).toEqual([
      ['Year established', '1998', '2001'],
      ['Company size', 'Local', 'Family owned'],
    ]);
    expect(
      conflictFields({ emp_distinctions: ['wear_uniforms'] }, { emp_distinctions: [] })[0],
    ).toMatchObject({ label: 'Our employees', mine: 'Wear uniforms', theirs: '(empty)' });
  });

  it('says a logo upload is a new file, and a removal leaves none', () => {
    const upload = { logo: { $upload: 0, $field: 'signed_id' }, activity_id: null, based_on_version: 2 };
    expect(conflictFields(upload, { logo: 'theirs.png' })).toEqual([
      { name: 'logo', label: 'Logo', mine: 'A new file from this device', theirs: 'theirs.png' },
    ]);
    expect(conflictFields({ based_on_version: 2 }, { logo: 'theirs.png' })).toEqual([
      { name: 'logo', label: 'Logo', mine: '(empty)', theirs: 'theirs.png' },
    ]);
  });
});
