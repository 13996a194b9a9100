import { type ReactNode, useEffect, useRef } from 'react';

/** A ref that takes focus when its element appears and whenever `key` changes. */
function useFocus<E extends HTMLElement>(key?: unknown) {
  const ref = useRef<E>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}

/**
 * A destructive alert that takes focus when it appears or its `focusKey` changes, so keyboard and
 * screen-reader users land on the error.
 */
export function Alert({
  children,
  focusKey,
  title,
}: {
  children: ReactNode;
  focusKey?: number;
  title?: string;
}) {
  const ref = useFocus<HTMLDivElement>(focusKey);
  return (
    <div ref={ref} className="alert alert-destructive" role="alert" tabIndex={-1}>
      {title && <p className="alert-title">{title}</p>}
      <div className="alert-text">{children}</div>
    </div>
  );
}

/** A status line that takes focus when it appears, so keyboard and screen-reader users hear the outcome. */
export function Notice({ children }: { children: ReactNode }) {
  const ref = useFocus<HTMLParagraphElement>();
  return (
    <p ref={ref} className="auth-notice" role="status" tabIndex={-1}>
      {children}
    </p>
  );
}
