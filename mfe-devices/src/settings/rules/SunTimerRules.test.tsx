// Sunrise and sunset rules in the timer editor (docs/product/sun-timers.md): the time can be at sunrise or sunset ±
// minutes, with today's time beside it; without the farm's location the editor links to /account and adds none.
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { screen, within } from '@testing-library/react';
import type { FarmLocation, TimerValue } from '@paddock/shared/domain';
import { TimerRulesEditor, timerDraftOf, timerOfDraft, type TimerDraft } from './TimerRulesEditor';
import { renderInLocale } from './testing';

const STOCKHOLM = 'Europe/Stockholm';
const UPPSALA = { Latitude: 59.8586, Longitude: 17.6389 };
const TROMSO = { Latitude: 69.6492, Longitude: 18.9553 };
// 21 December 2026: sunset in Uppsala at 14:45 CET.
const WINTER_DAY = new Date('2026-12-21T09:00:00Z');
const empty: TimerValue = { Enabled: true, On: [], Off: [], TimeZone: STOCKHOLM };

function setup(timer: TimerValue, location: FarmLocation | null, locale: 'en-GB' | 'sv-SE' = 'en-GB', zone = STOCKHOLM) {
  let latest = timerDraftOf(timer, zone, WINTER_DAY);
  function Harness() {
    const [value, setValue] = useState<TimerDraft>(latest);
    return (
      <MemoryRouter>
        <TimerRulesEditor
          value={value}
          timeZone={zone}
          location={location}
          now={() => WINTER_DAY}
          onChange={(next) => {
            latest = next;
            setValue(next);
          }}
        />
      </MemoryRouter>
    );
  }
  const rendered = renderInLocale(<Harness />, locale);
  return { ...rendered, saved: () => timerOfDraft(latest, zone, location) };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Timer rules' }))
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll(':scope > span')].map((part) => part.textContent).join(' | '));

test('adds "sunset + 30 min", shows today’s time beside it, and saves a sun entry with the location', async () => {
  const { user, saved } = setup(empty, UPPSALA);
  await user.selectOptions(screen.getByLabelText('When'), 'At sunset');
  expect(screen.queryByLabelText('Time')).not.toBeInTheDocument();
  const offset = screen.getByLabelText('Minutes before (−) or after (+)');
  expect(offset).toHaveAccessibleDescription('Today 14:45. From -180 to +180.');
  await user.type(offset, '30');
  expect(offset).toHaveAccessibleDescription('Today 15:15. From -180 to +180.');
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    await user.click(screen.getByRole('checkbox', { name: day }));
  await user.selectOptions(screen.getByLabelText('Switch the plug'), 'Off');
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  expect(rows()).toEqual(['Sunset + 30 min | Switch off | Every day']);
  const timer = saved();
  expect(timer.Off).toEqual(['sunset+30 0,1,2,3,4,5,6']);
  expect(timer.Location).toEqual(UPPSALA);
});

test('lists saved sun entries after the clock rules, in the week view too', () => {
  setup({ ...empty, On: ['sunrise-15 1', '0 7 1'], Off: ['sunset+0 1'], Location: UPPSALA }, UPPSALA);
  expect(rows()).toEqual(['07:00 | Switch on | Mon', 'Sunrise − 15 min | Switch on | Mon', 'Sunset | Switch off | Mon']);
  const monday = within(screen.getByRole('region', { name: 'Your week' }))
    .getAllByRole('listitem')
    .find((li) => li.dataset.day === '1')!;
  expect(monday.textContent).toContain('Sunrise − 15 min');
});

test('refuses an offset outside −180…+180 or not a number, naming the limit', async () => {
  const { user } = setup(empty, UPPSALA);
  await user.selectOptions(screen.getByLabelText('When'), 'At sunrise');
  await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
  const offset = screen.getByLabelText('Minutes before (−) or after (+)');
  await user.type(offset, '200');
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  expect(screen.getByText('Enter at most 180.')).toBeInTheDocument();
  await user.clear(offset);
  await user.type(offset, 'soon');
  expect(screen.getByText('Enter whole minutes, such as 30 or −15.')).toBeInTheDocument();
  expect(screen.getByText('No timer rules yet.')).toBeInTheDocument();
});

test('without the farm’s location: says so with a link to /account, and adds no sun rule', async () => {
  const { user, saved } = setup(empty, null);
  await user.selectOptions(screen.getByLabelText('When'), 'At sunset');
  expect(screen.getByRole('link', { name: 'Set it on your account page' })).toHaveAttribute('href', '/account');
  await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  expect(screen.getByRole('alert')).toHaveTextContent('Sunrise and sunset need your farm’s location.');
  expect(saved().Off).toEqual([]);
});

test('polar night: says the sun does not rise there today (Swedish)', async () => {
  const { user } = setup(empty, TROMSO, 'sv-SE', 'Europe/Oslo');
  await user.selectOptions(screen.getByLabelText('När'), 'Vid soluppgång');
  expect(screen.getByLabelText('Minuter före (−) eller efter (+)')).toHaveAccessibleDescription(
    'Solen går inte upp vid din gård i dag: regeln körs inte sådana dagar. Från -180 till +180.',
  );
});
