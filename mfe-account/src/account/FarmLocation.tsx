import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { showToast, usersApi } from '@paddock/shared/api';
import type { User } from '@paddock/shared/contract';
import { checkCoordinate, type FarmLocation as Location } from '@paddock/shared/domain';
import { Translations, useT } from '@paddock/shared/i18n';
import { Actions, Alert, Button, Card, TextField, type FieldErrors, type FieldMessage } from '@paddock/shared/ui';
import { useSubmit } from '../common/useSubmit';
import { farmLocationTexts } from './farmLocationMessages';

/** Named as on the wire (PATCH /users/{id} Location), so a 400 naming a coordinate lands under it. */
const FIELDS = ['Location.Latitude', 'Location.Longitude'] as const;
type Field = (typeof FIELDS)[number];
const TRANSLATIONS = [farmLocationTexts];
/** Five decimals: about a metre, more than sunrise and sunset need, and no more than a phone's fix tells. */
const DECIMALS = 5;

/** A coordinate as typed: either decimal mark, a leading minus (− or -); null when empty or not a number. */
export function parseCoordinate(text: string): number | null {
  const value = text.trim().replace(',', '.').replace('\u2212', '-');
  return /^-?\d{1,3}(?:\.\d+)?$/.test(value) ? Number(value) : null;
}

const round = (value: number) => Number(value.toFixed(DECIMALS));

/** The phone's position (navigator.geolocation); rejects with the browser's error code when refused or unavailable. */
function phonePosition(): Promise<Location> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) return reject(new Error('unavailable'));
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ Latitude: round(position.coords.latitude), Longitude: round(position.coords.longitude) }),
      reject,
      { enableHighAccuracy: false, timeout: 20_000, maximumAge: 600_000 },
    );
  });
}

/**
 * /account "Farm location" (docs/product/sun-timers.md): where sunrise and sunset are computed for the plugs' timer
 * rules — typed as latitude and longitude or taken from the phone's position, saved on its own. Finding it from an
 * address would need a geocoding service, which Paddock does not call.
 */
export function FarmLocation({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  return (
    <Translations translations={TRANSLATIONS}>
      <FarmLocationForm user={user} onSaved={onSaved} />
    </Translations>
  );
}

function FarmLocationForm({ user, onSaved }: { user: User; onSaved: (user: User) => void }) {
  const t = useT();
  const intl = useIntl();
  const m = farmLocationTexts.messages;
  const stored = user.Location ?? null;
  const show = (value: number | undefined) =>
    value === undefined ? '' : intl.formatNumber(value, { maximumFractionDigits: DECIMALS, useGrouping: false });
  const [latitude, setLatitude] = useState(show(stored?.Latitude));
  const [longitude, setLongitude] = useState(show(stored?.Longitude));
  const [locating, setLocating] = useState(false);
  const [phoneProblem, setPhoneProblem] = useState(false);
  const { formRef, bind, busy, failure, check, run } = useSubmit<Field, 'save' | 'remove'>(FIELDS);

  function errorOf(text: string, axis: 'latitude' | 'longitude'): FieldMessage {
    const problem = checkCoordinate(parseCoordinate(text), axis);
    if (!problem) return null;
    const limit = axis === 'latitude' ? 90 : 180;
    return { message: problem === 'required' ? m.coordinateInvalid : m.coordinateOutOfRange, values: { min: -limit, max: limit } };
  }

  async function save(location: Location | null, kind: 'save' | 'remove') {
    await run(kind, async () => {
      const updated = await usersApi.update(user.Id, { Location: location }, { silent: true, background: true });
      onSaved(updated);
      setLatitude(show(updated.Location?.Latitude));
      setLongitude(show(updated.Location?.Longitude));
      showToast({ kind: 'success', text: t(location ? m.saved : m.removed) });
    });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const errors: FieldErrors<Field> = {
      'Location.Latitude': errorOf(latitude, 'latitude'),
      'Location.Longitude': errorOf(longitude, 'longitude'),
    };
    if (!check(errors)) return;
    await save({ Latitude: parseCoordinate(latitude)!, Longitude: parseCoordinate(longitude)! }, 'save');
  }

  async function takePhonePosition() {
    setPhoneProblem(false);
    setLocating(true);
    try {
      const position = await phonePosition();
      setLatitude(show(position.Latitude));
      setLongitude(show(position.Longitude));
    } catch {
      setPhoneProblem(true);
    } finally {
      setLocating(false);
    }
  }

  return (
    <Card>
      <form ref={formRef} className="pd-form" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="pd-farm-location-title">
        <h2 id="pd-farm-location-title" className="pd-account-section-title">
          {t(m.heading)}
        </h2>
        <p className="pd-account-intro">{t(m.intro)}</p>
        {failure ? <Alert>{failure.text}</Alert> : null}
        <Button busy={locating} onClick={() => void takePhonePosition()}>
          {t(m.usePhone)}
        </Button>
        {phoneProblem ? <Alert>{t(m.phoneRefused)}</Alert> : null}
        <TextField
          label={t(m.latitude)}
          inputMode="decimal"
          autoComplete="off"
          hint={t(m.latitudeHint)}
          {...bind('Location.Latitude', latitude, setLatitude)}
        />
        <TextField
          label={t(m.longitude)}
          inputMode="decimal"
          autoComplete="off"
          hint={t(m.longitudeHint)}
          {...bind('Location.Longitude', longitude, setLongitude)}
        />
        <p className="pd-account-intro">{t(m.noAddress)}</p>
        <Actions>
          <Button type="submit" variant="primary" busy={busy === 'save'}>
            {t(m.save)}
          </Button>
          {stored ? (
            <Button busy={busy === 'remove'} onClick={() => void save(null, 'remove')}>
              {t(m.remove)}
            </Button>
          ) : null}
        </Actions>
      </form>
    </Card>
  );
}
