// /admin/notices (docs/product/admin.md Notices): every notice in a table, and one form that writes a new notice or,
// after the copy icon of a row, changes that one (it keeps the row's Id); the close icon deletes after a confirmation.
import { useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import { adminApi, showToast, useLoaded } from '@paddock/shared/api';
import { NOTICE_TEXT_MAX_LENGTH, type Notice, type NoticeBody } from '@paddock/shared/contract';
import { useT } from '@paddock/shared/i18n';
import {
  Actions,
  Alert,
  Button,
  Card,
  Checkbox,
  ConfirmDialog,
  IconButton,
  LoadedView,
  Page,
  Table,
  useActionFailure,
  useFormErrors,
  type FieldErrors,
  icons,
} from '@paddock/shared/ui';
import { formatDateTime } from '../common/format';
import { adminCommonTexts } from '../common/messages';
import { TextAreaField } from '../common/TextArea';
import { adminNoticeTexts } from './messages';

const LANGUAGES = ['English', 'French', 'German', 'Swedish'] as const;
type Language = (typeof LANGUAGES)[number];
const LANGUAGE_TEXT = { English: 'english', French: 'french', German: 'german', Swedish: 'swedish' } as const;

export interface NoticeDraft {
  /** The notice being changed; absent: a new one. */
  Id?: string;
  UpdatedAt?: string;
  Public: boolean;
  English: string;
  French: string;
  German: string;
  Swedish: string;
}

export const EMPTY_DRAFT: NoticeDraft = { Public: false, English: '', French: '', German: '', Swedish: '' };

/** The form filled from a row (copy icon): its texts and its Id, so Save changes it. */
export function draftOf(notice: Notice): NoticeDraft {
  const { Id, UpdatedAt, Public, English, French, German, Swedish } = notice;
  return { Id, UpdatedAt, Public, English, French, German, Swedish };
}

export function noticeBody(draft: NoticeDraft): NoticeBody {
  return {
    ...(draft.Id ? { Id: draft.Id } : {}),
    Public: draft.Public,
    English: draft.English.trim(),
    French: draft.French.trim(),
    German: draft.German.trim(),
    Swedish: draft.Swedish.trim(),
  };
}

const short = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

export function Notices() {
  const t = useT();
  const intl = useIntl();
  const m = adminNoticeTexts.messages;
  const c = adminCommonTexts.messages;
  const { loaded, reload } = useLoaded(() => adminApi.notices({ silent: true }), []);
  const [draft, setDraft] = useState<NoticeDraft>(EMPTY_DRAFT);
  const [saving, setSaving] = useState(false);
  const [removing, setRemoving] = useState<Notice | null>(null);
  const [removeBusy, setRemoveBusy] = useState(false);
  const removeFailure = useActionFailure();
  const { formRef, show, clear, errors } = useFormErrors<Language>(LANGUAGES);

  const setText = (language: Language, value: string) => {
    setDraft((d) => ({ ...d, [language]: value }));
    clear(language);
  };

  const check = (): FieldErrors<Language> => {
    const found: FieldErrors<Language> = {};
    if (!draft.English.trim()) found.English = { message: m.englishRequired };
    for (const language of LANGUAGES) {
      if (draft[language].trim().length > NOTICE_TEXT_MAX_LENGTH)
        found[language] = { message: m.tooLong, values: { max: NOTICE_TEXT_MAX_LENGTH } };
    }
    return found;
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!show(check())) return;
    setSaving(true);
    try {
      await adminApi.saveNotice(noticeBody(draft));
      showToast({ kind: 'success', message: c.saved });
      setDraft(EMPTY_DRAFT);
      reload();
    } catch {
      // the shared failed-reply handler has shown why; the form keeps what was written
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setRemoveBusy(true);
    removeFailure.clear();
    try {
      await adminApi.deleteNotice(removing.Id, { silent: true });
      showToast({ kind: 'success', message: m.removed });
      // The form no longer edits a notice that is gone: what was written stays, as a new notice.
      if (draft.Id === removing.Id) setDraft((d) => ({ ...d, Id: undefined, UpdatedAt: undefined }));
      setRemoving(null);
      reload();
    } catch (error) {
      // Said in the dialog, which stays open to try again (docs/product/errors.md Dialogs).
      removeFailure.fail(error);
    } finally {
      setRemoveBusy(false);
    }
  };

  const editing = Boolean(draft.Id);
  return (
    <Page title={t(m.title)} back="/admin">
      <LoadedView loaded={loaded} failedText={(reason) => t(c.loadFailed, { reason })} retryLabel={t(c.retry)} onRetry={reload}>
        {(notices) =>
          notices.length === 0 ? (
            <p>{t(m.none)}</p>
          ) : (
            <Card>
              <Table<Notice>
                caption={t(m.list)}
                rows={notices}
                rowKey={(n) => n.Id}
                columns={[
                  {
                    key: 'texts',
                    header: t(m.texts),
                    cell: (n) => (
                      <dl className="pd-admin-notice-texts">
                        {LANGUAGES.filter((l) => n[l]).map((l) => (
                          <div key={l}>
                            <dt>{t(m[LANGUAGE_TEXT[l]])}</dt>
                            <dd>{n[l]}</dd>
                          </div>
                        ))}
                      </dl>
                    ),
                  },
                  { key: 'public', header: t(m.public), cell: (n) => t(n.Public ? c.yes : c.no) },
                  { key: 'updated', header: t(m.updated), cell: (n) => formatDateTime(n.UpdatedAt, intl.locale) },
                  {
                    key: 'actions',
                    header: t(m.actions),
                    hideHeader: true,
                    align: 'end',
                    cell: (n) => (
                      <>
                        <IconButton
                          icon={icons.edit}
                          label={t(m.edit, { text: short(n.English) })}
                          onClick={() => setDraft(draftOf(n))}
                        />
                        <IconButton icon={icons.close} label={t(m.remove, { text: short(n.English) })} onClick={() => setRemoving(n)} />
                      </>
                    ),
                  },
                ]}
              />
            </Card>
          )
        }
      </LoadedView>

      <Card aria-labelledby="pd-admin-notice-form">
        <h2 id="pd-admin-notice-form">
          {editing ? t(m.editing, { updated: formatDateTime(draft.UpdatedAt, intl.locale) }) : t(m.newNotice)}
        </h2>
        {editing ? <Alert kind="info">{t(m.editingHint)}</Alert> : null}
        <form ref={formRef} className="pd-form" noValidate onSubmit={(e) => void save(e)}>
          {LANGUAGES.map((language) => (
            <TextAreaField
              key={language}
              name={language}
              label={t(m[LANGUAGE_TEXT[language]])}
              rows={3}
              maxLength={NOTICE_TEXT_MAX_LENGTH}
              value={draft[language]}
              error={errors[language]}
              onChange={(e) => setText(language, e.target.value)}
            />
          ))}
          <Checkbox
            label={t(m.public)}
            hint={t(m.publicHint)}
            checked={draft.Public}
            onChange={(e) => setDraft((d) => ({ ...d, Public: e.target.checked }))}
          />
          <Actions>
            <Button type="submit" variant="primary" busy={saving}>
              {t(c.save)}
            </Button>
            <Button onClick={() => setDraft(EMPTY_DRAFT)}>{t(m.clear)}</Button>
          </Actions>
        </form>
      </Card>

      <ConfirmDialog
        open={removing !== null}
        title={t(m.removeTitle)}
        confirmLabel={t(m.removeDo)}
        danger
        busy={removeBusy}
        error={removeFailure.failure}
        onConfirm={() => void remove()}
        onCancel={() => {
          setRemoving(null);
          removeFailure.clear();
        }}
      >
        {removing ? <p>{removing.English}</p> : null}
      </ConfirmDialog>
    </Page>
  );
}
