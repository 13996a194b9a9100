/** Post a New Project (section 2.6): eight sections, query-string state, validation, multipart post. */

import { type RemoteProps, SubmissionKey } from '@buildbid/api-client';
import {
  BAHAMAS_ISLANDS,
  CONTRACTOR_NEEDS,
  findCountry,
  PHASE_GROUPS,
  POST_FORM_COUNTRY_CODES,
  PROJECT_CATEGORIES,
  PROJECT_STAGES,
  requiredUploadHints,
  servicesForPhase,
} from '@buildbid/domain/catalog';
import { fieldsOf, SelectInput, statusText, TextAreaInput, TextInput, ToggleSwitch } from '@buildbid/ui';
import { useEffect, useRef, useState } from 'react';
import { Button, FieldError, Label, Radio, RadioGroup } from 'react-aria-components';
import { createProject } from '../api.ts';
import { FilePicker } from '../components/FilePicker.tsx';
import { PhasesField } from '../components/PhasesField.tsx';
import { BudgetFields, CheckboxGrid, FormSection, ProjectForm } from '../components/ProjectForm.tsx';
import { TagInput } from '../components/TagInput.tsx';
import { TownField } from '../components/TownField.tsx';
import { useProjectSend } from '../components/UploadProgress.tsx';
import { earliestDeadlineDay } from '../dates.ts';
import { type PostFormState, serviceLabel, servicesAfterNeeds, toProjectData } from '../post-payload.ts';
import {
  LOGIN_REDIRECT_MS,
  LOGIN_URL,
  type PostField,
  readPostQuery,
  validatePostForm,
  writePostQuery,
} from '../rules.ts';

const COUNTRY_OPTIONS = POST_FORM_COUNTRY_CODES.map((code) => {
  const c = findCountry(code);
  return { value: code, label: c ? `${c.flag} ${c.name}` : code, textValue: c?.name ?? code };
});
const ISLAND_OPTIONS = BAHAMAS_ISLANDS.map((i) => ({ value: i.name, label: i.name }));
/** The catalogue's categories, as the edit form and the browse filter offer them (decision 0182). */
const CATEGORY_OPTIONS = PROJECT_CATEGORIES.map((c) => ({ value: c, label: c }));
const DEADLINE_FIELDS = [
  { name: 'bidDeadline', label: 'Bid Deadline', description: 'Leave blank for open bidding.' },
  { name: 'deadline', label: 'Project Deadline' },
] as const;

export function initialPostForm(search: string): PostFormState {
  const q = readPostQuery(search);
  const needs = q.needs.filter((n) => CONTRACTOR_NEEDS.some((c) => c.value === n));
  const phases = q.phases.filter((p) => PHASE_GROUPS.some((g) => g.value === p));
  const services = [...new Set(phases.flatMap((p) => servicesForPhase(p, needs).map((s) => s.value)))];
  return {
    title: '',
    description: '',
    category: '',
    projectStage: PROJECT_STAGES.some((s) => s.value === q.stage) ? q.stage : '',
    contractorNeeds: needs,
    phases,
    generalContractor: false,
    services,
    country: 'BS',
    island: '',
    city: '',
    location: '',
    budgetMin: null,
    budgetMax: null,
    bidDeadline: '',
    deadline: '',
    tags: [],
  };
}

/**
 * Auto-Fill and Test Submit are development tools: Rsbuild replaces NODE_ENV at build time, so a
 * production build carries neither the buttons nor this sample. What they post says it is test data.
 */
export function showsDebugTools(): boolean {
  return process.env.NODE_ENV !== 'production';
}

/**
 * The Auto-Fill sample, only in development (decision 0183): the condition is decided at build time, so a
 * production build never sees the import and ships no sample text (tests/e2e/projects-audit.spec.ts).
 */
function loadSample(): Promise<PostFormState> {
  return process.env.NODE_ENV !== 'production'
    ? import('../dev-sample.ts').then((m) => m.sampleForm())
    : Promise.reject(new Error('The sample is for development builds only'));
}

/** What a needs change did to the chosen services, so nothing disappears unseen. */
function servicesChangeText(dropped: readonly string[], restored: readonly string[]): string {
  const names = (ids: readonly string[]) => ids.map(serviceLabel).join(', ');
  const parts: string[] = [];
  if (dropped.length)
    parts.push(
      `Your contractor needs removed ${dropped.length === 1 ? '1 service' : `${dropped.length} services`}: ${names(dropped)}.`,
    );
  if (restored.length) parts.push(`Added back: ${names(restored)}.`);
  return parts.join(' ');
}

