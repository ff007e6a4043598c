import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import type { TimerValue } from '@paddock/shared/domain';
import { TimerRulesEditor, timerDraftOf, timerOfDraft, type TimerDraft } from './TimerRulesEditor';
import { renderInLocale } from './testing';

const STOCKHOLM = 'Europe/Stockholm';
const NEW_YORK = 'America/New_York';
/** A winter day: an old UTC-only timer is read at CET (UTC+1) in Stockholm. */
const WINTER = new Date('2026-01-15T12:00:00Z');

/** The editor as a page holds it; `saved()` is what the page would send now. */
function setup(timer: TimerValue, zone = STOCKHOLM, locale: 'en-GB' | 'de-DE' = 'en-GB', movedFrom: string | null = null) {
  let latest = timerDraftOf(timer, zone, WINTER);
  function Harness() {
    const [value, setValue] = useState<TimerDraft>(latest);
    return (
      <form onSubmit={onSubmit}>
        <TimerRulesEditor
          value={value}
          timeZone={zone}
          movedFrom={movedFrom}
          onChange={(next) => {
            latest = next;
            setValue(next);
          }}
        />
      </form>
    );
  }
  const onSubmit = jest.fn((e: { preventDefault(): void }) => e.preventDefault());
  const rendered = renderInLocale(<Harness />, locale);
  return { ...rendered, onSubmit, saved: () => timerOfDraft(latest, zone) };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Timer rules' }))
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll(':scope > span')].map((part) => part.textContent).join(' | '));
const empty: TimerValue = { Enabled: false, On: [], Off: [], TimeZone: STOCKHOLM };
const zoned = (timer: Omit<TimerValue, 'TimeZone'>): TimerValue => ({ ...timer, TimeZone: STOCKHOLM });
const week = () =>
  within(screen.getByRole('region', { name: 'Your week' }))
    .getAllByRole('listitem')
    .filter((li) => li.classList.contains('pd-week__day'))
    .map((li) => li.textContent);

async function addRule(user: ReturnType<typeof setup>['user'], time: string, days: string[], action: 'On' | 'Off') {
  const time$ = screen.getByLabelText('Time');
  await user.clear(time$);
  if (time) await user.type(time$, time);
  for (const day of days) await user.click(screen.getByRole('checkbox', { name: day }));
  await user.selectOptions(screen.getByLabelText('Switch the plug'), action);
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
}

test('lists the device’s schedules in its zone as they are, sorted by time, and names the zone', () => {
  setup(zoned({ Enabled: true, On: ['30 6 1,2,3,4,5'], Off: ['0 22 0', '30 0 0'] }));
  expect(screen.getByRole('switch', { name: 'Use the timer' })).toBeChecked();
  expect(rows()).toEqual(['00:30 | Switch off | Sun', '06:30 | Switch on | Mon, Tue, Wed, Thu, Fri', '22:00 | Switch off | Sun']);
  expect(
    screen.getByText('Times are in your time zone (Europe/Stockholm) and stay at the same time of day all year, summer time included.'),
  ).toBeInTheDocument();
  // The page no longer asks the farmer to put up with summer-time shifts.
  expect(screen.queryByText(/move by an hour/)).not.toBeInTheDocument();
});

test('still reads the old UTC-only form: moved into the farmer’s zone, and said so', () => {
  setup({ Enabled: true, On: ['30 5 1,2,3,4,5'], Off: ['0 21 0', '30 23 6'] }, STOCKHOLM, 'en-GB', 'UTC');
  // 23:30 UTC on Saturday is 00:30 on Sunday in Stockholm in winter.
  expect(rows()).toEqual(['00:30 | Switch off | Sun', '06:30 | Switch on | Mon, Tue, Wed, Thu, Fri', '22:00 | Switch off | Sun']);
  expect(screen.getByText(/These rules were saved in UTC time/)).toBeInTheDocument();
});

