import { type ReactNode, useEffect, useRef } from 'react';

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
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [focusKey]);
  return (
    <div ref={ref} className="alert alert-destructive" role="alert" tabIndex={-1}>
      {title && <p className="alert-title">{title}</p>}
      <div className="alert-text">{children}</div>
    </div>
  );
}
