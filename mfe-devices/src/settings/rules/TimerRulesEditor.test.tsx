import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import type { TimerValue } from '@paddock/shared/domain';
import { TimerRulesEditor, timerDraftOf, timerOfDraft, type TimerDraft } from './TimerRulesEditor';
import { renderInLocale } from './testing';

const CET = 60;
const NEW_YORK = -300;

/** The editor as a page holds it; `saved()` is what the page would send now. */
function setup(timer: TimerValue, offset = CET, locale: 'en-GB' | 'de-DE' = 'en-GB') {
  let latest = timerDraftOf(timer, offset);
  function Harness() {
    const [value, setValue] = useState<TimerDraft>(latest);
    return (
      <form onSubmit={onSubmit}>
        <TimerRulesEditor
          value={value}
          utcOffsetMinutes={offset}
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
  return { ...rendered, onSubmit, saved: () => timerOfDraft(latest, offset) };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Timer rules' }))
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll(':scope > span')].map((part) => part.textContent).join(' | '));
const empty: TimerValue = { Enabled: false, On: [], Off: [] };

async function addRule(user: ReturnType<typeof setup>['user'], time: string, days: string[], action: 'On' | 'Off') {
  const time$ = screen.getByLabelText('Time');
  await user.clear(time$);
  if (time) await user.type(time$, time);
  for (const day of days) await user.click(screen.getByRole('checkbox', { name: day }));
  await user.selectOptions(screen.getByLabelText('Switch the plug'), action);
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
}

test('lists the device’s UTC schedules in local time, sorted by time', () => {
  setup({ Enabled: true, On: ['30 5 1,2,3,4,5'], Off: ['0 21 0', '30 23 6'] });
  expect(screen.getByRole('switch', { name: 'Use the timer' })).toBeChecked();
  // 23:30 UTC on Saturday is 00:30 on Sunday in CET.
  expect(rows()).toEqual(['00:30 | Switch off | Sun', '06:30 | Switch on | Mon, Tue, Wed, Thu, Fri', '22:00 | Switch off | Sun']);
  expect(screen.getByText(/Times are in your time zone \(UTC\+01:00\)/)).toBeInTheDocument();
});

test('weekdays are offered Monday first and named in the user’s language', () => {
  setup(empty, CET, 'de-DE');
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

test('adds a rule: shows the rounded time, saves it in UTC with Sunday 0', async () => {
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
  expect(saved()).toEqual({ Enabled: false, On: [], Off: ['35 6 0,1'] });
  // The time is cleared for the next rule; the days stay ticked.
  expect(screen.getByLabelText('Time')).toHaveValue('');
  expect(screen.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
});

test('the minute rounds modulo 60: 10:58 runs at 10:00', async () => {
  const { user, saved } = setup(empty, 0);
  await user.type(screen.getByLabelText('Time'), '10:58');
  expect(screen.getByLabelText('Time')).toHaveAccessibleDescription('Runs at 10:00 (minutes round up to the next 5).');
  await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  expect(saved().On).toEqual(['0 10 3']);
});

test('converts across midnight with the browser’s offset', async () => {
  const cet = setup(empty, CET);
  await addRule(cet.user, '00:10', ['Monday'], 'On');
  expect(cet.saved().On).toEqual(['10 23 0']);
  cet.unmount();
  const ny = setup(empty, NEW_YORK);
  await addRule(ny.user, '22:00', ['Saturday'], 'Off');
  expect(ny.saved().Off).toEqual(['0 3 0']);
});

test('a rule needs a time and a day; duplicates and on/off at the same moment are refused', async () => {
  const { user, saved } = setup({ Enabled: true, On: ['0 6 1'], Off: [] });
  await user.click(screen.getByRole('button', { name: 'Add timer rule' }));
  expect(screen.getByLabelText('Time')).toHaveAccessibleDescription('Enter a time.');
  expect(screen.getByText('Choose at least one day.')).toBeInTheDocument();
  await addRule(user, '07:00', ['Monday'], 'On');
  expect(screen.getByRole('alert')).toHaveTextContent('This rule is already in the list.');
  // 06:58 runs at 06:00 (the minute rounds modulo 60): no clash with 07:00.
  await addRule(user, '06:58', [], 'Off');
  expect(rows()).toHaveLength(2);
  await user.click(screen.getByRole('button', { name: 'Remove rule: 06:00, Switch off, Mon' }));
  await addRule(user, '07:00', [], 'Off');
  expect(screen.getByRole('alert')).toHaveTextContent('Another rule switches the plug the other way at 07:00 on one of these days.');
  expect(rows()).toHaveLength(1);
  expect(saved()).toEqual({ Enabled: true, On: ['0 6 1'], Off: [] });
});

test('removes a rule; focus moves to the next rule’s remove button', async () => {
  const { user, saved } = setup({ Enabled: true, On: ['0 5 1', '0 6 1'], Off: ['0 20 1'] });
  await user.click(screen.getByRole('button', { name: 'Remove rule: 07:00, Switch on, Mon' }));
  expect(rows()).toEqual(['06:00 | Switch on | Mon', '21:00 | Switch off | Mon']);
  expect(screen.getByRole('button', { name: 'Remove rule: 21:00, Switch off, Mon' })).toHaveFocus();
  expect(screen.getByRole('status')).toHaveTextContent('Rule removed: 07:00, Switch on, Mon');
  expect(saved()).toEqual({ Enabled: true, On: ['0 5 1'], Off: ['0 20 1'] });
  await user.click(screen.getByRole('button', { name: 'Remove rule: 21:00, Switch off, Mon' }));
  await user.click(screen.getByRole('button', { name: 'Remove rule: 06:00, Switch on, Mon' }));
  expect(screen.getByText('No timer rules yet.')).toBeInTheDocument();
  expect(screen.getByLabelText('Time')).toHaveFocus();
  expect(saved()).toEqual({ Enabled: true, On: [], Off: [] });
});

test('Enter in the new rule adds it and does not submit the page’s form', async () => {
  const { user, onSubmit, saved } = setup(empty);
  await user.click(screen.getByRole('checkbox', { name: 'Friday' }));
  await user.type(screen.getByLabelText('Time'), '18:00{Enter}');
  expect(onSubmit).not.toHaveBeenCalled();
  expect(saved().On).toEqual(['0 17 5']);
});

test('the switch turns the timer on and off without touching the rules', async () => {
  const { user, saved } = setup({ Enabled: false, On: ['0 5 1'], Off: [] });
  await user.click(screen.getByRole('switch', { name: 'Use the timer' }));
  expect(saved()).toEqual({ Enabled: true, On: ['0 5 1'], Off: [] });
});
