import { DAYS_MONDAY_FIRST, compareTimerRules, type TimerRule } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { useRuleFormat } from './format';
import { rulesTexts } from './messages';

const m = rulesTexts.messages;

/**
 * docs/product/screens.md: the timer's week at a glance — one column per day, Monday first, with the times the plug
 * switches on and off that day in order. Seven columns side by side on a wide screen, one row per day on a phone
 * (rules.css). It shows the rules being edited, before they are saved.
 */
export function WeekView({ rules }: { rules: readonly TimerRule[] }) {
  const t = useT();
  const format = useRuleFormat();
  const sorted = [...rules].sort(compareTimerRules);
  return (
    <section className="pd-week" aria-label={t(m.weekTitle)}>
      <h4 className="pd-week__title">{t(m.weekTitle)}</h4>
      <ol className="pd-week__days">
        {DAYS_MONDAY_FIRST.map((day) => {
          const ofDay = sorted.filter((rule) => rule.days.includes(day));
          return (
            <li key={day} className="pd-week__day" data-day={day}>
              <span className="pd-week__name">
                <abbr title={format.weekday(day, 'long')}>{format.weekday(day, 'short')}</abbr>
              </span>
              {ofDay.length ? (
                <ul className="pd-week__entries">
                  {ofDay.map((rule) => (
                    <li
                      key={`${rule.action} ${rule.sun ? `${rule.sun.event}${rule.sun.offset}` : `${rule.hour}:${rule.minute}`}`}
                      className={`pd-week__entry pd-week__entry--${rule.action}`}
                    >
                      <span className="pd-week__time">{format.when(rule)}</span>{' '}
                      <span className="pd-week__action">{t(rule.action === 'on' ? m.actionOn : m.actionOff)}</span>
                    </li>
                  ))}
                </ul>
              ) : (
                <span className="pd-week__none">{t(m.weekDayEmpty)}</span>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
