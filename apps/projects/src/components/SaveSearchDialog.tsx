/**
 * 'Save this search' (decision 0133): names the browse page's current filters and text, and chooses how the
 * user hears of new projects that match them. Also renames a saved search.
 */
import type { SearchAlerts } from '@buildbid/api-client';
import { errorText, FormDialog, SelectInput, TextInput, useFields } from '@buildbid/ui';
import { useState } from 'react';

export const ALERT_OPTIONS: readonly { value: SearchAlerts; label: string }[] = [
  { value: 'instant', label: 'Right away' },
  { value: 'daily', label: 'Daily digest' },
  { value: 'off', label: 'No alerts' },
];

export function SaveSearchDialog({
  isOpen,
  onOpenChange,
  title,
  summary,
  initialName,
  initialAlerts = 'instant',
  submitLabel,
  onSubmit,
}: {
  isOpen: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  /** What the search finds, in words ('“kitchen” in Bahamas, any budget'). */
  summary: string;
  initialName: string;
  initialAlerts?: SearchAlerts;
  submitLabel: string;
  onSubmit(name: string, alerts: SearchAlerts): Promise<void>;
}) {
  const { values, field, setErrors } = useFields({ name: initialName });
  const [alerts, setAlerts] = useState<SearchAlerts>(initialAlerts);
  const [pending, setPending] = useState(false);

  async function submit() {
    setPending(true);
    setErrors({});
    try {
      await onSubmit(values.name, alerts);
      onOpenChange(false);
    } catch (e) {
      // The server's refusal shows under the name.
      setErrors({ name: errorText(e) });
    } finally {
      setPending(false);
    }
  }

  return (
    <FormDialog
      isOpen={isOpen}
      onOpenChange={onOpenChange}
      title={title}
      size="small"
      intro={<p className="muted">{summary}</p>}
      formClassName="stack"
      validationBehavior="native"
      onSubmit={submit}
      submitLabel={submitLabel}
      pendingLabel="Saving..."
      pending={pending}
      isSubmitDisabled={values.name.trim() === ''}
    >
      <TextInput label="Name" {...field('name')} isRequired maxLength={80} />
      <SelectInput
        label="Email alerts for new projects"
        name="alerts"
        value={alerts}
        onChange={(v) => setAlerts((v || 'instant') as SearchAlerts)}
        options={ALERT_OPTIONS}
      />
    </FormDialog>
  );
}
