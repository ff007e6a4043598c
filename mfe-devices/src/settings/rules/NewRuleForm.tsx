import type { KeyboardEvent, ReactNode, RefObject } from 'react';
import type { PowerAction } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, Select, icons } from '@paddock/shared/ui';
import { submitOnEnter } from './focus';
import { rulesTexts } from './messages';

const m = rulesTexts.messages;

interface NewRuleFormProps {
  formRef: RefObject<HTMLFieldSetElement | null>;
  /** The editor's own fields, shown before the action. */
  children: ReactNode;
  action: PowerAction;
  onActionChange: (action: PowerAction) => void;
  /** A problem with the rule as a whole (duplicate, too many …), shown after the action. */
  ruleError: string | null;
  addLabel: string;
  onAdd: () => void;
  /** The fields make a valid rule that has not been added yet. */
  pending: boolean;
  /** The status line's text (useRuleList). */
  announcement: string;
}

/** A rule editor's "New rule" fields with the action, the Add button and the notes that rules are saved with the page. */
export function NewRuleForm({
  formRef,
  children,
  action,
  onActionChange,
  ruleError,
  addLabel,
  onAdd,
  pending,
  announcement,
}: NewRuleFormProps) {
  const t = useT();
  return (
    <>
      <fieldset className="pd-rules__new" ref={formRef} onKeyDown={(e: KeyboardEvent) => submitOnEnter(e, onAdd)}>
        <legend className="pd-rules__new-title">{t(m.newRule)}</legend>
        {children}
        <Select
          label={t(m.actionLabel)}
          value={action}
          options={[
            { value: 'on', label: t(m.actionOn) },
            { value: 'off', label: t(m.actionOff) },
          ]}
          onChange={(e) => onActionChange(e.target.value === 'off' ? 'off' : 'on')}
        />
        {ruleError ? (
          <p className="pd-field__error" role="alert">
            {ruleError}
          </p>
        ) : null}
        <div className="pd-actions pd-rules__add">
          <Button icon={icons.addCircle} onClick={onAdd}>
            {addLabel}
          </Button>
        </div>
        {/* A complete rule that was not added would be lost on Save: say so before the user leaves it. */}
        {pending ? <p className="pd-rules__pending">{t(m.notAddedYet, { button: addLabel })}</p> : null}
      </fieldset>
      <p className="pd-field__hint">{t(m.savedOnSave)}</p>
      <p className="pd-visually-hidden" role="status">
        {announcement}
      </p>
    </>
  );
}
