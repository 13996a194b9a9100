/** Edit Project (section 2.7): a prefilled form; kept and new files; PATCH multipart. */

import type { ApiUser, Project, ProjectAttachment, RemoteProps } from '@buildbid/api-client';
import {
  COUNTRIES,
  EDIT_FORM_CATEGORIES,
  PHASE_GROUPS,
  PROJECT_TYPES,
  SERVICE_TYPES,
} from '@buildbid/domain/catalog';
import { isEditable } from '@buildbid/domain/project';
import {
  fieldsOf,
  platformDate,
  SelectInput,
  Spinner,
  TextAreaInput,
  TextInput,
  toAmount,
  useLoad,
} from '@buildbid/ui';
import { useEffect, useState } from 'react';
import { Button, Link } from 'react-aria-components';
import { getProject, updateProject } from '../api.ts';
import { FileIcon, FilePicker } from '../components/FilePicker.tsx';
import { BudgetFields, CheckboxGrid, FormSection, ProjectForm } from '../components/ProjectForm.tsx';
import { TagInput } from '../components/TagInput.tsx';
import { useProjectSend } from '../components/UploadProgress.tsx';
import { earliestDeadlineDay } from '../dates.ts';
import { dateValue, servicePhasesFor } from '../post-payload.ts';
import { fileKind } from '../rules.ts';
import { attachmentUrl, ProjectImage, ProjectNotFound } from './ProjectDetailPage.tsx';

/**
 * The deadline picker's first day (decision 0197): the person's today, or Nassau's when later; but never
 * after the stored deadline's own day, so saving the form unchanged is never refused by the picker.
 */
export function deadlineMin(stored: string, now: Date = new Date(), timeZone?: string): string {
  const earliest = earliestDeadlineDay(now, timeZone);
  return stored && stored < earliest ? stored : earliest;
}

export interface EditFormState {
  title: string;
  description: string;
  category: string;
  projectType: string;
  country: string;
  deadline: string;
  budgetMin: number | null;
  budgetMax: number | null;
  phases: string[];
  services: string[];
  tags: string[];
  keep: ProjectAttachment[];
}

/** The stored deadline's day in Nassau: saving the form unchanged sends the same day back. */
function toDateInput(iso: string | null): string {
  return iso ? platformDate(iso) : '';
}

export function editFormFrom(p: Project): EditFormState {
  return {
    title: p.title,
    description: p.description,
    category: p.category,
    projectType: p.projectType ?? '',
    country: p.country,
    deadline: toDateInput(p.deadline),
    budgetMin: toAmount(p.budgetMin),
    budgetMax: toAmount(p.budgetMax),
    phases: p.phases ?? [],
    services: p.services ?? [],
    tags: p.tags ?? [],
    keep: p.attachments ?? [],
  };
}

export function editPayload(f: EditFormState) {
  return {
    title: f.title.trim(),
    description: f.description.trim(),
    category: f.category,
    projectType: f.projectType || null,
    country: f.country,
    deadline: dateValue(f.deadline),
    budgetMin: f.budgetMin,
    budgetMax: f.budgetMax,
    phases: f.phases,
    services: f.services,
    servicePhases: servicePhasesFor(f.phases),
    tags: f.tags,
    attachments: f.keep.map((a) => a.name),
  };
}

const CATEGORY_OPTIONS = (current: string) => {
  const list: { value: string; label: string }[] = EDIT_FORM_CATEGORIES.map((c) => ({ ...c }));
  if (current && !list.some((c) => c.value === current)) list.unshift({ value: current, label: current });
  return list;
};
const TYPE_OPTIONS = PROJECT_TYPES.map((t) => ({ ...t }));
const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({
  value: c.code,
  label: `${c.flag} ${c.name}`,
  textValue: c.name,
}));
const PHASE_OPTIONS = PHASE_GROUPS.map((g) => ({ value: g.value, label: g.label }));

/** The services offered: the catalogue's, then any phase service the project has that the catalogue lacks. */
function serviceOptions(chosen: readonly string[]) {
  return [
    ...SERVICE_TYPES.map((s) => ({ value: s.id, label: s.name })),
    ...PHASE_GROUPS.flatMap((g) => g.services).filter(
      (s) => chosen.includes(s.value) && !SERVICE_TYPES.some((t) => t.id === s.value),
    ),
  ];
}

type Props = RemoteProps & { user: ApiUser; id: string };

