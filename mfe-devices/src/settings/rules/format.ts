// How the rule editors write days, times, temperatures and whole rules in the page's locale (react-intl), so
// "Mon, Tue" reads "Mo., Di." in German and 07:30 stays 24-hour where the locale wants it.
import { useIntl } from 'react-intl';
import {
  daysMondayFirst,
  type PowerAction,
  type SunEvent,
  type ThermostatRule,
  type TimeOfDay,
  type TimerRule,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { rulesTexts } from './messages';

const m = rulesTexts.messages;
// 7 January 2024 was a Sunday, so day number d (Sunday 0) falls on the 7th + d.
const dayDate = (day: number) => Date.UTC(2024, 0, 7 + day);

export function useRuleFormat() {
  const intl = useIntl();
  const t = useT();
  const weekday = (day: number, style: 'long' | 'short') => intl.formatDate(dayDate(day), { weekday: style, timeZone: 'UTC' });
  const days = (list: readonly number[]) =>
    new Set(list).size === 7
      ? t(m.everyDay)
      : intl.formatList(
          daysMondayFirst(list).map((d) => weekday(d, 'short')),
          { type: 'unit', style: 'short' },
        );
  const time = ({ hour, minute }: TimeOfDay) =>
    intl.formatTime(Date.UTC(1970, 0, 1, hour, minute), { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });
  // docs/product/sun-timers.md: "Sunset + 30 min", "Sunrise", "Sunrise − 15 min".
  const sunWhen = ({ event, offset }: { event: SunEvent; offset: number }) => {
    const name = t(event === 'sunrise' ? m.sunrise : m.sunset);
    if (!offset) return name;
    return t(offset > 0 ? m.sunAfter : m.sunBefore, { event: name, minutes: intl.formatNumber(Math.abs(offset)) });
  };
  /** A timer rule's trigger: its time, or its sun event and offset. */
  const when = (rule: TimerRule) => (rule.sun ? sunWhen(rule.sun) : time(rule));
  const celsius = (value: number) => intl.formatNumber(value, { style: 'unit', unit: 'celsius' });
  const action = (value: PowerAction) => t(value === 'on' ? m.switchOn : m.switchOff);
  const condition = (rule: Pick<ThermostatRule, 'direction' | 'temperature'>) =>
    t(rule.direction === 'above' ? m.temperatureAbove : m.temperatureBelow, { temperature: celsius(rule.temperature) });
  return {
    weekday,
    days,
    time,
    sunWhen,
    when,
    celsius,
    action,
    condition,
    /** One line naming a timer rule, e.g. "07:30, Switch on, Mon, Tue" or "Sunset + 30 min, Switch off, Every day" (list items, remove labels, announcements). */
    timerRule: (rule: TimerRule) => `${when(rule)}, ${action(rule.action)}, ${days(rule.days)}`,
    /** One line naming a thermostat rule, e.g. "Below 3°C, Switch on, Sat, Sun". */
    thermostatRule: (rule: ThermostatRule) => `${condition(rule)}, ${action(rule.action)}, ${days(rule.days)}`,
  };
}
