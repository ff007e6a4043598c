import { useState } from 'react';
import { addTag, isSystemTag, TAG_MAX_LENGTH, toggleTag } from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Chip, ChipGroup, FoldSection, appName } from '@paddock/shared/ui';
import { AddField } from './AddField';
import { settingsTexts } from './messages';

const m = settingsTexts.messages;

export interface TagsEditorProps {
  /** The device's own tags (system tags already hidden). */
  tags: string[];
  /** Tags the user already uses on other devices, offered as chips to switch on. */
  known: readonly string[];
  onChange: (tags: string[]) => void;
}

/**
 * docs/product/states.md, docs/product/validation.md Tags: chips toggle a tag on or off this device; a new tag can be created (trimmed; a duplicate is
 * ignored with a note; system tags — product names and emails — are refused).
 */
export function TagsEditor({ tags, known, onChange }: TagsEditorProps) {
  const t = useT();
  const [input, setInput] = useState('');
  const [note, setNote] = useState<string | null>(null);
  // Chips stay when switched off, so a tag toggled off by mistake can be switched on again.
  const [offered, setOffered] = useState<string[]>(() => [...tags]);
  const chips = [...offered, ...known.filter((k) => !offered.includes(k)), ...tags.filter((tag) => !offered.includes(tag) && !known.includes(tag))];

  const add = () => {
    const tag = input.trim();
    if (!tag) return;
    const next = addTag(tags, tag);
    if (next.length > tags.length) {
      onChange(next);
      setOffered((o) => (o.includes(tag) ? o : [...o, tag]));
      setNote(null);
    } else if (tag.length > TAG_MAX_LENGTH) {
      setNote(t(m.tagTooLong, { max: TAG_MAX_LENGTH }));
      return;
    } else {
      setNote(t(isSystemTag(tag) ? m.tagReserved : m.tagExists, { tag, app: appName() }));
    }
    setInput('');
  };

  return (
    <FoldSection className="pd-settings__section" title={t(m.tagsHeading)}>
      {chips.length > 0 ? (
        <ChipGroup label={t(m.tagsGroup)}>
          {chips.map((tag) => (
            <Chip key={tag} pressed={tags.includes(tag)} onClick={() => onChange(toggleTag(tags, tag))}>
              {tag}
            </Chip>
          ))}
        </ChipGroup>
      ) : null}
      <AddField
        label={t(m.newTag)}
        hint={t(m.newTagHint)}
        name="newTag"
        value={input}
        onChange={(value) => {
          setInput(value);
          setNote(null);
        }}
        addLabel={t(m.addTag)}
        onAdd={add}
        note={note}
      />
    </FoldSection>
  );
}
