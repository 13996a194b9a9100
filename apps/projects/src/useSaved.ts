/**
 * The caller's saved projects for the cards' Save / Unsave buttons (decision 0120): loaded once per page
 * from GET /api/users/me/saved-projects (the list pages are shared by every caller and carry no
 * per-user flag), then kept in step with each save and unsave.
 */
import type { RemoteProps } from '@buildbid/api-client';
import { reportFailure } from '@buildbid/ui';
import { useCallback, useEffect, useState } from 'react';
import { listSavedProjects, saveProject, unsaveProject } from './api.ts';

export function useSavedProjects(props: Pick<RemoteProps, 'toast' | 'navigate'>) {
  const [saved, setSaved] = useState<ReadonlySet<string> | null>(null);

  useEffect(() => {
    let live = true;
    listSavedProjects()
      .then((projects) => {
        if (live) setSaved(new Set(projects.map((p) => p.id)));
      })
      .catch(() => {
        if (live) setSaved(new Set());
      });
    return () => {
      live = false;
    };
  }, []);

  const toggle = useCallback(
    async (project: { id: string; title: string }) => {
      const was = saved?.has(project.id) ?? false;
      try {
        const state = was ? await unsaveProject(project.id) : await saveProject(project.id);
        setSaved((current) => {
          const next = new Set(current ?? []);
          if (state.saved) next.add(project.id);
          else next.delete(project.id);
          return next;
        });
        props.toast({ title: state.saved ? 'Project saved' : 'Project removed from saved' });
      } catch (error) {
        reportFailure(error, props);
      }
    },
    [saved, props],
  );

  return { saved, toggle };
}
