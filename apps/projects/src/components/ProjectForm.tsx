/**
 * The project form's frame and shared parts, used by Post a New Project and Edit Project: the form with
 * its card sections, the budget fields, grids of checkboxes, the upload's progress (useProjectSend), and
 * the footer's Cancel and Submit ('…ing' while pending). Each page brings its own sections and rules.
 */
import { FormActions, SubmitForm, type SubmitProps } from '@buildbid/ui';
import type { ReactNode } from 'react';
import { Checkbox, CheckboxGroup, FieldError, Input, Label, NumberField } from 'react-aria-components';
import { UploadProgressBar, type useUpload } from './UploadProgress.tsx';

type Upload = ReturnType<typeof useUpload>;

export function ProjectForm({
  onSubmit,
  validationBehavior,
  onCancel,
  sending: { pending, upload },
  footerStart,
  children,
  ...submit
}: Omit<SubmitProps, 'pending'> & {
  onSubmit(): void | Promise<void>;
  validationBehavior: 'aria' | 'native';
  onCancel(): void;
  /** The send under way (useProjectSend): the upload's progress shows while pending. */
  sending: { pending: boolean; upload: Pick<Upload, 'progress' | 'cancel'> };
  /** What the footer shows before the actions (the development tools, or a spacer). */
  footerStart?: ReactNode;
  children: ReactNode;
}) {
  return (
    <SubmitForm className="post-form" validationBehavior={validationBehavior} onSubmit={onSubmit}>
      {children}
      {pending && upload.progress && (
        <UploadProgressBar progress={upload.progress} onCancel={upload.cancel} />
      )}
      <div className="form-footer">
        {footerStart}
        <FormActions
          className="actions"
          onCancel={onCancel}
          cancelWhilePending
          pending={pending}
          {...submit}
        />
      </div>
    </SubmitForm>
  );
}

/**
 * Choices ticked in a grid under their label. With `validation`, the grid is marked invalid while it has
 * an error, which shows in the error line under it.
 */
export function CheckboxGrid({
  label,
  name,
  value,
  onChange,
  options,
  validation,
}: {
  label: string;
  name?: string;
  value: string[];
  onChange(value: string[]): void;
  options: ReadonlyArray<{ value: string; label: string }>;
  validation?: { error: string | undefined };
}) {
  return (
    <CheckboxGroup
      className="choice-grid-group"
      name={name}
      value={value}
      onChange={onChange}
      {...(validation ? { isInvalid: Boolean(validation.error) } : {})}
    >
      <Label className="field-label">{label}</Label>
      <div className="choice-grid">
        {options.map((o) => (
          <Checkbox key={o.value} value={o.value} className="checkbox">
            <span className="checkbox-box" aria-hidden="true" />
            {o.label}
          </Checkbox>
        ))}
      </div>
      {validation && (
        <div className="field-error-slot">
          <FieldError className="field-error">{validation.error}</FieldError>
        </div>
      )}
    </CheckboxGroup>
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
function MoneyField({
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
