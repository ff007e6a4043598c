import { sampleUser } from '@paddock/shared/testing/fixtures';
import { formOf, userChanges } from './userChanges';

describe('account changes', () => {
  test('an untouched form changes nothing', () => {
    expect(userChanges(sampleUser, formOf(sampleUser))).toEqual({});
  });

  test('only the changed fields are sent; the e-mail is normalized and the phone trimmed', () => {
    const form = { ...formOf(sampleUser), Email: ' Farmer@Example.com ', Phone: ' +46 70 123 45 67 ', Marketing: true };
    expect(userChanges(sampleUser, form)).toEqual({
      Phone: '+46 70 123 45 67',
      EmailNotifications: { Billing: true, Device: true, Marketing: true },
    });
  });

  test('language, push and SMS are sent in their wire shape', () => {
    const form = { ...formOf(sampleUser), Locale: 'fr-FR' as const, Push: true, Sms: true };
    expect(userChanges(sampleUser, form)).toEqual({ Locale: 'fr-FR', PushNotifications: { Enabled: true }, SmsNotifications: { Enabled: true } });
  });
});
