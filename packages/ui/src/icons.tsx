import type { ReactNode } from 'react';

/**
 * A small inline icon drawn with strokes on a 24-unit grid (no emoji font needed); decorative, hidden from
 * assistive technology. `size` is its width and height in pixels.
 */
export function StrokeIcon({
  size = 16,
  className,
  children,
}: {
  size?: number;
  className?: string;
  children: ReactNode;
}) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export function PinIcon() {
  return (
    <StrokeIcon className="icon">
      <path d="M12 21s-7-6.2-7-11.5A7 7 0 0 1 19 9.5C19 14.8 12 21 12 21z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </StrokeIcon>
  );
}

export function MessageIcon() {
  return (
    <StrokeIcon className="icon">
      <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
    </StrokeIcon>
  );
}

export function ShareIcon() {
  return (
    <StrokeIcon className="icon">
      <circle cx="18" cy="5" r="3" />
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="19" r="3" />
      <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
    </StrokeIcon>
  );
}
