// The built-in payment portal as HTML (docs/product/billing.md), in the customer's language. Plain server-rendered
// markup: no script at all (the CSP allows none inline, server/src/http/securityHeaders.ts), one inline style block
// (allowed), every value escaped. Mobile first: one column, readable at 360 px.
import { formatMinorMoney, type Currency, type Locale } from '@paddock/shared/domain';
import type { InvoiceRow, PaymentMethodRow } from '../../db/schema';
import { translate, type MessageKey, type MessageValues } from '../../i18n/messages';
import { PORTAL_PATH } from './portalLink';
import type { CardProblem } from './testCards';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2a1f;background:#f5f7f2}
main{max-width:40rem;margin:0 auto;padding:1rem}
h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
section{background:#fff;border-radius:8px;padding:1rem;margin-bottom:1rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}
.note{font-size:.9rem;color:#4a5a4a}.notice{background:#e3f3e0;padding:.5rem .75rem;border-radius:6px}
.error{color:#a4161a;font-weight:600}label{display:block;margin:.75rem 0 .25rem;font-weight:600}
input{box-sizing:border-box;width:100%;padding:.6rem;font-size:1rem;border:1px solid #8a998a;border-radius:6px}
button,.back{display:inline-block;margin-top:1rem;padding:.6rem 1rem;font-size:1rem;border-radius:6px;border:0;
background:#2e6b30;color:#fff;text-decoration:none;cursor:pointer}.back{background:#fff;color:#2e6b30;border:1px solid #2e6b30}
ul{list-style:none;margin:0;padding:0}li{padding:.5rem 0;border-top:1px solid #e1e6e0;display:flex;flex-wrap:wrap;gap:.25rem 1rem;justify-content:space-between}
li:first-child{border-top:0}a{color:#2e6b30}
`;

export interface PortalView {
  locale: Locale;
  token: string;
  returnUrl: string;
  card: PaymentMethodRow | undefined;
  invoices: InvoiceRow[];
  /** Shown above the form: the card was saved. */
  saved?: boolean;
  /** What was wrong with the card form just sent. */
  problem?: CardProblem;
}

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale.slice(0, 2)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function renderPortalPage(view: PortalView): string {
  const t = (key: MessageKey, values?: MessageValues) => escape(translate(view.locale, key, values));
  // The one money format (docs/product/limits.md "Money", Amounts), as the app writes the same invoices.
  const money = (amount: number, currency: Currency) => escape(formatMinorMoney(view.locale, amount, currency));
  const date = (at: Date) => escape(new Intl.DateTimeFormat(view.locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(at));
  const token = encodeURIComponent(view.token);
  const { card } = view;

  const cardLine = card
    ? `<p>${t('portal_card', { brand: card.brand, last4: card.last4, expiry: `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}` })}</p>${
        card.declines ? `<p class="error">${t('portal_card_declines')}</p>` : ''
      }`
    : `<p>${t('portal_no_card')}</p>`;
  const invoiceList = view.invoices.length
    ? `<ul>${view.invoices
        .map(
          (invoice) =>
            `<li><span>${escape(invoice.number)} · ${date(invoice.createdAt)}</span><span>${escape(invoice.description)}</span><strong>${money(invoice.gross, invoice.currency)}</strong><a href="${PORTAL_PATH}/invoices/${encodeURIComponent(invoice.id)}/pdf?token=${token}">${t('portal_download_pdf')}</a></li>`,
        )
        .join('')}</ul>`
    : `<p>${t('portal_no_invoices')}</p>`;

  const body = `<h1>${t('portal_title')}</h1>
<p class="note">${t('portal_test_mode')}</p>
<section aria-labelledby="method"><h2 id="method">${t('portal_payment_method')}</h2>
${view.saved ? `<p class="notice" role="status">${t('portal_card_saved')}</p>` : ''}${cardLine}
<form method="post" action="${PORTAL_PATH}/payment-method" autocomplete="off">
<h2>${t(card ? 'portal_replace_card' : 'portal_add_card')}</h2>
${view.problem ? `<p class="error" role="alert">${t(view.problem)}</p>` : ''}
<input type="hidden" name="token" value="${escape(view.token)}">
<label for="number">${t('portal_card_number')}</label><input id="number" name="number" inputmode="numeric" maxlength="40" required>
<label for="expiry">${t('portal_card_expiry')}</label><input id="expiry" name="expiry" inputmode="numeric" maxlength="20" required>
<label for="cvc">${t('portal_card_cvc')}</label><input id="cvc" name="cvc" inputmode="numeric" maxlength="20" required>
<button type="submit">${t('portal_save_card')}</button>
</form></section>
<section aria-labelledby="invoices"><h2 id="invoices">${t('portal_invoices')}</h2>${invoiceList}</section>
<a class="back" href="${escape(view.returnUrl)}">${t('portal_back')}</a>`;
  return page(view.locale, translate(view.locale, 'portal_title'), body);
}

/** The page for a link that is tampered with, expired, or of an account that is gone. */
export function renderInvalidLinkPage(locale: Locale): string {
  return page(
    locale,
    translate(locale, 'portal_title'),
    `<h1>${escape(translate(locale, 'portal_title'))}</h1><p class="error">${escape(translate(locale, 'portal_link_invalid'))}</p>`,
  );
}
