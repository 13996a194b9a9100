/**
 * Paged lists (GET /api/projects, /api/users/me/projects): the total comes in X-Total-Count and
 * the next page's cursor in a `Link: <...?cursor=x>; rel="next"` header.
 */
export interface Page<T> {
  items: T[];
  /** From X-Total-Count; the page's length when the header is missing. */
  total: number;
  /** The cursor of the Link rel=next page, if any. */
  nextCursor: string | null;
}

/** The cursor of a `Link: <...?cursor=x>; rel="next"` header. */
export function nextCursorOf(link: string | null): string | null {
  if (!link) return null;
  for (const part of link.split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="?next"?/.exec(part);
    if (match?.[1]) return new URL(match[1], 'http://x').searchParams.get('cursor');
  }
  return null;
}

/** The page of `items` a response's headers describe. */
export function pageOf<T>(items: T[], response: Pick<Response, 'headers'>): Page<T> {
  const header = response.headers.get('x-total-count');
  const total = header === null ? Number.NaN : Number(header);
  return {
    items,
    total: Number.isFinite(total) ? total : items.length,
    nextCursor: nextCursorOf(response.headers.get('link')),
  };
}
