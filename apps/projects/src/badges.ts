/** Badges that would say the same thing twice are shown once (decision 0196). */
import { categoryLabel, phaseLabel, projectTypeLabel } from '@buildbid/ui';

/**
 * The project type's and the category's badges, each label once: a 'residential' project in the
 * Residential category shows one 'Residential'.
 */
export function typeAndCategory(
  projectType: string | null | undefined,
  category: string | null | undefined,
): string[] {
  const labels = [projectTypeLabel(projectType), category ? categoryLabel(category) : null];
  const seen = new Set<string>();
  return labels.filter((label): label is string => {
    if (!label) return false;
    const key = label.trim().toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The phase badge beside the status badge, unless it would repeat it: a completed project reads
 * 'Completed' once, not 'Completed Completed'.
 */
export function showsPhaseBadge(p: { status: string; currentPhase: string }): boolean {
  return phaseLabel(p.currentPhase).toLowerCase() !== p.status.replace(/_/g, ' ').toLowerCase();
}
