import { Route, Routes } from 'react-router-dom';
import type { RemoteAppProps } from '@paddock/shared/federation';
import { Translations } from '@paddock/shared/i18n';
import { AccountSettings } from './account/AccountSettings';
import { accountTexts } from './account/messages';
import { commonTexts } from './common/messages';
import { CreateAccount } from './create-account/CreateAccount';
import { createAccountTexts } from './create-account/messages';
import { NotFound } from './not-found/NotFound';
import { notFoundTexts } from './not-found/messages';
import { ResetPassword } from './reset-password/ResetPassword';
import { resetPasswordTexts } from './reset-password/messages';
import { SignIn } from './sign-in/SignIn';
import { signInTexts } from './sign-in/messages';
import { VerifyAccount } from './verify-account/VerifyAccount';
import { verifyAccountTexts } from './verify-account/messages';
import './common/account.css';

/** Every text of this remote, added to the shell's IntlProvider. A constant, so the catalogues merge once. */
export const ACCOUNT_TRANSLATIONS = [
  commonTexts,
  signInTexts,
  createAccountTexts,
  verifyAccountTexts,
  resetPasswordTexts,
  accountTexts,
  notFoundTexts,
];

/**
 * The account remote's `./App` (DESIGN §3): /sign-in, /create-account, /verify-account, /reset-password and
 * /account, below wherever the shell mounts it. The shell provides the router, the session store, the locale and
 * the signed-in/signed-out guards.
 */
export default function App(_props: RemoteAppProps) {
  return (
    <Translations translations={ACCOUNT_TRANSLATIONS}>
      <Routes>
        <Route path="sign-in" element={<SignIn />} />
        <Route path="create-account" element={<CreateAccount />} />
        <Route path="verify-account" element={<VerifyAccount />} />
        <Route path="reset-password" element={<ResetPassword />} />
        <Route path="account" element={<AccountSettings />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Translations>
  );
}
