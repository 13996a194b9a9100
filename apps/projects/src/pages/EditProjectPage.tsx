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
  platformDate,
  reportFailure,
  SelectInput,
  Spinner,
  TextAreaInput,
  TextInput,
  toAmount,
  useLoad,
} from '@buildbid/ui';
import { useEffect, useRef, useState } from 'react';
import { Button, Checkbox, CheckboxGroup, Label, Link } from 'react-aria-components';
import { getProject, updateProject } from '../api.ts';
import { FileIcon, FilePicker } from '../components/FilePicker.tsx';
import { BudgetFields, FormSection, ProjectForm } from '../components/ProjectForm.tsx';
import { TagInput } from '../components/TagInput.tsx';
import { isCancelled, useUpload } from '../components/UploadProgress.tsx';
import { earliestDeadlineDay } from '../dates.ts';
import { dateValue, servicePhasesFor } from '../post-payload.ts';
import { fileKind } from '../rules.ts';
import { attachmentUrl, ProjectImage } from './ProjectDetailPage.tsx';

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

type Props = RemoteProps & { user: ApiUser; id: string };

export function EditProjectPage({ id, toast, navigate, user }: Props) {
  const { state } = useLoad<Project | null>(id, () => getProject(id));
  const [form, setForm] = useState<EditFormState | null>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [pending, setPending] = useState(false);
  const upload = useUpload();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (state.status === 'ready' && state.data) setForm(editFormFrom(state.data));
  }, [state]);

  if (state.status === 'loading' || (state.status === 'ready' && state.data && !form)) {
    return <Spinner />;
  }
  if (!state.data || !form) {
    return (
      <div className="card not-found-card">
        <h1 className="page-title">Project Not Found</h1>
        <p className="muted">The project you're looking for doesn't exist.</p>
        <Button className="btn btn-primary" onPress={() => navigate('/')}>
          Go to Dashboard
        </Button>
      </div>
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

  async function save(f: EditFormState) {
    setPending(true);
    try {
      await updateProject(id, editPayload(f), files, files.length > 0 ? upload.start() : {});
    } catch (error) {
      setPending(false);
      upload.finish();
      if (isCancelled(error)) {
        toast({ title: 'Upload cancelled', description: 'Nothing was saved. Your changes are still here.' });
        return;
      }
      timer.current = reportFailure(error, { toast, navigate });
      return;
    }
    upload.finish();
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
        upload={upload}
        footerStart={<span />}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        pending={pending}
      >
        <FormSection id="edit-basic" title="Basic Information">
          <TextInput
            label="Project Title"
            name="title"
            value={form.title}
            onChange={(title) => set({ title })}
            isRequired
          />
          <TextAreaInput
            label="Description"
            name="description"
            value={form.description}
            onChange={(description) => set({ description })}
            rows={6}
            isRequired
          />
          <div className="form-row">
            <SelectInput
              label="Category"
              name="category"
              value={form.category}
              onChange={(category) => set({ category })}
              options={CATEGORY_OPTIONS(form.category)}
            />
            <SelectInput
              label="Project Type"
              name="projectType"
              value={form.projectType}
              onChange={(projectType) => set({ projectType })}
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
            <SelectInput
              label="Location"
              name="country"
              value={form.country}
              onChange={(country) => set({ country })}
              options={COUNTRY_OPTIONS}
            />
            <TextInput
              label="Deadline"
              name="deadline"
              type="date"
              min={deadlineMin(toDateInput(project.deadline))}
              value={form.deadline}
              onChange={(deadline) => set({ deadline })}
            />
          </div>
        </FormSection>

        <FormSection id="edit-budget" title="Budget">
          <BudgetFields budgetMin={form.budgetMin} budgetMax={form.budgetMax} onChange={set} />
        </FormSection>

        <FormSection id="edit-services" title="Services Required">
          <CheckboxGroup
            className="choice-grid-group"
            value={form.phases}
            onChange={(phases) => set({ phases })}
          >
            <Label className="field-label">Construction phases</Label>
            <div className="choice-grid">
              {PHASE_GROUPS.map((g) => (
                <Checkbox key={g.value} value={g.value} className="checkbox">
                  <span className="checkbox-box" aria-hidden="true" />
                  {g.label}
                </Checkbox>
              ))}
            </div>
          </CheckboxGroup>
          <CheckboxGroup
            className="choice-grid-group"
            value={form.services}
            onChange={(services) => set({ services })}
          >
            <Label className="field-label">Services</Label>
            <div className="choice-grid">
              {SERVICE_TYPES.map((s) => (
                <Checkbox key={s.id} value={s.id} className="checkbox">
                  <span className="checkbox-box" aria-hidden="true" />
                  {s.name}
                </Checkbox>
              ))}
              {PHASE_GROUPS.flatMap((g) => g.services)
                .filter(
                  (s) => form.services.includes(s.value) && !SERVICE_TYPES.some((t) => t.id === s.value),
                )
                .map((s) => (
                  <Checkbox key={s.value} value={s.value} className="checkbox">
                    <span className="checkbox-box" aria-hidden="true" />
                    {s.label}
                  </Checkbox>
                ))}
            </div>
          </CheckboxGroup>
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
