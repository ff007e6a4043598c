import { useState } from 'react';
import { reportsApi, showToast, useLoaded } from '@paddock/shared/api';
import { REPORT_FREQUENCIES, type ReportFrequency } from '@paddock/shared/contract';
import { Translations, useT } from '@paddock/shared/i18n';
import { Alert, Card, LoadedView, failureReason } from '@paddock/shared/ui';
import { reportTexts } from './reportMessages';
import './emailReports.css';

const TRANSLATIONS = [reportTexts];
const m = reportTexts.messages;
const LABELS = { none: m.none, weekly: m.weekly, monthly: m.monthly } as const;
const SAVED = { none: m.savedNone, weekly: m.savedWeekly, monthly: m.savedMonthly } as const;

/**
 * /account "E-mail reports" (docs/product/reports.md): Off, Weekly or Monthly, saved as soon as it is chosen (one tap
 * on a phone), a toast when saved; on failure the choice goes back to what is stored and the reason is shown.
 */
export function EmailReports({ userId }: { userId: string }) {
  return (
    <Translations translations={TRANSLATIONS}>
      <EmailReportsSection userId={userId} />
    </Translations>
  );
}

function EmailReportsSection({ userId }: { userId: string }) {
  const t = useT();
  const { loaded, reload, replace } = useLoaded(() => reportsApi.get(userId, { silent: true }), [userId]);
  const [saving, setSaving] = useState<ReportFrequency | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  async function choose(frequency: ReportFrequency) {
    if (saving) return;
    setSaving(frequency);
    setFailure(null);
    try {
      const saved = await reportsApi.set(userId, frequency, { silent: true, background: true });
      replace(saved);
      showToast({ kind: 'success', text: t(SAVED[saved.Frequency]) });
    } catch (error) {
      setFailure(t(m.saveFailed, { reason: failureReason(error, t) }));
    } finally {
      setSaving(null);
    }
  }

  return (
    <Card>
      <section aria-labelledby="pd-email-reports-title">
        <h2 id="pd-email-reports-title" className="pd-account-section-title">
          {t(m.heading)}
        </h2>
        <p className="pd-account-intro">{t(m.intro)}</p>
        <LoadedView loaded={loaded} failedText={(reason) => t(m.loadFailed, { reason })} retryLabel={t(m.retry)} onRetry={reload}>
          {({ Frequency }) => {
            // While saving, the tapped choice shows; after a failure, the stored one again.
            const shown = saving ?? Frequency;
            return (
              <fieldset className="pd-email-reports" aria-busy={saving !== null}>
                <legend className="pd-email-reports-legend">{t(m.choice)}</legend>
                <div className="pd-email-reports-options">
                  {REPORT_FREQUENCIES.map((frequency) => (
                    <label key={frequency} className="pd-email-reports-option">
                      <input
                        type="radio"
                        name="pd-email-reports"
                        value={frequency}
                        checked={shown === frequency}
                        onChange={() => void choose(frequency)}
                      />
                      <span>{t(LABELS[frequency])}</span>
                    </label>
                  ))}
                </div>
                <p className="pd-account-intro">{t(m.when)}</p>
              </fieldset>
            );
          }}
        </LoadedView>
        {failure ? <Alert>{failure}</Alert> : null}
      </section>
    </Card>
  );
}