export function EditProjectPage({ id, toast, navigate, user }: Props) {
  const { state } = useLoad<Project | null>(id, () => getProject(id));
  const [form, setForm] = useState<EditFormState | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const sending = useProjectSend({ toast, navigate }, 'Nothing was saved. Your changes are still here.');

  useEffect(() => {
    if (state.status === 'ready' && state.data) setForm(editFormFrom(state.data));
  }, [state]);

  if (state.status === 'loading' || (state.status === 'ready' && state.data && !form)) {
    return <Spinner />;
  }
  if (!state.data || !form) {
    return (
      <ProjectNotFound>
        <Button className="btn btn-primary" onPress={() => navigate('/')}>
          Go to Dashboard
        </Button>
      </ProjectNotFound>
    );
  }

  const back = `/projects/${id}`;
  // Only the owner edits, and only while the project is active and not yet awarded: the API refuses
  // anything else, so nobody else is shown a form whose save would fail.
  const project = state.data;
  if (project.clientId !== user.id || !isEditable(project)) {
    const owner = project.clientId === user.id;
    return (
      <div className="card not-found-card" role="alert">
        <h1 className="page-title">
          {owner ? 'This project can no longer be edited' : 'You cannot edit this project'}
        </h1>
        <p className="muted">
          {owner
            ? 'A project can be edited only while it is active and not yet awarded.'
            : 'Only the project owner can edit this project.'}
        </p>
        <Link href={back} className="btn btn-primary">
          Back to the project
        </Link>
      </div>
    );
  }

  const set = (patch: Partial<EditFormState>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const field = fieldsOf(form, set);

  async function save(f: EditFormState) {
    const saved = await sending.send(files, (progress) => updateProject(id, editPayload(f), files, progress));
    if (!saved) return;
    toast({ title: 'Project Updated', description: 'Your project has been updated successfully.' });
    navigate(back);
  }

  return (
    <section className="edit-project">
      <div className="page-head">
        <div>
          <Link href={back} className="text-link back-link">
            ← Back to Project
          </Link>
          <h1 className="page-title">Edit Project</h1>
        </div>
      </div>
      <ProjectForm
        validationBehavior="native"
        onSubmit={() => save(form)}
        onCancel={() => navigate(back)}
        sending={sending}
        footerStart={<span />}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
      >
        <FormSection id="edit-basic" title="Basic Information">
          <TextInput label="Project Title" {...field('title')} isRequired />
          <TextAreaInput label="Description" {...field('description')} rows={6} isRequired />
          <div className="form-row">
            <SelectInput label="Category" {...field('category')} options={CATEGORY_OPTIONS(form.category)} />
            <SelectInput
              label="Project Type"
              {...field('projectType')}
              options={
                form.projectType && !TYPE_OPTIONS.some((t) => t.value === form.projectType)
                  ? [{ value: form.projectType, label: form.projectType.replace(/_/g, ' ') }, ...TYPE_OPTIONS]
                  : TYPE_OPTIONS
              }
            />
          </div>
        </FormSection>

        <FormSection id="edit-location" title="Location & Timeline">
          <div className="form-row">
            <SelectInput label="Location" {...field('country')} options={COUNTRY_OPTIONS} />
            <TextInput
              label="Deadline"
              {...field('deadline')}
              type="date"
              min={deadlineMin(toDateInput(project.deadline))}
            />
          </div>
        </FormSection>

        <FormSection id="edit-budget" title="Budget">
          <BudgetFields budgetMin={form.budgetMin} budgetMax={form.budgetMax} onChange={set} />
        </FormSection>

        <FormSection id="edit-services" title="Services Required">
          <CheckboxGrid
            label="Construction phases"
            value={form.phases}
            onChange={(phases) => set({ phases })}
            options={PHASE_OPTIONS}
          />
          <CheckboxGrid
            label="Services"
            value={form.services}
            onChange={(services) => set({ services })}
            options={serviceOptions(form.services)}
          />
        </FormSection>

        <FormSection id="edit-files" title="Files & Documents">
          {form.keep.length > 0 && (
            <ul className="existing-files" aria-label="Current files">
              {form.keep.map((a) => {
                const kind = fileKind(a.mimeType || a.name);
                return (
                  <li key={a.name} className="existing-file">
                    {kind === 'image' ? (
                      <ProjectImage src={attachmentUrl(a)} alt={a.originalName || a.name} className="thumb" />
                    ) : (
                      <FileIcon kind={kind} />
                    )}
                    <span className="file-name">{a.originalName || a.name}</span>
                    <Button
                      className="btn btn-ghost btn-small"
                      aria-label={`Remove ${a.originalName || a.name}`}
                      onPress={() => set({ keep: form.keep.filter((k) => k.name !== a.name) })}
                    >
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <FilePicker
            files={files}
            onChange={setFiles}
            existingCount={form.keep.length}
            editing
            toast={toast}
          />
        </FormSection>

        <FormSection id="edit-tags" title="Tags">
          <TagInput tags={form.tags} onChange={(tags) => set({ tags })} />
        </FormSection>
      </ProjectForm>
    </section>
  );
}
