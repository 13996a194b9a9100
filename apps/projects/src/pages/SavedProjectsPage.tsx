/**
 * Saved Projects (/saved-projects, decision 0120): the projects the caller saved, newest save first, as the
 * same cards as Browse. Unsaving removes a card at once.
 */
import type { ApiUser, ProjectSummary, RemoteProps } from '@buildbid/api-client';
import { Busy, errorText, messageOwner, plural, useLoad } from '@buildbid/ui';
import { useState } from 'react';
import { listSavedProjects, unsaveProject } from '../api.ts';
import { ProjectCard, SkeletonCard } from '../components/ProjectCard.tsx';
import { shareProject } from '../share.ts';
import { SavedListState } from './SavedSearchesPage.tsx';

type Props = RemoteProps & { user: ApiUser };

export function SavedProjectsPage(props: Props) {
  const { user } = props;
  const saved = useLoad<ProjectSummary[]>('saved', () => listSavedProjects());
  const { state } = saved;
  const [removed, setRemoved] = useState<ReadonlySet<string>>(new Set());
  const projects = (state.data ?? []).filter((p) => !removed.has(p.id));

  async function unsave(project: ProjectSummary) {
    try {
      await unsaveProject(project.id);
      setRemoved((r) => new Set([...r, project.id]));
      props.toast({ title: 'Project removed from saved' });
    } catch (error) {
      props.toast({ title: 'Error', description: errorText(error), variant: 'destructive' });
    }
  }

  return (
    <div className="page stack">
      <div>
        <h1 className="page-title">Saved Projects</h1>
        {state.status === 'ready' && <p className="muted">{plural(projects.length, 'saved project')}</p>}
      </div>
      {state.status === 'loading' && (
        <Busy className="project-grid">
          <SkeletonCard />
          <SkeletonCard />
        </Busy>
      )}
      <SavedListState list="projects" load={saved} isEmpty={projects.length === 0} />
      {projects.length > 0 && (
        <div className="project-grid">
          {projects.map((p) => (
            <ProjectCard
              key={p.id}
              project={p}
              canBid={false}
              onBid={() => {}}
              onMessage={(project) => messageOwner(project, props)}
              onShare={(project) => void shareProject(project, props.toast)}
              viewerId={user.id}
              saved={true}
              onToggleSave={(project) => void unsave(project)}
            />
          ))}
        </div>
      )}
    </div>
  );
}