export function PostProjectPage({ user, search, navigate, toast }: RemoteProps) {
  const [form, setForm] = useState<PostFormState>(() => initialPostForm(search));
  const [files, setFiles] = useState<File[]>([]);
  const [servicesNotice, setServicesNotice] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PostField | 'city' | 'island', string>>>({});
  const sending = useProjectSend({ toast, navigate }, 'Nothing was posted. Your form is as you left it.', {
    unauthorizedText: 'Please log in again',
    describe: statusText,
  });

  // Not signed in: the form still renders, with a warning and the login endpoint after 1 s.
  useEffect(() => {
    if (user) return;
    toast({
      title: 'Authentication Required',
      description: 'Please log in to post a project',
      variant: 'destructive',
    });
    const t = setTimeout(() => navigate(LOGIN_URL), LOGIN_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [user, toast, navigate]);

  // Stage, phases and needs are written back to the query string as they change.
  const queryKey = writePostQuery(search, {
    stage: form.projectStage,
    phases: form.phases,
    needs: form.contractorNeeds,
  });
  useEffect(() => {
    if (queryKey !== search && !(queryKey === '' && search === '?')) {
      navigate(`/post-project${queryKey}`, { replace: true });
    }
  }, [queryKey, search, navigate]);

  const set = (patch: Partial<PostFormState>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) delete next[k as PostField];
      return next;
    });
  };

  const field = fieldsOf(form, set, errors);
  const hints = requiredUploadHints(form.projectStage, form.phases);

  const submissionKey = useRef(new SubmissionKey());

  async function submit(data: PostFormState) {
    const problems = validatePostForm(data);
    if (problems.length > 0) {
      setErrors(Object.fromEntries(problems.map((p) => [p.field, p.message])));
      toast({
        title: 'Please complete required fields',
        description: problems.map((p) => p.message).join('. '),
        variant: 'destructive',
      });
      return;
    }
    const created = await sending.send(
      files,
      (progress) => {
        const payload = toProjectData(data);
        // A retry of the same form after a lost answer gets the first project, not a second one.
        const idempotencyKey = submissionKey.current.for(
          JSON.stringify([payload, files.map((f) => [f.name, f.size, f.lastModified])]),
        );
        return createProject(payload, files, { ...progress, idempotencyKey });
      },
      (error) => {
        // A refused town or island shows under its field as well.
        const field = (error as { field?: unknown }).field;
        if (field === 'city' || field === 'island') {
          setErrors((e) => ({ ...e, [field]: (error as Error).message }));
        }
      },
    );
    if (!created) return;
    const id = created.value;
    submissionKey.current.renew();
    toast({ title: 'Success!', description: 'Your project has been posted successfully!' });
    navigate(id ? `/projects/${id}` : '/projects');
  }

  return (
    <section className="post-project">
      <h1 className="page-title">Post a New Project</h1>
      <p className="muted page-lead">Describe your project and receive competing bids from professionals.</p>
      {!user && (
        <div className="alert alert-destructive" role="alert">
          <p className="alert-title">Authentication Required</p>
          <p>Please log in to post a project</p>
        </div>
      )}
      <ProjectForm
        validationBehavior="aria"
        onSubmit={() => submit(form)}
        onCancel={() => navigate('/')}
        sending={sending}
        footerStart={
          showsDebugTools() && <DebugTools pending={sending.pending} onFill={setForm} onSubmit={submit} />
        }
        submitLabel="Post Project"
        pendingLabel="Posting..."
      >
        <FormSection id="post-section-1" n={1} title="Basic Information">
          <TextInput
            label="Project Title"
            {...field('title')}
            placeholder="e.g. Kitchen renovation in Nassau"
            isRequired
          />
          <TextAreaInput
            label="Description"
            {...field('description')}
            placeholder="Describe the work, the current state and what you expect from contractors."
            rows={6}
            isRequired
          />
          <SelectInput
            label="Category"
            {...field('category')}
            options={CATEGORY_OPTIONS}
            placeholder="Select a category"
            isRequired
          />
        </FormSection>

        <FormSection id="post-section-2" n={2} title="Project Stage">
          <RadioGroup
            className="choice-grid-group"
            name="projectStage"
            value={form.projectStage || null}
            onChange={(projectStage) => set({ projectStage })}
            isRequired
            isInvalid={Boolean(errors.projectStage)}
          >
            <Label className="field-label">Where is the project now?</Label>
            <div className="choice-grid">
              {PROJECT_STAGES.map((s) => (
                <Radio key={s.value} value={s.value} className="radio">
                  {s.label}
                </Radio>
              ))}
            </div>
            <div className="field-error-slot">
              <FieldError className="field-error">{errors.projectStage}</FieldError>
            </div>
          </RadioGroup>
        </FormSection>

        <FormSection id="post-section-3" n={3} title="Contractor needs">
          <CheckboxGrid
            label="What do you need from contractors?"
            name="contractorNeeds"
            value={form.contractorNeeds}
            onChange={(needs) => {
              const next = servicesAfterNeeds(form, form.contractorNeeds, needs);
              set({ contractorNeeds: needs, services: next.services });
              // A change that drops and restores nothing keeps the last notice in view.
              const notice = servicesChangeText(next.dropped, next.restored);
              if (notice) setServicesNotice(notice);
            }}
            options={CONTRACTOR_NEEDS}
            validation={{ error: errors.contractorNeeds }}
          />
        </FormSection>

        <FormSection id="post-section-4" n={4} title="Construction Phases">
          <PhasesField
            phases={form.phases}
            services={form.services}
            needs={form.contractorNeeds}
            notice={servicesNotice}
            error={errors.phases}
            onChange={set}
          />
          <ToggleSwitch
            isSelected={form.generalContractor}
            onChange={(generalContractor) => set({ generalContractor })}
          >
            I want a General Contractor to manage the whole project
          </ToggleSwitch>
        </FormSection>

        <FormSection id="post-section-5" n={5} title="Location">
          <div className="form-row">
            <SelectInput
              label="Country"
              name="country"
              value={form.country}
              onChange={(country) => set({ country, island: country === 'BS' ? form.island : '' })}
              options={COUNTRY_OPTIONS}
              isRequired
              error={errors.country}
            />
            {form.country === 'BS' ? (
              <SelectInput
                label="Island"
                name="island"
                value={form.island}
                onChange={(island) => set({ island })}
                options={ISLAND_OPTIONS}
                placeholder="Select an island"
              />
            ) : (
              <span />
            )}
          </div>
          <div className="form-row">
            <TownField
              country={form.country}
              island={form.island}
              value={form.city}
              onChange={(city) => set({ city })}
              error={errors.city}
            />
            <TextInput label="Address or area" {...field('location')} placeholder="e.g. Cable Beach" />
          </div>
        </FormSection>

        <FormSection id="post-section-6" n={6} title="Budget & Timeline">
          <p className="muted small">Leave the budget empty if it is negotiable.</p>
          <BudgetFields budgetMin={form.budgetMin} budgetMax={form.budgetMax} onChange={set} />
          <div className="form-row">
            {DEADLINE_FIELDS.map(({ name, ...input }) => (
              <TextInput key={name} {...input} {...field(name)} type="date" min={earliestDeadlineDay()} />
            ))}
          </div>
        </FormSection>

        <FormSection id="post-section-7" n={7} title="Documents & Images">
          {hints.length > 0 && (
            <div className="upload-hints">
              <p className="field-label">Recommended uploads for this stage:</p>
              <ul>
                {hints.map((h) => (
                  <li key={h} className="hint-required">
                    {h}
                  </li>
                ))}
              </ul>
            </div>
          )}
          <FilePicker files={files} onChange={setFiles} toast={toast} />
        </FormSection>

        <FormSection id="post-section-8" n={8} title="Tags">
          <TagInput tags={form.tags} onChange={(tags) => set({ tags })} />
        </FormSection>
      </ProjectForm>
    </section>
  );
}

/** Auto-Fill and Test Submit (development builds only): they fill the form with the sample, or post it. */
function DebugTools({
  pending,
  onFill,
  onSubmit,
}: {
  pending: boolean;
  onFill(form: PostFormState): void;
  onSubmit(form: PostFormState): Promise<void>;
}) {
  return (
    <fieldset className="debug-actions">
      <legend className="sr-only">Development tools: posts test data</legend>
      <Button className="btn btn-ghost btn-small" onPress={() => void loadSample().then(onFill)}>
        Auto-Fill
      </Button>
      <Button
        className="btn btn-ghost btn-small"
        isDisabled={pending}
        onPress={() =>
          void loadSample().then((sample) => {
            onFill(sample);
            return onSubmit(sample);
          })
        }
      >
        Test Submit
      </Button>
    </fieldset>
  );
}
