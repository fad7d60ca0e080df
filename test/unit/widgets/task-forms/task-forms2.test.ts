/**
 * The lead transfer and service area tasks' shared rules: which settings fields the lead transfer
 * form shows, and the contracts both the forms and the server check (activity_id accepted only by
 * the settings call's task body, zip code lists, the area's name).
 */
import { StructError, validate } from 'superstruct';
import { describe, expect, it } from 'vitest';
import { AccountSettingsBody, AccountSettingsTaskBody } from '../../../../src/api/contracts/account';
import { AreaLocationsBody, ServiceAreaFormBody } from '../../../../src/api/contracts/service-areas';
import { shownSettingsFields } from '../../../../src/widgets/lead-transfer/settings-fields';

const messageOf = (error: StructError | undefined) => error?.failures()[0]?.message;

describe('lead transfer form fields', () => {
  it('shows three destinations and SMS numbers only when several are allowed', () => {
    expect(shownSettingsFields(false)).toEqual([
      'destination_phone',
      'sms_phone',
      'email_notification',
      'email_notification_2',
      'email_notification_3',
    ]);
    expect(shownSettingsFields(true)).toHaveLength(9);
  });

  it('takes the task activity_id on the settings call, and the spec messages', () => {
    const body = { destination_phone: '5125550181', activity_id: 7 };
    expect(validate(body, AccountSettingsTaskBody)[0]).toBeUndefined();
    expect(validate(body, AccountSettingsBody)[0]).toBeInstanceOf(StructError);
    expect(messageOf(validate({ destination_phone: '' }, AccountSettingsTaskBody)[0])).toBe(
      'This field is required*',
    );
    expect(
      messageOf(
        validate({ destination_phone: '5125550181', email_notification: 'x@' }, AccountSettingsTaskBody)[0],
      ),
    ).toBe('Enter a valid email address');
  });
});

describe('service area contracts', () => {
  it('accepts lists of 5-digit zip codes only, and needs a name', () => {
    expect(validate({ locations: ['80202', '80203'] }, AreaLocationsBody)[0]).toBeUndefined();
    expect(validate({ locations: [] }, AreaLocationsBody)[0]).toBeInstanceOf(StructError);
    expect(validate({ locations: ['8020'] }, AreaLocationsBody)[0]).toBeInstanceOf(StructError);
    expect(messageOf(validate({ title: '   ' }, ServiceAreaFormBody)[0])).toBe('This field is required*');
    expect(validate({ title: 'Denver metro', activity_id: 3 }, ServiceAreaFormBody)[0]).toBeUndefined();
  });
});
