import { FieldError, Input, Label, TextField } from 'react-aria-components';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'password';
  isRequired?: boolean;
  placeholder?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  /** The server's limit, so the browser stops typing there instead of the server refusing it. */
  maxLength?: number;
}

/**
 * A labelled text field. The required marker sits outside the <label> so the label text stays
 * exactly the field's name; the error line below always takes its space (no layout shift).
 */
export function Field({ label, isRequired, placeholder, maxLength, ...props }: FieldProps) {
  return (
    <TextField
      className="field"
      isRequired={isRequired}
      {...(maxLength !== undefined ? { maxLength } : {})}
      {...props}
    >
      <div className="field-label-row">
        <Label className="field-label">{label}</Label>
        {isRequired && (
          <span className="field-required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      <Input className="input" placeholder={placeholder} />
      <div className="field-error-slot">
        <FieldError className="field-error" />
      </div>
    </TextField>
  );
}
