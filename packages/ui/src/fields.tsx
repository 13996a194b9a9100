/**
 * Labelled react-aria fields with the shell's classes. The error line under each field always
 * takes its space (no layout shift on blur that would swallow a click on Submit).
 */
import type { ReactNode } from 'react';
import {
  Button,
  FieldError,
  Input,
  type Key,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select,
  SelectValue,
  Switch,
  Text,
  TextArea,
  TextField,
} from 'react-aria-components';

function LabelRow({ label, isRequired }: { label: string; isRequired?: boolean | undefined }) {
  return (
    <div className="field-label-row">
      <Label className="field-label">{label}</Label>
      {isRequired && (
        <span className="field-required" aria-hidden="true">
          *
        </span>
      )}
    </div>
  );
}

/** The line under a field for its error: `error` when given, else the field's own validation message. */
function ErrorSlot({ error }: { error?: string | undefined }) {
  return (
    <div className="field-error-slot">
      <FieldError className="field-error">{error}</FieldError>
    </div>
  );
}

/** What every labelled text field takes. */
interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  isRequired?: boolean;
  placeholder?: string;
  /** Shown as invalid with this message (custom validation outside a Form's validationErrors). */
  error?: string | undefined;
}

interface TextProps extends TextFieldProps {
  description?: string;
  type?: 'text' | 'email' | 'date' | 'search' | 'number' | 'password';
  inputMode?: 'text' | 'decimal' | 'numeric';
  min?: string;
  max?: string;
  /** The server's length limit: the browser stops typing there. */
  maxLength?: number;
  autoComplete?: string;
  autoFocus?: boolean;
  className?: string;
  onKeyDown?: (event: React.KeyboardEvent<HTMLInputElement>) => void;
}

export function TextInput({
  label,
  isRequired,
  placeholder,
  description,
  type = 'text',
  inputMode,
  min,
  max,
  className,
  onKeyDown,
  error,
  ...props
}: TextProps) {
  return (
    <TextField
      className={className ? `field ${className}` : 'field'}
      isRequired={isRequired}
      type={type === 'number' ? 'text' : type}
      inputMode={inputMode}
      isInvalid={error ? true : undefined}
      {...props}
    >
      <LabelRow label={label} isRequired={isRequired} />
      <Input className="input" placeholder={placeholder} min={min} max={max} onKeyDown={onKeyDown} />
      {description && (
        <Text slot="description" className="muted small">
          {description}
        </Text>
      )}
      <ErrorSlot error={error} />
    </TextField>
  );
}

export function TextAreaInput({
  label,
  isRequired,
  placeholder,
  rows = 5,
  error,
  ...props
}: TextFieldProps & { rows?: number }) {
  return (
    <TextField className="field" isRequired={isRequired} isInvalid={error ? true : undefined} {...props}>
      <LabelRow label={label} isRequired={isRequired} />
      <TextArea className="input textarea" placeholder={placeholder} rows={rows} />
      <ErrorSlot error={error} />
    </TextField>
  );
}

export interface Choice {
  value: string;
  label: ReactNode;
  textValue?: string;
}

export function SelectInput({
  label,
  name,
  value,
  onChange,
  options,
  placeholder = 'Select...',
  isRequired,
  error,
  hideLabel,
  className,
}: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  options: readonly Choice[];
  placeholder?: string;
  isRequired?: boolean;
  error?: string | undefined;
  hideLabel?: boolean;
  className?: string;
}) {
  return (
    <Select
      className={className ? `field ${className}` : 'field'}
      name={name}
      value={value === '' ? null : value}
      onChange={(key: Key | null) => onChange(key === null ? '' : String(key))}
      isRequired={isRequired}
      isInvalid={error ? true : undefined}
      placeholder={placeholder}
    >
      {hideLabel ? (
        <Label className="sr-only">{label}</Label>
      ) : (
        <LabelRow label={label} isRequired={isRequired} />
      )}
      <Button className="select-button">
        <SelectValue />
        <span aria-hidden="true" className="chevron">
          ▾
        </span>
      </Button>
      {!hideLabel && <ErrorSlot error={error} />}
      <Popover className="popover">
        <ListBox className="listbox">
          {options.map((o) => (
            <ListBoxItem
              key={o.value}
              id={o.value}
              className="listbox-item"
              textValue={o.textValue ?? (typeof o.label === 'string' ? o.label : o.value)}
            >
              {o.label}
            </ListBoxItem>
          ))}
        </ListBox>
      </Popover>
    </Select>
  );
}

/**
 * An on/off switch: the track and thumb, then its label (`children`). `className` is added to 'switch';
 * with `description` the label is a name and a muted line under it.
 */
export function ToggleSwitch({
  isSelected,
  onChange,
  isDisabled,
  className,
  description,
  children,
}: {
  isSelected: boolean;
  onChange(on: boolean): void;
  isDisabled?: boolean;
  className?: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Switch
      className={className ? `switch ${className}` : 'switch'}
      isSelected={isSelected}
      onChange={onChange}
      {...(isDisabled !== undefined ? { isDisabled } : {})}
    >
      <span className="switch-track" aria-hidden="true">
        <span className="switch-thumb" />
      </span>
      {description === undefined ? (
        children
      ) : (
        <span className="service-text">
          <span className="service-name">{children}</span>
          <span className="muted small">{description}</span>
        </span>
      )}
    </Switch>
  );
}