test('the week view: one column per day, Monday first, with the on and off times of each day', () => {
  setup(zoned({ Enabled: true, On: ['30 6 1,2,3,4,5', '0 8 0,6'], Off: ['0 22 0,1,2,3,4,5,6'] }));
  expect(week()).toEqual([
    'Mon06:30 On22:00 Off',
    'Tue06:30 On22:00 Off',
    'Wed06:30 On22:00 Off',
    'Thu06:30 On22:00 Off',
    'Fri06:30 On22:00 Off',
    'Sat08:00 On22:00 Off',
    'Sun08:00 On22:00 Off',
  ]);
});

test('the week view shows a day without rules as such, and is not there without rules', () => {
  const { unmount } = setup(zoned({ Enabled: true, On: ['0 7 1'], Off: [] }));
  expect(week()[1]).toBe('TueNo switching');
  unmount();
  setup(empty);
  expect(screen.queryByRole('region', { name: 'Your week' })).not.toBeInTheDocument();
});

test('weekdays are offered Monday first and named in the user’s language', () => {
  setup(empty, STOCKHOLM, 'de-DE');
  const days = within(screen.getByRole('group', { name: 'Tage' })).getAllByRole('checkbox');
  expect(days.map((d) => d.closest('.pd-check')?.textContent)).toEqual([
    'Montag',
    'Dienstag',
    'Mittwoch',
    'Donnerstag',
    'Freitag',
    'Samstag',
    'Sonntag',
  ]);
  expect(screen.getByText('Noch keine Zeitregeln.')).toBeInTheDocument();
});

