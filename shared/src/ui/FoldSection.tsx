import { useId, type ReactNode, type Ref } from 'react';

export interface FoldSectionProps {
  title: ReactNode;
  children: ReactNode;
  /** Shown open at first (the default); the user folds and unfolds it. */
  defaultOpen?: boolean;
  className?: string;
  sectionRef?: Ref<HTMLElement>;
}

/**
 * A card whose body folds under its h2 (docs/product/screens.md: long settings pages fold by section), on the native
 * <details>/<summary>: keyboard and screen readers get the disclosure for free. The <section> stays a named region
 * whether open or folded.
 */
export function FoldSection({ title, children, defaultOpen = true, className, sectionRef }: FoldSectionProps) {
  const id = useId();
  return (
    <section ref={sectionRef} className={['pd-card', 'pd-fold', className].filter(Boolean).join(' ')} aria-labelledby={id}>
      <details className="pd-fold__details" open={defaultOpen}>
        <summary className="pd-fold__summary">
          <h2 id={id} className="pd-fold__title">
            {title}
          </h2>
        </summary>
        <div className="pd-fold__body">{children}</div>
      </details>
    </section>
  );
}

/** Opens every folded section in `root`, so a control with an error can be shown and focused. */
export function unfoldAll(root: ParentNode | null | undefined): void {
  root?.querySelectorAll('details.pd-fold__details').forEach((details) => {
    (details as HTMLDetailsElement).open = true;
  });
}
