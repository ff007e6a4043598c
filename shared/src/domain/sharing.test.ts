import { canRemoveAccess, inviteEmail, isDeviceOwner, ownerChoices, removeAccess, toggleNotify } from './sharing';
import { addTag, editableTags, isSystemTag, tagsWithinLength, toggleTag, withSystemTags } from './tags';

const owner = 'owner@farm.se';

describe('sharing (docs/product/states.md, docs/product/validation.md, docs/product/roles.md)', () => {
  test('invites are trimmed and lowercased; duplicates and empty input ignored; no format check', () => {
    expect(inviteEmail([owner], '  Anna@Farm.SE ')).toEqual([owner, 'anna@farm.se']);
    expect(inviteEmail([owner, 'anna@farm.se'], 'ANNA@farm.se')).toEqual([owner, 'anna@farm.se']);
    expect(inviteEmail([owner], '   ')).toEqual([owner]);
    expect(inviteEmail([owner], 'not an email')).toEqual([owner, 'not an email']);
  });

  test('the owner cannot be removed; removing also drops notification', () => {
    const sharing = { Access: [owner, 'anna@farm.se'], Notify: [owner, 'anna@farm.se'] };
    expect(canRemoveAccess('Owner@Farm.se', owner)).toBe(false);
    expect(canRemoveAccess('anna@farm.se', owner)).toBe(true);
    expect(removeAccess(sharing, owner, owner)).toEqual(sharing);
    expect(removeAccess(sharing, 'anna@farm.se', owner)).toEqual({ Access: [owner], Notify: [owner] });
  });

  test('the bell toggles notification', () => {
    expect(toggleNotify([owner], 'anna@farm.se')).toEqual([owner, 'anna@farm.se']);
    expect(toggleNotify([owner, 'anna@farm.se'], 'anna@farm.se')).toEqual([owner]);
  });

  test('owner: email equals OwnerEmail; the choices are the emails in Access', () => {
    expect(isDeviceOwner('OWNER@farm.se', owner)).toBe(true);
    expect(isDeviceOwner('anna@farm.se', owner)).toBe(false);
    expect(isDeviceOwner(undefined, owner)).toBe(false);
    expect(ownerChoices([owner, 'anna@farm.se'], owner)).toEqual([owner, 'anna@farm.se']);
    expect(ownerChoices(['anna@farm.se'], owner)).toEqual([owner, 'anna@farm.se']);
  });
});

describe('tags (docs/product/devices.md, docs/product/states.md, docs/product/validation.md)', () => {
  test('system tags are hidden: product types and anything that looks like an email', () => {
    for (const tag of ['FarmCam SIM', 'FenceAlarm', 'FenceAlarm2', 'SmartPlug', 'SmartPlug2', owner]) expect(isSystemTag(tag)).toBe(true);
    expect(isSystemTag('Barn')).toBe(false);
    expect(editableTags(['SmartPlug', owner, 'Barn', 'North field'])).toEqual(['Barn', 'North field']);
  });

  test('a duplicate new tag is ignored', () => {
    expect(addTag(['Barn'], ' Stable ')).toEqual(['Barn', 'Stable']);
    expect(addTag(['Barn'], 'Barn')).toEqual(['Barn']);
    expect(addTag(['Barn'], 'barn ')).toEqual(['Barn']);
    expect(addTag(['Barn'], '')).toEqual(['Barn']);
    expect(addTag(['Barn'], 'someone@farm.se')).toEqual(['Barn']);
  });

  test('toggle adds or removes', () => {
    expect(toggleTag(['Barn'], 'Stable')).toEqual(['Barn', 'Stable']);
    expect(toggleTag(['Barn', 'Stable'], 'Barn')).toEqual(['Stable']);
  });

  test('saving adds the product-type tag and the owner email, replacing old system tags', () => {
    expect(withSystemTags('fencealarm', 'Owner@Farm.se', ['Barn', 'FenceAlarm', 'old-owner@farm.se'])).toEqual([
      'FenceAlarm',
      owner,
      'Barn',
    ]);
    expect(withSystemTags('farmcam-sim', owner, [])).toEqual(['FarmCam SIM', owner]);
  });
});

describe('tagsWithinLength', () => {
  it('holds the user\'s own tags to 40 characters and lets system tags (the owner\'s e-mail) be longer', () => {
    expect(tagsWithinLength(['FenceAlarm', `${'a'.repeat(60)}@example.com`, 'x'.repeat(40)])).toBe(true);
    expect(tagsWithinLength(['y'.repeat(41)])).toBe(false);
  });
});
