import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useT } from '@paddock/shared/i18n';
import { IconButton, icons } from '@paddock/shared/ui';
import type { PowerAction } from '@paddock/shared/domain';
import { focusAfterRemoval } from './focus';
import { useRuleFormat } from './format';
import { rulesTexts } from './messages';

const m = rulesTexts.messages;

/**
 * What both rule editors do with their list: add a rule in list order, remove one, announce either in the status
 * line (`describe` names a rule in words), and move focus after a removal (refs for RuleList and NewRuleForm).
 */
export function useRuleList<R, D extends { rules: R[] }>(
  value: D,
  onChange: (value: D) => void,
  compare: (a: R, b: R) => number,
  describe: (rule: R) => string,
) {
  const t = useT();
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);
  const newRuleRef = useRef<HTMLFieldSetElement>(null);
  const removedAt = useRef<number | null>(null);

  useEffect(() => focusAfterRemoval(removedAt, listRef.current, newRuleRef.current), [value.rules]);

  return {
    listRef,
    newRuleRef,
    announcement,
    add: (rule: R) => {
      onChange({ ...value, rules: [...value.rules, rule].sort(compare) });
      setAnnouncement(t(m.ruleAdded, { rule: describe(rule) }));
    },
    remove: (index: number) => {
      const rule = value.rules[index];
      removedAt.current = index;
      onChange({ ...value, rules: value.rules.filter((_, i) => i !== index) });
      setAnnouncement(t(m.ruleRemoved, { rule: describe(rule) }));
    },
  };
}

/** How one kind of rule is ordered, keyed, shown (its trigger) and named in words. */
export interface RuleKind<R extends { action: PowerAction; days: readonly number[] }> {
  compare: (a: R, b: R) => number;
  keyOf: (rule: R) => string;
  when: (rule: R) => ReactNode;
  describe: (rule: R) => string;
}

interface RuleListProps<R extends { action: PowerAction; days: readonly number[] }> {
  rules: readonly R[];
  listRef: RefObject<HTMLUListElement | null>;
  label: string;
  empty: string;
  kind: RuleKind<R>;
  onRemove: (index: number) => void;
}

/** The saved rules, each with its trigger (a time, or above/below a temperature), action, days and a remove button; or a note that there are none. */
export function RuleList<R extends { action: PowerAction; days: readonly number[] }>({
  rules,
  listRef,
  label,
  empty,
  kind,
  onRemove,
}: RuleListProps<R>) {
  const t = useT();
  const format = useRuleFormat();
  if (!rules.length) return <p className="pd-rules__empty">{empty}</p>;
  return (
    <ul className="pd-rules__list" aria-label={label} ref={listRef}>
      {rules.map((rule, index) => (
        <li key={`${index} ${kind.keyOf(rule)}`} className="pd-rules__item">
          <span className="pd-rules__when">{kind.when(rule)}</span>
          <span className={`pd-rules__action pd-rules__action--${rule.action}`}>{format.action(rule.action)}</span>
          <span className="pd-rules__days-text">{format.days(rule.days)}</span>
          <IconButton icon={icons.close} label={t(m.removeRule, { rule: kind.describe(rule) })} onClick={() => onRemove(index)} />
        </li>
      ))}
    </ul>
  );
}
