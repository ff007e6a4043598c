import type { ReactNode } from 'react';
import type { PowerAction } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Checkbox } from '@paddock/shared/ui';
import { SettingsSection } from '../Section';
import { NewRuleForm } from './NewRuleForm';
import { RuleList, useRuleList, type RuleKind } from './RuleList';
import { rulesTexts } from './messages';

type Rule = { action: PowerAction; days: readonly number[] };

/** A rule editor's texts: the section title, its switch, the list's name, the empty note and the Add button. */
export interface RulesTexts {
  title: string;
  enabled: string;
  rules: string;
  empty: string;
  add: string;
}

/** The new rule as the editor's fields make it. */
export interface NewRule<R extends Rule> {
  action: PowerAction;
  onActionChange: (action: PowerAction) => void;
  /** The rule the fields make, or null (the editor then shows its errors); the editor clears what it must after an add. */
  take: () => R | null;
  /** A problem with the rule as a whole (duplicate, too many …). */
  error: string | null;
  /** The fields make a valid rule that has not been added yet. */
  pending: boolean;
}

interface RulesSectionProps<R extends Rule, D extends { enabled: boolean; rules: R[] }> {
  value: D;
  onChange: (value: D) => void;
  kind: RuleKind<R>;
  texts: RulesTexts;
  /** A note under the switch (the timer's time zone). */
  note?: ReactNode;
  /** An overview of the rules above their list (the timer's week view). */
  overview?: ReactNode;
  /** The new rule's fields (the editor's own, shown before the action). */
  children: ReactNode;
  newRule: NewRule<R>;
}

/**
 * One rule editor's section, the same for timer and thermostat (docs/product/screens.md, docs/product/states.md):
 * the switch, the rules in list order with remove buttons, and the new-rule fields with the action and Add.
 * Rules are added and removed here and saved with the page.
 */
export function RulesSection<R extends Rule, D extends { enabled: boolean; rules: R[] }>(props: RulesSectionProps<R, D>) {
  const { value, onChange, kind, texts, newRule } = props;
  const t = useT();
  const list = useRuleList(value, onChange, kind.compare, kind.describe);
  const add = () => {
    const rule = newRule.take();
    if (rule) list.add(rule);
  };
  return (
    <SettingsSection title={texts.title}>
      <Checkbox
        role="switch"
        label={texts.enabled}
        checked={value.enabled}
        // Adding a rule leaves the switch as it is (the farmer may be preparing them): say that they wait for it.
        hint={!value.enabled && value.rules.length > 0 ? t(rulesTexts.messages.rulesOff, { switch: texts.enabled }) : undefined}
        onChange={(e) => onChange({ ...value, enabled: e.target.checked })}
      />
      {props.note}
      {props.overview}
      <RuleList rules={value.rules} listRef={list.listRef} label={texts.rules} empty={texts.empty} kind={kind} onRemove={list.remove} />
      <NewRuleForm
        formRef={list.newRuleRef}
        action={newRule.action}
        onActionChange={newRule.onActionChange}
        ruleError={newRule.error}
        addLabel={texts.add}
        onAdd={add}
        pending={newRule.pending}
        announcement={list.announcement}
      >
        {props.children}
      </NewRuleForm>
    </SettingsSection>
  );
}
