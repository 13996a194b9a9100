import type { RemoteProps } from '@buildbid/api-client';
import { lazyPage, remoteApp } from '@buildbid/ui';
import { BrowsePage } from './pages/BrowsePage.tsx';
import '@buildbid/ui/shared.css';
import './projects.css';
import './project-form.css';

// Browse (/projects) is in the remote's first chunk; the other pages load when opened, so the list does
// not wait for the post form, the detail page or the saved lists.
const EditProjectPage = lazyPage(() => import('./pages/EditProjectPage.tsx'), 'EditProjectPage');
const PostProjectPage = lazyPage(() => import('./pages/PostProjectPage.tsx'), 'PostProjectPage');
const ProjectDetailPage = lazyPage(() => import('./pages/ProjectDetailPage.tsx'), 'ProjectDetailPage');
const SavedProjectsPage = lazyPage(() => import('./pages/SavedProjectsPage.tsx'), 'SavedProjectsPage');
const SavedSearchesPage = lazyPage(() => import('./pages/SavedSearchesPage.tsx'), 'SavedSearchesPage');

export type ProjectsRoute =
  | { page: 'browse' }
  | { page: 'post' }
  | { page: 'saved' }
  | { page: 'searches' }
  | { page: 'detail'; id: string }
  | { page: 'edit'; id: string };

/**
 * The projects remote's routes: /projects, /projects/{id}, /projects/{id}/edit, /post-project,
 * /saved-projects, /saved-searches.
 */
export function routeFor(path: string): ProjectsRoute {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (clean === '/post-project') return { page: 'post' };
  if (clean === '/saved-projects') return { page: 'saved' };
  if (clean === '/saved-searches') return { page: 'searches' };
  const edit = /^\/projects\/([^/]+)\/edit$/.exec(clean);
  if (edit?.[1]) return { page: 'edit', id: decodeURIComponent(edit[1]) };
  const detail = /^\/projects\/([^/]+)$/.exec(clean);
  if (detail?.[1]) return { page: 'detail', id: decodeURIComponent(detail[1]) };
  return { page: 'browse' };
}

/** The projects remote: browse, detail, edit and post. */
export default remoteApp(ProjectsPages);

function ProjectsPages(props: RemoteProps) {
  const route = routeFor(props.path);
  // The post form renders for visitors too (with a warning); the other pages need a user.
  if (route.page === 'post') return <PostProjectPage {...props} />;
  const { user } = props;
  if (!user) return null;
  switch (route.page) {
    case 'detail':
      return <ProjectDetailPage key={route.id} {...props} user={user} id={route.id} />;
    case 'saved':
      return <SavedProjectsPage {...props} user={user} />;
    case 'searches':
      return <SavedSearchesPage {...props} user={user} />;
    case 'edit':
      return <EditProjectPage key={route.id} {...props} user={user} id={route.id} />;
    default:
      return <BrowsePage {...props} user={user} />;
  }
}
