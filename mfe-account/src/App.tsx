import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { Translations } from '@paddock/shared/i18n';
import { NotFound } from '@paddock/shared/ui';
import { commonTexts } from './common/messages';
import { SignIn } from './sign-in/SignIn';
import { signInTexts } from './sign-in/messages';
import './common/account.css';

/** The texts every page needs, added to the shell's IntlProvider. A constant, so the catalogues merge once. */
export const ACCOUNT_TRANSLATIONS = [commonTexts, signInTexts];

type Texts = Parameters<typeof Translations>[0]['translations'][number];

/**
 * A page loaded on first visit, with its own texts: sign-in must be usable within the JS budget of docs/architecture/README.md#budgets,
 * so the other pages and their four-language catalogues stay out of the first load.
 */
function lazyPage<M>(load: () => Promise<M>, pick: (module: M) => [ComponentType, Texts]) {
  return lazy(async () => {
    const [Page, texts] = pick(await load());
    const translations = [texts];
    const WithTexts = () => (
      <Translations translations={translations}>
        <Page />
      </Translations>
    );
    return { default: WithTexts };
  });
}

const CreateAccount = lazyPage(
  () => Promise.all([import('./create-account/CreateAccount'), import('./create-account/messages')]),
  ([page, texts]) => [page.CreateAccount, texts.createAccountTexts],
);
const VerifyAccount = lazyPage(
  () => Promise.all([import('./verify-account/VerifyAccount'), import('./verify-account/messages')]),
  ([page, texts]) => [page.VerifyAccount, texts.verifyAccountTexts],
);
const ResetPassword = lazyPage(
  () => Promise.all([import('./reset-password/ResetPassword'), import('./reset-password/messages')]),
  ([page, texts]) => [page.ResetPassword, texts.resetPasswordTexts],
);
const AccountSettings = lazyPage(
  () => Promise.all([import('./account/AccountSettings'), import('./account/messages')]),
  ([page, texts]) => [page.AccountSettings, texts.accountTexts],
);

/**
 * The account remote's `./App` (docs/architecture/README.md#composition-contract): /sign-in, /create-account, /verify-account, /reset-password and
 * /account, below wherever the shell mounts it. The shell provides the router, the session store, the locale and
 * the signed-in/signed-out guards.
 */
export default function App(_props: RemoteAppProps) {
  return (
    <Translations translations={ACCOUNT_TRANSLATIONS}>
      <Suspense fallback={null}>
        <Routes>
          <Route path="sign-in" element={<SignIn />} />
          <Route path="create-account" element={<CreateAccount />} />
          <Route path="verify-account" element={<VerifyAccount />} />
          <Route path="reset-password" element={<ResetPassword />} />
          <Route path="account" element={<AccountSettings />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </Translations>
  );
}