test('adds a rule: shows the rounded time, saves it on the zone’s clock with Sunday 0 and the zone', async () => {
  const { user, saved } = setup(empty);
  await user.type(screen.getByLabelText('Time'), '07:32');
  expect(screen.getByLabelText('Time')).toHaveAccessibleDescription('Runs at 07:35 (minutes round up to the next 5).');
  await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
  await user.click(screen.getByRole('checkbox', { name: 'Monday' }));
  await user.selectOptions(screen.getByLabelText('Switch the plug'), 'Off');
  // A complete rule that is not added yet would be lost on Save: the editor says so.
  expect(screen.getByText('Not added yet: press “Add timer rule”.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  expect(screen.queryByText(/Not added yet/)).not.toBeInTheDocument();
  expect(rows()).toEqual(['07:35 | Switch off | Mon, Sun']);
  expect(screen.getByRole('status')).toHaveTextContent('Rule added: 07:35, Switch off, Mon, Sun');
  expect(saved()).toEqual({ Enabled: false, On: [], Off: ['35 7 0,1'], TimeZone: STOCKHOLM });
  // The time is cleared for the next rule; the days stay ticked.
  expect(screen.getByLabelText('Time')).toHaveValue('');
  expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
});

test('rounds up with carry: 06:57 runs at 07:00; 23:58 at 00:00 the next day, the days moved too', async () => {
  const { user, saved } = setup(empty);
  await user.type(screen.getByLabelText('Time'), '06:57');
  expect(screen.getByLabelText('Time')).toHaveAccessibleDescription('Runs at 07:00 (minutes round up to the next 5).');
  await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  expect(saved().On).toEqual(['0 7 3']);
  await user.type(screen.getByLabelText('Time'), '23:58');
  expect(screen.getByLabelText('Time')).toHaveAccessibleDescription('Runs at 00:00 the next day (minutes round up to the next 5).');
  await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
  await user.selectOptions(screen.getByLabelText('Switch the plug'), 'Off');
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  // Wednesday and Saturday 23:58 → Thursday and Sunday 00:00.
  expect(rows()).toContain('00:00 | Switch off | Thu, Sun');
  expect(saved().Off).toEqual(['0 0 0,4']);
});

test('saves in the browser’s zone, whatever it is: no conversion to UTC', async () => {
  const ny = setup({ ...empty, TimeZone: NEW_YORK }, NEW_YORK);
  await addRule(ny.user, '22:00', ['Saturday'], 'Off');
  expect(ny.saved()).toEqual({ Enabled: false, On: [], Off: ['0 22 6'], TimeZone: NEW_YORK });
});

test('a rule needs a time and a day; duplicates and on/off at the same moment are refused', async () => {
  const { user, saved } = setup(zoned({ Enabled: true, On: ['0 7 1'], Off: [] }));
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  expect(screen.getByLabelText('Time')).toHaveAccessibleDescription('Enter a time.');
  expect(screen.getByText('Choose at least one day.')).toBeInTheDocument();
  await addRule(user, '07:00', ['Monday'], 'On');
  expect(screen.getByRole('alert')).toHaveTextContent('This rule is already in the list.');
  // 06:58 runs at 07:00 (rounded up with carry): it clashes with the 07:00 on.
  await addRule(user, '06:58', [], 'Off');
  expect(screen.getByRole('alert')).toHaveTextContent('Another rule switches the plug the other way at 07:00 on one of these days.');
  expect(rows()).toHaveLength(1);
  expect(saved()).toEqual({ Enabled: true, On: ['0 7 1'], Off: [], TimeZone: STOCKHOLM });
});

test('removes a rule; focus moves to the next rule’s remove button', async () => {
  const { user, saved } = setup(zoned({ Enabled: true, On: ['0 6 1', '0 7 1'], Off: ['0 21 1'] }));
  await user.click(screen.getByRole('button', { name: 'Remove rule: 07:00, Switch on, Mon' }));
  expect(rows()).toEqual(['06:00 | Switch on | Mon', '21:00 | Switch off | Mon']);
  expect(screen.getByRole('button', { name: 'Remove rule: 21:00, Switch off, Mon' })).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('Rule removed: 07:00, Switch on, Mon');
  expect(saved()).toEqual({ Enabled: true, On: ['0 6 1'], Off: ['0 21 1'], TimeZone: STOCKHOLM });
  await user.click(screen.getByRole('button', { name: 'Remove rule: 21:00, Switch off, Mon' }));
  await user.click(screen.getByRole('button', { name: 'Remove rule: 06:00, Switch on, Mon' }));
  expect(screen.getByText('No timer rules yet.')).toBeInTheDocument();
  expect(screen.getByLabelText('Time')).toHaveFocus();
  expect(saved()).toEqual({ Enabled: true, On: [], Off: [], TimeZone: STOCKHOLM });
});

test('Enter in the new rule adds it and does not submit the page’s form', async () => {
  const { user, onSubmit, saved } = setup(empty);
  await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
  await user.type(screen.getByLabelText('Time'), '18:00{Enter}');
  expect(onSubmit).not.toHaveBeenCalled();
  expect(saved().On).toEqual(['0 18 5']);
});

test('the switch turns the timer on and off without touching the rules', async () => {
  const { user, saved } = setup(zoned({ Enabled: false, On: ['0 5 1'], Off: [] }));
  await user.click(screen.getByRole('switch', { name: 'Use the timer' }));
  expect(saved()).toEqual({ Enabled: true, On: ['0 5 1'], Off: [], TimeZone: STOCKHOLM });
});

test('rules added with the timer off say that they run only once “Use the timer” is on; the hint goes when it is', async () => {
  const hint = 'Your rules run only when “Use the timer” is on.';
  const { user } = setup(empty);
  expect(screen.queryByText(hint)).not.toBeInTheDocument(); // no rules, nothing to say
  await addRule(user, '06:30', ['Monday'], 'On');
  const toggle = screen.getByRole('switch', { name: 'Use the timer' });
  expect(toggle).not.toBeChecked(); // adding a rule does not switch the timer on
  expect(toggle).toHaveAccessibleDescription(hint);
  await user.click(toggle);
  expect(screen.queryByText(hint)).not.toBeInTheDocument();
});

test('the hint in German', () => {
  setup(zoned({ Enabled: false, On: ['0 5 1'], Off: [] }), STOCKHOLM, 'de-DE');
  expect(screen.getByRole('switch', { name: 'Zeitschaltuhr verwenden' })).toHaveAccessibleDescription(
    'Ihre Regeln laufen nur, wenn „Zeitschaltuhr verwenden“ eingeschaltet ist.',
  );
});
