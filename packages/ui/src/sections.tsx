/**
 * The blocks the remotes' pages are made of: a card titled by its heading, and what a list shows while it
 * loads, when it failed to load, and when it is empty. The markup and classes are those of shared.css.
 */
import type { ReactNode } from 'react';
import { Button } from 'react-aria-components';

/**
 * A card named by its own heading (`aria-labelledby` the heading's `id`): `<section class="card …">`,
 * or an `<aside>`. `className` is added to 'card'; `titleClassName` replaces 'card-title'.
 */
export function TitledCard({
  id,
  title,
  as: Tag = 'section',
  className,
  titleClassName = 'card-title',
  busy,
  children,
}: {
  id: string;
  title: ReactNode;
  as?: 'section' | 'aside';
  className?: string;
  titleClassName?: string;
  /** Marks the card busy (`aria-busy`) while its content loads. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <Tag
      className={className ? `card ${className}` : 'card'}
      aria-labelledby={id}
      {...(busy === undefined ? {} : { 'aria-busy': busy })}
    >
      <h2 id={id} className={titleClassName}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}

/**
 * A region that is loading (`aria-busy`): `label` ('Loading projects') is announced, the placeholders
 * (`children`) are not.
 */
export function Busy({
  label,
  className,
  children,
}: {
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className} aria-busy="true">
      {label && (
        <span className="sr-only" role="status">
          {label}
        </span>
      )}
      {children}
    </div>
  );
}

/** A grey placeholder in the shape of what loads: one bar per line ('title', 'line', 'line short', 'block'). */
export function Skeleton({
  className,
  lines = [],
}: {
  className: string;
  lines?: ReadonlyArray<'title' | 'line' | 'line short' | 'block'>;
}) {
  return (
    <div className={className} aria-hidden="true">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines are a fixed picture that never reorders
        <div key={i} className={`skeleton skeleton-${line}`} />
      ))}
    </div>
  );
}

/**
 * What a list or page shows when it did not load (an alert): an optional heading, the reason, and
 * 'Try again'. `className` and `retryClassName` default to the empty-state card and a primary button.
 */
export function LoadFailed({
  title,
  heading: Heading = 'h2',
  className = 'card empty-state',
  retryClassName = 'btn btn-primary',
  onRetry,
  children,
}: {
  title?: string;
  heading?: 'h1' | 'h2';
  className?: string;
  retryClassName?: string;
  onRetry(): unknown;
  /** The reason, e.g. errorText(error). */
  children: ReactNode;
}) {
  return (
    <div className={className} role="alert">
      {title && <Heading className="card-title">{title}</Heading>}
      <p className="muted">{children}</p>
      <Button className={retryClassName} onPress={() => void onRetry()}>
        Try again
      </Button>
    </div>
  );
}

/** A list with nothing in it: the empty-state card, its title, then what to do (`children`). */
export function EmptyState({
  title,
  heading: Heading = 'h2',
  children,
}: {
  title: string;
  heading?: 'h2' | 'h3';
  children?: ReactNode;
}) {
  return (
    <div className="card empty-state">
      <Heading className="card-title">{title}</Heading>
      {children}
    </div>
  );
}
