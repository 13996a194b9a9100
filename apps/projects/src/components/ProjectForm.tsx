/**
 * The project form's frame and shared parts, used by Post a New Project and Edit Project: the form
 * with its card sections, the budget fields, the upload's progress, and the footer's Cancel and
 * Submit ('…ing' while pending). Each page brings its own sections and rules.
 */
import type { UploadProgress } from '@buildbid/api-client';
import { FormActions, SubmitForm, type SubmitProps } from '@buildbid/ui';
import type { ReactNode } from 'react';
import { FieldError, Input, Label, NumberField } from 'react-aria-components';
import { UploadProgressBar } from './UploadProgress.tsx';

export function ProjectForm({
  onSubmit,
  validationBehavior,
  onCancel,
  upload,
  footerStart,
  children,
  ...submit
}: SubmitProps & {
  onSubmit(): void | Promise<void>;
  validationBehavior: 'aria' | 'native';
  onCancel(): void;
  /** The upload under way (shown while pending) and how to cancel it. */
  upload: { progress: UploadProgress | null; cancel(): void };
  /** What the footer shows before the actions (the development tools, or a spacer). */
  footerStart?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SubmitForm className="post-form" validationBehavior={validationBehavior} onSubmit={onSubmit}>
      {children}
      {submit.pending && upload.progress && (
        <UploadProgressBar progress={upload.progress} onCancel={upload.cancel} />
      )}
      <div className="form-footer">
        {footerStart}
        <FormActions className="actions" onCancel={onCancel} cancelWhilePending {...submit} />
      </div>
    </SubmitForm>
  );
}

/** One card of the form, titled; `n` numbers it (the post form's eight steps). */
export function FormSection({
  id,
  n,
  title,
  children,
}: {
  id: string;
  n?: number;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="card form-section" aria-labelledby={id}>
      <h2 id={id} className="card-title">
        {n !== undefined && (
          <span className="section-number" aria-hidden="true">
            {n}
          </span>
        )}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The minimum and maximum budget side by side; empty is negotiable. */
export function BudgetFields({
  budgetMin,
  budgetMax,
  onChange,
}: {
  budgetMin: number | null;
  budgetMax: number | null;
  onChange(patch: { budgetMin?: number | null; budgetMax?: number | null }): void;
}) {
  return (
    <div className="form-row">
      <MoneyField
        label="Minimum Budget (USD)"
        name="budgetMin"
        value={budgetMin}
        onChange={(value) => onChange({ budgetMin: value })}
      />
      <MoneyField
        label="Maximum Budget (USD)"
        name="budgetMax"
        value={budgetMax}
        onChange={(value) => onChange({ budgetMax: value })}
      />
    </div>
  );
}

/** A USD amount; empty is null (negotiable). */
export function MoneyField({
  label,
  name,
  value,
  onChange,
}: {
  label: string;
  name: string;
  value: number | null;
  onChange(value: number | null): void;
}) {
  return (
    <NumberField
      className="field"
      name={name}
      value={value ?? Number.NaN}
      onChange={(v) => onChange(Number.isNaN(v) ? null : v)}
      minValue={0}
      formatOptions={{ style: 'currency', currency: 'USD', maximumFractionDigits: 2 }}
    >
      <Label className="field-label">{label}</Label>
      <Input className="input" placeholder="$0" />
      <div className="field-error-slot">
        <FieldError className="field-error" />
      </div>
    </NumberField>
  );
}
