import { useEffect, useRef, useState } from 'react';
import {
  canRemoveAccess,
  checkEmail,
  inviteToDraft,
  normalizeEmail,
  removeFromDraft,
  toggleNotifyInDraft,
  type MetadataDraft,
} from '@paddock/shared/domain';
import { useT } from '@paddock/shared/i18n';
import { Button, Checkbox, FoldSection, Icon, IconButton, Table, type TableColumn, icons } from '@paddock/shared/ui';
import { AddField } from './AddField';
import { settingsTexts } from './messages';
import { OwnerOnlyNote } from './ownerChoices';

const m = settingsTexts.messages;

export interface SharingTableProps {
  draft: MetadataDraft;
  /** The device's owner (Metadata.OwnerEmail): starred, never removable. */
  ownerEmail: string;
  onChange: (draft: MetadataDraft) => void;
  /**
   * docs/product/roles.md "Alarms and sharing": sharing is the owner's. For anyone else (false) the table is read-only
   * with a note, and only their own bell (`userEmail`'s) stays clickable. Omitted: the owner's view.
   */
  isOwner?: boolean;
  userEmail?: string;
}

/**
 * docs/product/states.md Sharing: one row per email in Access; the bell toggles Notify; the close icon removes a row, except the
 * owner's, which shows a star. Invite adds the trimmed, lowercased email (duplicates are ignored, with a note). Something
 * that is not an e-mail address is not refused (docs/product/validation.md: no format check blocks an invite) but warned
 * about first, with "Add anyway"; it is never offered as the owner. The checkbox under the input (off until ticked, and
 * off again after each invite) puts the person invited into Notify too; saving mails them (devices/shareInvites.ts).
 */
export function SharingTable({ draft, ownerEmail, onChange, isOwner = true, userEmail }: SharingTableProps) {
  const t = useT();
  const [invite, setInvite] = useState('');
  const [note, setNote] = useState<string | null>(null);
  // The entry that is not an e-mail address, waiting for "Add anyway".
  const [unsure, setUnsure] = useState<string | null>(null);
  // Whether the next person invited gets the device's alarm notifications: a choice made for each, so off by default.
  const [notifyInvitee, setNotifyInvitee] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  const removedAt = useRef<number | null>(null);
  const notified = (email: string) => draft.Notify.some((n) => normalizeEmail(n) === normalizeEmail(email));

  // After a row's close icon disappeared, the focus goes to the close icon now in its place (or the last one), else
  // to the invite input, rather than falling back to the top of the page.
  useEffect(() => {
    if (removedAt.current === null) return;
    const index = removedAt.current;
    removedAt.current = null;
    const buttons = Array.from(sectionRef.current?.querySelectorAll<HTMLButtonElement>('button[data-remove]') ?? []);
    const target = buttons.length ? buttons[Math.min(index, buttons.length - 1)] : sectionRef.current?.querySelector<HTMLInputElement>('input[name="invite"]');
    target?.focus();
  }, [draft.Access]);

  const remove = (email: string) => {
    const removable = draft.Access.filter((a) => canRemoveAccess(a, ownerEmail));
    removedAt.current = removable.indexOf(email);
    onChange(removeFromDraft(draft, email, ownerEmail));
  };

  const doInvite = (anyway = false) => {
    const email = normalizeEmail(invite);
    if (!email) return;
    const next = inviteToDraft(draft, invite);
    if (!anyway && checkEmail(email) !== null && next.Access.length !== draft.Access.length) {
      setUnsure(email);
      setNote(null);
      return;
    }
    setUnsure(null);
    setNote(next.Access.length === draft.Access.length ? t(m.alreadyShared, { email }) : null);
    if (next.Access.length !== draft.Access.length) {
      onChange(notifyInvitee && !notified(email) ? toggleNotifyInDraft(next, email) : next);
      setNotifyInvitee(false);
    }
    setInvite('');
  };

  const columns: TableColumn<string>[] = [
    {
      key: 'email',
      header: t(m.columnEmail),
      cell: (email) =>
        canRemoveAccess(email, ownerEmail) ? (
          email
        ) : (
          <span className="pd-sharing__owner">
            <span>{email}</span>
            <span className="pd-sharing__star" title={t(m.owner)}>
              <Icon icon={icons.star} size={20} />
              <span className="pd-visually-hidden">{t(m.owner)}</span>
            </span>
          </span>
        ),
    },
    {
      key: 'notify',
      header: t(m.columnNotify),
      hideHeader: true,
      align: 'end',
      cell: (email) => (
        <IconButton
          icon={icons.notifications}
          label={t(m.notifyLabel, { email })}
          aria-pressed={notified(email)}
          disabled={!isOwner && !(userEmail && normalizeEmail(userEmail) === normalizeEmail(email))}
          className={notified(email) ? 'pd-sharing__bell pd-sharing__bell--on' : 'pd-sharing__bell'}
          onClick={() => onChange(toggleNotifyInDraft(draft, email))}
        />
      ),
    },
    {
      key: 'remove',
      header: t(m.columnRemove),
      hideHeader: true,
      align: 'end',
      cell: (email) =>
        isOwner && canRemoveAccess(email, ownerEmail) ? (
          <IconButton icon={icons.close} label={t(m.removeLabel, { email })} data-remove onClick={() => remove(email)} />
        ) : (
          // Keeps the column aligned: the owner's row has no close icon.
          <span className="pd-sharing__placeholder" aria-hidden="true" />
        ),
    },
  ];

  return (
    <FoldSection sectionRef={sectionRef} className="pd-settings__section" title={t(m.sharingHeading)}>
      <OwnerOnlyNote isOwner={isOwner} />
      <Table caption={t(m.sharingCaption)} hideCaption columns={columns} rows={draft.Access} rowKey={(email) => email} />
      {isOwner ? (
        <AddField
          label={t(m.inviteLabel)}
          hint={t(m.inviteHint)}
          type="email"
          name="invite"
          inputMode="email"
          value={invite}
          onChange={(value) => {
            setInvite(value);
            setNote(null);
            setUnsure(null);
          }}
          addLabel={t(m.invite)}
          onAdd={() => doInvite()}
          note={note}
        />
      ) : null}
      {isOwner ? (
        <Checkbox
          label={t(m.inviteNotify)}
          hint={t(m.inviteNotifyHint)}
          name="inviteNotify"
          checked={notifyInvitee}
          onChange={(event) => setNotifyInvitee(event.target.checked)}
        />
      ) : null}
      {unsure ? (
        <div className="pd-sharing__warning" role="alert">
          <p>{t(m.inviteNotEmail, { email: unsure })}</p>
          <Button onClick={() => doInvite(true)}>{t(m.inviteAnyway)}</Button>
        </div>
      ) : null}
    </FoldSection>
  );
}
