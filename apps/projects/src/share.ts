/**
 * The project card's Share button (decision 0196): the project's link through the Web Share API
 * where the browser has it, otherwise copied to the clipboard with a toast saying so.
 */
import type { RemoteProps } from '@buildbid/api-client';

/** What sharing needs of the browser: navigator's share and clipboard, and the page's origin. */
export interface ShareHost {
  share?: (data: ShareData) => Promise<void>;
  clipboard?: Pick<Clipboard, 'writeText'>;
  origin: string;
}

function browserHost(): ShareHost {
  return {
    share: typeof navigator.share === 'function' ? (data) => navigator.share(data) : undefined,
    clipboard: navigator.clipboard,
    origin: window.location.origin,
  };
}

/** The project's absolute link, as it is shared. */
export function projectLink(id: string, origin: string): string {
  return new URL(`/projects/${encodeURIComponent(id)}`, origin).href;
}

/**
 * Shares the link. A share sheet the person closes is not a failure (nothing to say); a share sheet the
 * browser refuses (no user activation, unsupported data) falls back to the clipboard.
 */
export async function shareProject(
  project: { id: string; title: string },
  toast: RemoteProps['toast'],
  host: ShareHost = browserHost(),
): Promise<'shared' | 'copied' | 'cancelled' | 'failed'> {
  const url = projectLink(project.id, host.origin);
  if (host.share) {
    try {
      await host.share({ title: project.title, url });
      return 'shared';
    } catch (error) {
      if ((error as { name?: unknown } | null)?.name === 'AbortError') return 'cancelled';
    }
  }
  try {
    if (!host.clipboard) throw new Error('no clipboard');
    await host.clipboard.writeText(url);
  } catch {
    toast({
      title: "Couldn't copy the link",
      description: `Copy it from here: ${url}`,
      variant: 'destructive',
    });
    return 'failed';
  }
  toast({ title: 'Link copied', description: `The link to ${project.title} is on your clipboard.` });
  return 'copied';
}
