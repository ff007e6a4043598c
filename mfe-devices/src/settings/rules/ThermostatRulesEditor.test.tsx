import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import type { ThermostatTriggerValue } from '@paddock/shared/domain';
import { ThermostatRulesEditor, thermostatDraftOf, thermostatOfDraft, type ThermostatDraft } from './ThermostatRulesEditor';
import { renderInLocale } from './testing';

function setup(thermostat: { Enabled: boolean; Triggers: ThermostatTriggerValue[] }, locale: 'en-GB' | 'fr-FR' = 'en-GB') {
  let latest = thermostatDraftOf(thermostat);
  const onSubmit = jest.fn((e: { preventDefault(): void }) => e.preventDefault());
  function Harness() {
    const [value, setValue] = useState<ThermostatDraft>(latest);
    return (
      <form onSubmit={onSubmit}>
        <ThermostatRulesEditor
          value={value}
          onChange={(next) => {
            latest = next;
            setValue(next);
          }}
        />
      </form>
    );
  }
  const rendered = renderInLocale(<Harness />, locale);
  return { ...rendered, onSubmit, saved: () => thermostatOfDraft(latest, 'Europe/Stockholm') };
}

const rows = () =>
  within(screen.getByRole('list', { name: 'Thermostat rules' }))
    .getAllByRole('listitem')
    .map((li) => [...li.querySelectorAll(':scope > span')].map((part) => part.textContent).join(' | '));
const frost: ThermostatTriggerValue = { Days: '0,6', Above: false, Temperature: 3, SetPowerEnabled: true };

test('lists the device’s triggers, sorted by temperature', () => {
  setup({ Enabled: true, Triggers: [{ Days: '1,2,3,4,5', Above: true, Temperature: 25, SetPowerEnabled: false }, frost] });
  expect(screen.getByRole('switch', { name: 'Use the thermostat' })).toBeChecked();
  expect(rows()).toEqual(['Below 3°C | Switch on | Sat, Sun', 'Above 25°C | Switch off | Mon, Tue, Wed, Thu, Fri']);
});

test('adds a rule: days, direction, temperature and action make the wire trigger', async () => {
  const { user, saved } = setup({ Enabled: false, Triggers: [] });
  expect(screen.getByText('No thermostat rules yet.')).toBeInTheDocument();
  for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'])
    await user.click(screen.getByRole('checkbox', { name: day }));
  await user.selectOptions(screen.getByLabelText('When the temperature is'), 'Below');
  await user.type(screen.getByLabelText('Temperature (°C)'), '-5');
  await user.selectOptions(screen.getByLabelText('Switch the plug'), 'On');
  expect(screen.getByText('Not added yet: press “Add thermostat rule”.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Add thermostat rule' }));
  expect(screen.queryByText(/Not added yet/)).not.toBeInTheDocument();
  expect(rows()).toEqual(['Below -5°C | Switch on | Every day']);
  expect(screen.getByRole('status')).toHaveTextContent('Rule added: Below -5°C, Switch on, Every day');
  // The days are the farmer's: the zone goes with them (docs/protocol.md).
  expect(saved()).toEqual({
    Enabled: false,
    Triggers: [{ Days: '0,1,2,3,4,5,6', Above: false, Temperature: -5, SetPowerEnabled: true }],
    TimeZone: 'Europe/Stockholm',
  });
  expect(screen.getByLabelText('Temperature (°C)')).toHaveValue('');
  // The thermostat stays off: the switch says that the new rule waits for it.
  expect(screen.getByRole('switch', { name: 'Use the thermostat' })).toHaveAccessibleDescription(
    'Your rules run only when “Use the thermostat” is on.',
  );
});

test('the temperature keeps only digits and a leading minus, and must be -20 to 70 °C', async () => {
  const { user, saved } = setup({ Enabled: true, Triggers: [] });
  const temperature = screen.getByLabelText('Temperature (°C)');
  expect(temperature).toHaveAccessibleDescription('From -20°C to 70°C');
  await user.type(temperature, 'a7-1°C');
  expect(temperature).toHaveValue('71');
  await user.click(screen.getByRole('button', { name: 'Add thermostat rule' }));
  expect(temperature).toHaveAccessibleDescription('Enter at most 70°C.');
  expect(screen.getByText('Choose at least one day.')).toBeInTheDocument();
  await user.clear(temperature);
  await user.type(temperature, '-21');
  await user.click(screen.getByRole('button', { name: 'Add thermostat rule' }));
  expect(temperature).toHaveAccessibleDescription('Enter at least -20°C.');
  await user.clear(temperature);
  await user.click(screen.getByRole('button', { name: 'Add thermostat rule' }));
  expect(temperature).toHaveAccessibleDescription('Enter a whole number.');
  expect(saved().Triggers).toEqual([]);
});

test('a rule already listed is refused', async () => {
  const { user, saved } = setup({ Enabled: true, Triggers: [frost] });
  await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
  await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
  await user.selectOptions(screen.getByLabelText('When the temperature is'), 'Below');
  await user.type(screen.getByLabelText('Temperature (°C)'), '3');
  await user.selectOptions(screen.getByLabelText('Switch the plug'), 'On');
  await user.click(screen.getByRole('button', { name: 'Add thermostat rule' }));
  expect(screen.getByRole('alert')).toHaveTextContent('This rule is already in the list.');
  expect(saved().Triggers).toEqual([frost]);
});

test('removes a rule; Enter in the new rule adds it without submitting the page', async () => {
  const { user, saved, onSubmit } = setup({ Enabled: true, Triggers: [frost] });
  await user.click(screen.getByRole('button', { name: 'Remove rule: Below 3°C, Switch on, Sat, Sun' }));
  expect(screen.getByText('No thermostat rules yet.')).toBeInTheDocument();
  expect(saved()).toEqual({ Enabled: true, Triggers: [], TimeZone: 'Europe/Stockholm' });
  await user.click(screen.getByRole('checkbox', { name: 'Wednesday' }));
  await user.type(screen.getByLabelText('Temperature (°C)'), '30{Enter}');
  expect(onSubmit).not.toHaveBeenCalled();
  expect(saved().Triggers).toEqual([{ Days: '3', Above: true, Temperature: 30, SetPowerEnabled: false }]);
});

test('in French', () => {
  setup({ Enabled: false, Triggers: [frost] }, 'fr-FR');
  expect(screen.getByRole('switch', { name: 'Utiliser le thermostat' })).not.toBeChecked();
  expect(screen.getByRole('switch', { name: 'Utiliser le thermostat' })).toHaveAccessibleDescription(
    'Vos règles ne s’appliquent que si « Utiliser le thermostat » est activé.',
  );
  expect(within(screen.getByRole('list', { name: 'Règles du thermostat' })).getByText(/^En dessous de 3\s°C$/)).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'lundi' })).toBeInTheDocument();
});
