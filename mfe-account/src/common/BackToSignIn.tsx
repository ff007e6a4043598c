import { Link } from 'react-router-dom';
import { useT } from '@paddock/shared/i18n';
import { Actions } from '@paddock/shared/ui';
import { commonTexts } from './messages';
import { PATHS, withEmail } from './paths';

/** The way back to sign-in below a form, taking the e-mail typed so far along. */
export function BackToSignIn({ email }: { email: string }) {
  const t = useT();
  return (
    <Actions>
      <Link className="pd-btn pd-btn--ghost" to={withEmail(PATHS.signIn, email)}>
        {t(commonTexts.messages.backToSignIn)}
      </Link>
    </Actions>
  );
}
