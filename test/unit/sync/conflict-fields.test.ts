import { describe, expect, it } from 'vitest';
import { conflictFields, valueText } from '../../../src/sync/ui/conflict-fields';

describe('a conflict in plain words', () => {
  it('compares only the fields that differ, by the server record, without bookkeeping', () => {
    const mine = { review_type: 'wrong_number', note: 'Mine.', based_on_version: 0 };
    const current = { review_type: 'duplicate', note: 'Mine.' };
    expect(conflictFields(mine, current)).toEqual([
      { name: 'review_type', label: 'Review type', mine: 'Wrong number', theirs: 'Duplicate' },
    ]);
    // Fields the change left out count as empty; fields only the change has (a pause's length) do not show.
    expect(conflictFields({ status: 'paused', pause_duration: 3 }, { status: 'active' })).toEqual([
      { name: 'status', label: 'Status', mine: 'Paused', theirs: 'Active' },
    ]);
    expect(
      conflictFields(
        { destination_phone: '5125550111' },
        { destination_phone: '5125550111', sms_phone: '5125550199' },
      ),
    ).toEqual([{ name: 'sms_phone', label: 'Sms phone', mine: '(empty)', theirs: '5125550199' }]);
    expect(conflictFields({ a: 'same' }, { a: 'same' })).toEqual([]);
  });

  it('says values as a person would', () => {
    expect(valueText(true)).toBe('Yes');
    expect(valueText('')).toBe('(empty)');
    expect(valueText(['hvac', 'plumbing'])).toBe('Hvac, Plumbing');
    expect(valueText('leads@reyes-air.example')).toBe('leads@reyes-air.example');
    expect(
      valueText([
        { day: 'monday', is_opened: true, is_24_hours: false, from: '08:00', to: '17:30' },
        { day: 'tuesday', is_opened: true, is_24_hours: true, from: null, to: null },
        { day: 'sunday', is_opened: false, is_24_hours: false, from: null, to: null },
      ]),
    ).toBe('Monday 08:00\u201317:30, Tuesday 24 hours, Sunday closed');
  });
});
