import { sampleUser } from '@paddock/shared/testing/fixtures';
import { formOf, userChanges } from './userChanges';

describe('account changes', () => {
  test('an untouched form changes nothing', () => {
    expect(userChanges(sampleUser, formOf(sampleUser))).toEqual({});
  });

  test('only the changed fields are sent; the e-mail is normalized and the phone sent as dialled (E.164)', () => {
    const form = { ...formOf(sampleUser), Email: ' Farmer@Example.com ', Phone: ' +46 70-123 45 67 ', Marketing: true };
    expect(userChanges(sampleUser, form)).toEqual({
      Phone: '+46701234567',
      EmailNotifications: { Billing: true, Device: true, Marketing: true },
    });
    // The stored number written with spaces is no change.
    expect(userChanges({ ...sampleUser, Phone: '+46701234567' }, { ...formOf(sampleUser), Phone: '+46 70 123 45 67' })).toEqual({});
  });

  test('language, push and SMS are sent in their wire shape', () => {
    const form = { ...formOf(sampleUser), Locale: 'fr-FR' as const, Push: true, Sms: true };
    expect(userChanges(sampleUser, form)).toEqual({
      Locale: 'fr-FR',
      PushNotifications: { Enabled: true },
      SmsNotifications: { Enabled: true },
    });
  });

  test('the energy price: typed with either decimal mark, sent in ten-thousandths; emptied, it is removed', () => {
    expect(formOf(sampleUser)).toMatchObject({ EnergyPrice: '', EnergyCurrency: 'SEK' });
    expect(formOf({ ...sampleUser, Country: 'DE' })).toMatchObject({ EnergyCurrency: 'EUR' });
    expect(userChanges(sampleUser, { ...formOf(sampleUser), EnergyPrice: '1,2345' })).toEqual({
      EnergyPrice: { PerKwh: 12345, Currency: 'SEK' },
    });

    const priced = { ...sampleUser, EnergyPrice: { PerKwh: 25000, Currency: 'EUR' as const } };
    expect(formOf(priced, ',')).toMatchObject({ EnergyPrice: '2,50', EnergyCurrency: 'EUR' });
    expect(userChanges(priced, formOf(priced, ','))).toEqual({});
    expect(userChanges(priced, { ...formOf(priced), EnergyCurrency: 'SEK' })).toEqual({ EnergyPrice: { PerKwh: 25000, Currency: 'SEK' } });
    expect(userChanges(priced, { ...formOf(priced), EnergyPrice: ' ' })).toEqual({ EnergyPrice: null });
    // Not valid: left out (the form shows why before anything is sent).
    expect(userChanges(priced, { ...formOf(priced), EnergyPrice: '0' })).toEqual({});
  });
});
