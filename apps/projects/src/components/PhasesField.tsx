/**
 * The post form's construction phases (section 4): choosing a phase adds its services, and each chosen
 * phase opens to fine-tune them; the summary says what will be posted and what a needs change did.
 */
import { PHASE_GROUPS, servicesForPhase } from '@buildbid/domain/catalog';
import { useState } from 'react';
import { Button, Checkbox, CheckboxGroup, FieldError, Label, Text } from 'react-aria-components';
import { serviceLabel, togglePhase } from '../post-payload.ts';

/** The services that will be posted, as the form will send them. */
function servicesSummaryText(services: readonly string[]): string {
  if (services.length === 0) return 'No services will be posted.';
  return `Services to be posted (${services.length}): ${services.map(serviceLabel).join(', ')}.`;
}

export function PhasesField({
  phases,
  services,
  needs,
  notice,
  error,
  onChange,
}: {
  phases: string[];
  services: string[];
  needs: string[];
  /** What the last needs change dropped or restored. */
  notice: string;
  error: string | undefined;
  onChange(patch: { phases?: string[]; services: string[] }): void;
}) {
  const [expanded, setExpanded] = useState<string[]>([]);
  return (
    <CheckboxGroup
      className="choice-grid-group"
      name="phases"
      value={phases}
      onChange={(chosen) => {
        let next = { phases, services };
        for (const p of chosen.filter((x) => !phases.includes(x)))
          next = togglePhase({ ...next, needs }, p, true);
        for (const p of phases.filter((x) => !chosen.includes(x))) {
          next = togglePhase({ ...next, needs }, p, false);
          setExpanded((e) => e.filter((x) => x !== p));
        }
        onChange({ phases: next.phases, services: next.services });
      }}
      isInvalid={Boolean(error)}
    >
      <Label className="field-label">Which phases does the work cover?</Label>
      <Text slot="description" className="muted small">
        Selecting a phase adds its services; open it to fine-tune them.
      </Text>
      <div className="services-summary" role="status">
        {notice && <p className="notice">{notice}</p>}
        <p className="muted small">{servicesSummaryText(services)}</p>
      </div>
      <div className="phase-list">
        {PHASE_GROUPS.map((g) => {
          const on = phases.includes(g.value);
          const open = on && expanded.includes(g.value);
          const visible = servicesForPhase(g.value, needs);
          return (
            <div key={g.value} className={on ? 'phase phase-on' : 'phase'}>
              <div className="phase-row">
                <Checkbox value={g.value} className="checkbox">
                  <span className="checkbox-box" aria-hidden="true" />
                  {g.label}
                </Checkbox>
                {on && (
                  <Button
                    className="btn btn-ghost btn-small"
                    aria-expanded={open}
                    aria-controls={`phase-${g.value}-services`}
                    onPress={() =>
                      setExpanded((e) => (open ? e.filter((x) => x !== g.value) : [...e, g.value]))
                    }
                  >
                    {open ? 'Hide services' : 'Fine-tune services'}
                  </Button>
                )}
              </div>
              {open && (
                <CheckboxGroup
                  id={`phase-${g.value}-services`}
                  className="phase-services"
                  aria-label={`${g.label} services`}
                  value={services.filter((x) => visible.some((v) => v.value === x))}
                  onChange={(chosen) => {
                    const own = new Set(visible.map((v) => v.value));
                    onChange({ services: [...services.filter((x) => !own.has(x)), ...chosen] });
                  }}
                >
                  {visible.map((s) => (
                    <Checkbox key={s.value} value={s.value} className="checkbox">
                      <span className="checkbox-box" aria-hidden="true" />
                      {s.label}
                    </Checkbox>
                  ))}
                  {visible.length === 0 && (
                    <p className="muted small">Your contractor needs hide every service of this phase.</p>
                  )}
                </CheckboxGroup>
              )}
            </div>
          );
        })}
      </div>
      <div className="field-error-slot">
        <FieldError className="field-error">{error}</FieldError>
      </div>
    </CheckboxGroup>
  );
}
