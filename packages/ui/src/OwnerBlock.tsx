/**
 * The owner block of cards, the detail page and My Bids (decision 0122): the owner's real name, initials,
 * rating to one decimal with the review count, or 'No reviews yet', and for non-owners 'Contact Owner'.
 * And the card's thumbnails: the first three images (none without images), a grey placeholder only
 * where an image's thumbnail is missing or fails to load.
 */
import { useState } from 'react';
import { Button } from 'react-aria-components';
import { initials, ownerRatingText, personName } from './format.ts';

export interface Owner {
  id: string;
  firstName: string | null;
  lastName: string | null;
  rating: number;
  reviewCount: number;
}

export function OwnerBlock({
  owner,
  label,
  onContact,
}: {
  owner: Owner;
  /** A small caption above the name (e.g. 'Project Owner' on the detail page). */
  label?: string;
  /** Shown as 'Contact Owner' when given (never to the owner themself). */
  onContact?: () => void;
}) {
  const name = personName(owner, 'Project Owner');
  return (
    <div className="owner-block" data-testid="owner-block">
      <span className="avatar" aria-hidden="true">
        {initials(owner)}
      </span>
      <div className="owner-text">
        {label && <p className="muted small owner-caption">{label}</p>}
        <p className="owner-label">{name}</p>
        <p className="muted small owner-rating">{ownerRatingText(owner)}</p>
      </div>
      {onContact && (
        <Button className="btn btn-outline btn-sm" onPress={onContact}>
          Contact Owner
        </Button>
      )}
    </div>
  );
}

interface Attachment {
  name: string;
  mimeType: string;
  thumbnailUrl?: string | null;
}

/** How many images a card shows. */
const CARD_IMAGES = 3;

function Thumb({ url }: { url: string | null }) {
  const [failed, setFailed] = useState(false);
  if (!url || failed) return <span className="image-placeholder" data-testid="image-placeholder" />;
  return (
    <img
      className="project-thumb"
      src={url}
      alt=""
      loading="lazy"
      decoding="async"
      width={160}
      height={120}
      onError={() => setFailed(true)}
    />
  );
}

/**
 * The first three images' thumbnails, and nothing at all for a project without images (decision
 * 0196: the spec's three grey boxes were placeholder content). An image without a thumbnail,
 * or whose thumbnail fails to load, shows a grey placeholder in its place.
 */
export function ProjectThumbnails({ attachments }: { attachments: readonly Attachment[] }) {
  const urls = attachments
    .filter((a) => a.mimeType.startsWith('image/'))
    .slice(0, CARD_IMAGES)
    .map((a) => a.thumbnailUrl ?? null);
  if (urls.length === 0) return null;
  return (
    <div className="image-placeholders project-thumbs" aria-hidden="true">
      {urls.map((url, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: at most three fixed slots
        <Thumb key={i} url={url} />
      ))}
    </div>
  );
}
