import type { HTMLAttributes, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n/LocaleProvider';
import { IconButton } from './Button';
import { useLeave } from './LeaveGuard';
import { uiTexts } from './messages';
import * as icons from './icons';

/**
 * A card: a <section>, or an <article> for a self-contained item such as a device's card (`as="article"`): a section
 * may not take the article role (axe and Lighthouse `aria-allowed-role`, tests/e2e/accessibility.spec.ts).
 */
export function Card({
  as: Element = 'section',
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: 'section' | 'article'; children: ReactNode }) {
  return (
    <Element {...rest} className={['pd-card', className].filter(Boolean).join(' ')}>
      {children}
    </Element>
  );
}

export interface PageProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Where the back arrow goes; no arrow when absent. */
  back?: string;
  /** Controls beside the title (e.g. an add button). */
  actions?: ReactNode;
  /** Narrow pages are forms in one readable column. */
  narrow?: boolean;
  children?: ReactNode;
}

/** A screen: title (the page's one h1), optional subtitle, back arrow and actions. */
export function Page({ title, subtitle, back, actions, narrow, children }: PageProps) {
  const t = useT();
  const navigate = useNavigate();
  // The back arrow asks first on a page with unsaved changes.
  const leave = useLeave();
  return (
    <div className={['pd-page', narrow ? 'pd-page--narrow' : ''].join(' ')}>
      <header className="pd-page__header">
        {back ? <IconButton icon={icons.arrowBack} label={t(uiTexts.messages.back)} onClick={() => leave(() => navigate(back))} /> : null}
        <div className="pd-page__titles">
          <h1 className="pd-page__title">{title}</h1>
          {subtitle ? <p className="pd-page__subtitle">{subtitle}</p> : null}
        </div>
        {actions ? <div className="pd-page__actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}

/** A row of buttons at the end of a form or dialog. */
export function Actions({ children }: { children: ReactNode }) {
  return <div className="pd-actions">{children}</div>;
}
